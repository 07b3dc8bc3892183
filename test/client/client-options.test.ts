/** Constructor options: baseUrl validation and normalization, numeric options, request shape. */
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, IntegrationPlatformClient, IntegrationPlatformError, normalizeBaseUrl } from "../../provider/client";
import { mcpServer, project } from "../support/payloads";
import { API_KEY, json, testClient, type TestServer, useTestServer } from "./helpers/server";

describe("baseUrl", () => {
  it("tolerates a trailing slash and keeps a base path", () => {
    expect(normalizeBaseUrl("https://api.example.com/")).toBe("https://api.example.com");
    expect(normalizeBaseUrl("https://api.example.com")).toBe("https://api.example.com");
    expect(normalizeBaseUrl("http://127.0.0.1:8080/prefix/")).toBe("http://127.0.0.1:8080/prefix");
  });

  it.each([
    ["", /baseUrl is required/],
    ["api.example.com", /absolute http\(s\) URL/],
    ["/api/v3", /absolute http\(s\) URL/],
    ["ftp://api.example.com", /http or https/],
    ["https://user:pass@api.example.com", /must not contain credentials/],
    ["https://api.example.com/?x=1", /query or fragment/],
  ])("refuses %j", (baseUrl, message) => {
    expect(() => new IntegrationPlatformClient({ baseUrl })).toThrow(IntegrationPlatformError);
    expect(() => new IntegrationPlatformClient({ baseUrl })).toThrow(message);
  });

  it("names where to set it", () => {
    expect(() => new IntegrationPlatformClient({ baseUrl: "" })).toThrow(/integration-platform:baseUrl.*INTEGRATION_PLATFORM_BASE_URL/);
  });
});

describe("numeric options", () => {
  it("defaults to 3 retries and 30 s", () => {
    const client = new IntegrationPlatformClient({ baseUrl: "https://api.example.com" });
    expect(client.maxRetries).toBe(DEFAULT_MAX_RETRIES);
    expect(client.maxRetries).toBe(3);
    expect(client.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    expect(client.timeoutMs).toBe(30_000);
  });

  it.each([{ maxRetries: -1 }, { maxRetries: 1.5 }, { timeoutMs: 0 }, { timeoutMs: Number.NaN }, { retryBaseDelayMs: -5 }])(
    "refuses %o",
    (options) => {
      expect(() => new IntegrationPlatformClient({ baseUrl: "https://api.example.com", ...options })).toThrow(IntegrationPlatformError);
    },
  );
});

describe("requests", () => {
  let server: TestServer;
  useTestServer((s) => (server = s));

  it("prefixes a base path and sends JSON bodies with content-type", async () => {
    server.fallback(json(200, mcpServer("srv_1")));
    const client = testClient(`${server.url}/gateway/`);

    await client.mcp.update("srv_1", { name: "new name" });

    const [req] = server.requests;
    expect(req!.method).toBe("PATCH");
    expect(req!.path).toBe("/gateway/api/v3/mcp/srv_1");
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req!.body)).toEqual({ name: "new name" });
  });

  it("sends exactly the fields given (no defaults filled in by the client)", async () => {
    server.fallback(json(201, { id: "p1", name: "proj" }));
    await testClient(server.url).projects.create({ name: "proj" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ name: "proj" });
  });

  it("sends {} for an omitted optional body and no body at all on GET", async () => {
    server.script(json(200, { id: "ca_1", status: "INITIATED", redirect_url: null }), json(200, project("p1")), json(200, { api_key: "new" }));
    const client = testClient(server.url);

    await client.connectedAccounts.refresh("ca_1");
    await client.projects.get("p1");
    await client.projects.regenerateApiKey("p1");

    expect(server.requests[0]!.body).toBe("{}");
    expect(server.requests[0]!.headers["content-type"]).toBe("application/json");
    expect(server.requests[1]!.body).toBe("");
    expect(server.requests[1]!.headers["content-type"]).toBeUndefined();
    expect(server.requests[2]!.body).toBe("");
  });

  it("reuses one keep-alive connection across calls and clients", async () => {
    server.fallback(json(200, mcpServer("srv_1")));
    const a = testClient(server.url);
    const b = new IntegrationPlatformClient({ baseUrl: server.url, apiKey: API_KEY });

    for (let i = 0; i < 3; i++) await a.mcp.get("srv_1");
    for (let i = 0; i < 3; i++) await b.mcp.get("srv_1");

    expect(server.requests).toHaveLength(6);
    // undici's pool may open a second socket while the first is being released; the
    // point is that sockets are reused, not opened per request.
    expect(server.connections()).toBeLessThanOrEqual(2);
  });
});
