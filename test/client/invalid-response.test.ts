/** Success bodies are parsed with the route's schema; a mismatch names the endpoint and the fields. */
import { describe, expect, it } from "vitest";
import { InvalidResponseError } from "../../provider/client";
import { mcpServer } from "../support/payloads";
import { json, rejection, testClient, type TestServer, useTestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

describe("invalid responses", () => {
  it("names the endpoint in spec form and the field at fault", async () => {
    server.fallback(json(200, mcpServer("srv_1", { server_instance_count: "three" }), { "x-request-id": "req_9" }));
    const client = testClient(server.url);

    const err = await rejection(client.mcp.get("srv_1"));

    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err).toMatchObject({ endpoint: "GET /api/v3/mcp/{id}", path: "/api/v3/mcp/srv_1", status: 200, requestId: "req_9" });
    expect((err as InvalidResponseError).issues.map((i) => i.path)).toEqual(["server_instance_count"]);
    expect(err.message).toMatch(/^Invalid response from GET \/api\/v3\/mcp\/\{id\} \(status 200, request req_9\): server_instance_count: /);
  });

  it("names nested fields with their index, and every field at fault", async () => {
    const bad = { ...mcpServer("s2"), name: 42 };
    delete (bad as Record<string, unknown>).mcp_url;
    server.fallback(json(200, { items: [mcpServer("s1"), bad], current_page: 1, total_pages: 1 }));
    const client = testClient(server.url);

    const err = (await rejection(client.mcp.listByApp("github"))) as InvalidResponseError;

    expect(err.endpoint).toBe("GET /api/v3/mcp/app/{appKey}");
    expect(err.issues.map((i) => i.path).sort()).toEqual(["items[1].mcp_url", "items[1].name"]);
    expect(err.message).toContain("items[1].name: ");
    expect(err.message).toContain("items[1].mcp_url: ");
  });

  it("refuses a body that is not JSON", async () => {
    server.fallback((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
    const client = testClient(server.url);

    const err = await rejection(client.triggers.delete("ti_1"));

    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.message).toBe("Invalid response from DELETE /api/v3/trigger_instances/manage/{triggerId} (status 200): (root): the body is not JSON");
  });

  it("is not retried", async () => {
    server.fallback(json(200, { nope: true }));
    const client = testClient(server.url, { maxRetries: 3 });
    await rejection(client.config.get());
    expect(server.requests).toHaveLength(1);
  });

  it("lets unknown fields through and applies the schema's output", async () => {
    server.fallback(json(200, mcpServer("srv_1", { brand_new_field: { x: 1 } })));
    const client = testClient(server.url);

    const srv = await client.mcp.get("srv_1");

    expect(srv).toMatchObject({ id: "srv_1", brand_new_field: { x: 1 } });
  });
});
