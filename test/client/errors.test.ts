/** Mapping of error responses to typed errors, keeping the envelope's fields. */
import { describe, expect, it } from "vitest";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  IntegrationPlatformError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError
} from "../../provider/client";
import { envelope, json, rejection, testClient, type TestServer, useTestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

const cases: [number, typeof APIError][] = [
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [422, UnprocessableEntityError],
  [429, RateLimitError],
  [500, InternalServerError],
  [502, InternalServerError],
  [503, InternalServerError],
  [418, APIError],
];

describe("status → error class", () => {
  it.each(cases)("%i → %o, keeping every envelope field", async (status, ErrorClass) => {
    server.fallback(
      envelope(status, {
        message: `failure ${status}`,
        slug: `slug_${status}`,
        code: 1000 + status,
        request_id: `req_${status}`,
        suggested_fix: "do the other thing",
        errors: ["name: too short"],
      }),
    );
    const client = testClient(server.url, { maxRetries: 0 });

    const err = await rejection(client.mcp.update("srv 1", { name: "good name" }));

    expect(err).toBeInstanceOf(ErrorClass);
    expect(err).toBeInstanceOf(APIError);
    expect(err).toBeInstanceOf(IntegrationPlatformError);
    expect(err.name).toBe(ErrorClass.name);
    expect(err).toMatchObject({
      status,
      slug: `slug_${status}`,
      code: 1000 + status,
      requestId: `req_${status}`,
      suggestedFix: "do the other thing",
      errors: ["name: too short"],
      method: "PATCH",
      path: "/api/v3/mcp/srv%201",
      serverMessage: `failure ${status}`,
    });
  });
});

describe("message", () => {
  it("reads like `404 Not Found: message (slug, request). Fix: ...`", async () => {
    server.fallback(
      envelope(404, {
        message: 'MCP server "x" not found',
        slug: "mcp_server_not_found",
        request_id: "req_123",
        suggested_fix: "List servers with GET /api/v3/mcp/app/{appKey}.",
      }),
    );
    const client = testClient(server.url);

    const err = await rejection(client.mcp.get("x"));

    expect(err.message).toBe(
      '404 Not Found: MCP server "x" not found (slug mcp_server_not_found, request req_123). Fix: List servers with GET /api/v3/mcp/app/{appKey}.',
    );
  });

  it("lists validation errors", async () => {
    server.fallback(envelope(400, { message: "invalid body", slug: "validation_error", request_id: "r1", errors: ["name: too short", "limit: too big"] }));
    const client = testClient(server.url);
    const err = await rejection(client.mcp.update("x", { name: "abcd" }));
    expect(err.message).toBe("400 Bad Request: invalid body [name: too short; limit: too big] (slug validation_error, request r1)");
  });
});

describe("bodies that are not the envelope", () => {
  it("handles the empty object the spec allows for DELETE /mcp/{id}, taking the request id from the header", async () => {
    server.fallback(json(404, {}, { "x-request-id": "req_from_header" }));
    const client = testClient(server.url);

    const err = await rejection(client.mcp.delete("srv_1"));

    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, requestId: "req_from_header", slug: undefined, code: undefined, errors: [] });
    expect(err.message).toBe("404 Not Found: the server sent an empty error body (request req_from_header)");
  });

  it("prefers the body's request id over the header's", async () => {
    server.fallback(envelope(409, { request_id: "req_body" }, { "x-request-id": "req_header" }));
    const client = testClient(server.url);
    expect(await rejection(client.mcp.get("x"))).toMatchObject({ requestId: "req_body" });
  });

  it("keeps a plain-text body (a proxy's page) as the message", async () => {
    server.fallback((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html>Bad gateway</html>");
    });
    const client = testClient(server.url, { maxRetries: 0 });
    const err = await rejection(client.mcp.get("x"));
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.message).toBe("502 Bad Gateway: <html>Bad gateway</html>");
  });

  it("reads a partial envelope leniently", async () => {
    server.fallback(json(403, { error: { message: "wrong kind of key", slug: "forbidden" } }));
    const client = testClient(server.url);
    const err = await rejection(client.config.get());
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err).toMatchObject({ serverMessage: "wrong kind of key", slug: "forbidden", requestId: undefined });
  });

  it("copes with an empty body", async () => {
    server.fallback((_req, res) => {
      res.writeHead(401);
      res.end();
    });
    const client = testClient(server.url);
    const err = await rejection(client.session.info());
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.message).toBe("401 Unauthorized: the server sent no error details");
  });
});
