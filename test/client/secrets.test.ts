/** No API key appears in messages, toString, JSON or util.inspect — of the client, its areas or any error. */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  APIConnectionError,
  APIError,
  IntegrationPlatformClient,
  InvalidResponseError,
  MissingCredentialsError
} from "../../provider/client";
import { mcpServer } from "../support/payloads";
import { API_KEY, ORG_API_KEY, destroySocket, freePort, json, rejection, testClient, type TestServer, useTestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

/** Every way a value can end up in a log. */
function renderings(value: unknown): string[] {
  const out = [
    String(value),
    JSON.stringify(value) ?? "",
    inspect(value),
    inspect(value, { showHidden: true, depth: Infinity, getters: true }),
    inspect(value, { showHidden: true, depth: Infinity, customInspect: false }),
  ];
  if (value instanceof Error) {
    out.push(value.message, value.stack ?? "", JSON.stringify({ ...value }), inspect(value.cause, { depth: Infinity }));
  }
  return out;
}

function expectNoKey(value: unknown): void {
  for (const text of renderings(value)) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(ORG_API_KEY);
    // Not even a recognizable part of one.
    expect(text).not.toContain("SECRET");
  }
}

describe("the client", () => {
  it("shows no key in toString, JSON or inspect, but says which keys are set", () => {
    const client = testClient("https://api.example.com");

    expectNoKey(client);
    expect(String(client)).toBe("IntegrationPlatformClient(https://api.example.com)");
    expect(JSON.parse(JSON.stringify(client))).toMatchObject({ baseUrl: "https://api.example.com", apiKey: "[set]", orgApiKey: "[set]" });
    expect(inspect(client)).toContain("apiKey: '[set]'");
    expect(Object.values(client).some((v) => v === API_KEY || v === ORG_API_KEY)).toBe(false);
  });

  it("shows no key through its area objects", () => {
    const client = testClient("https://api.example.com");
    for (const area of [client.mcp, client.projects, client.session, client.triggers, client.config]) expectNoKey(area);
  });

  it("does send the keys (the checks above are not vacuous)", async () => {
    server.fallback(json(200, mcpServer("srv_1")));
    await testClient(server.url).mcp.get("srv_1");
    expect(server.requests[0]!.headers["x-api-key"]).toBe(API_KEY);
  });
});

describe("errors", () => {
  it("redacts keys a server echoes into any field of the error envelope", async () => {
    server.fallback(
      json(
        401,
        {
          error: {
            message: `invalid key ${API_KEY} (org ${ORG_API_KEY})`,
            code: 401,
            slug: `bad_${API_KEY}`,
            status: 401,
            request_id: `req_${API_KEY}`,
            suggested_fix: `replace ${API_KEY}`,
            errors: [`x-api-key: ${API_KEY} is revoked`],
          },
        },
        { "x-request-id": API_KEY },
      ),
    );
    const client = testClient(server.url);

    const err = await rejection(client.mcp.get("srv_1"));

    expect(err).toBeInstanceOf(APIError);
    expectNoKey(err);
    expect(err.message).toContain("invalid key [redacted] (org [redacted])");
    expect((err as APIError).errors).toEqual(["x-api-key: [redacted] is revoked"]);
    expect((err as APIError).suggestedFix).toBe("replace [redacted]");
  });

  it("redacts a key echoed as a plain-text body", async () => {
    server.fallback((_req, res) => {
      res.writeHead(400, { "content-type": "text/plain", "x-request-id": ORG_API_KEY });
      res.end(`bad header x-org-api-key: ${ORG_API_KEY}`);
    });
    const err = await rejection(testClient(server.url).projects.list());
    expectNoKey(err);
  });

  it("redacts a key that shows up in the field path of an invalid response", async () => {
    server.fallback(json(200, mcpServer("srv_1", { commands: { [API_KEY]: 42 } }), { "x-request-id": API_KEY }));
    const err = await rejection(testClient(server.url).mcp.get("srv_1"));
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.message).toContain("commands.[redacted]");
    expectNoKey(err);
  });

  it("keeps keys out of connection errors, timeouts and missing-key errors", async () => {
    server.fallback(destroySocket);
    const reset = await rejection(testClient(server.url, { maxRetries: 0 }).mcp.get("srv_1"));
    expect(reset).toBeInstanceOf(APIConnectionError);
    expectNoKey(reset);

    const refused = await rejection(testClient(`http://127.0.0.1:${await freePort()}`, { maxRetries: 0 }).config.get());
    expect(refused).toBeInstanceOf(APIConnectionError);
    expectNoKey(refused);

    server.fallback(() => undefined);
    const timeout = await rejection(testClient(server.url, { timeoutMs: 50, maxRetries: 0 }).config.get());
    expectNoKey(timeout);

    const missing = await rejection(new IntegrationPlatformClient({ baseUrl: server.url, apiKey: API_KEY }).projects.list());
    expect(missing).toBeInstanceOf(MissingCredentialsError);
    expectNoKey(missing);
  });

  it("can redact server text for callers that log it", () => {
    const client = testClient("https://api.example.com");
    expect(client.redact(`key=${API_KEY}; org=${ORG_API_KEY}`)).toBe("key=[redacted]; org=[redacted]");
  });
});
