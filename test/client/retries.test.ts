/** Retries: which failures are retried per route, how long the client waits, and what it raises when it gives up. */
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import {
  APIConnectionError,
  BadRequestError,
  InternalServerError,
  RETRY_POLICY,
  RateLimitError
} from "../../provider/client";
import { backoffDelay, retryAfterMs, shouldRetryStatus } from "../../provider/client/retry";
import { routes } from "../../api/routes";
import { mcpServer, sessionInfo } from "../support/payloads";
import { destroySocket, envelope, freePort, json, rejection, testClient, type TestServer, useTestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

const createBody = { name: "my server", auth_config_ids: ["ac_1"] };

describe("Retry-After", () => {
  it("waits the seconds a 429 asks for, then succeeds", async () => {
    server.script(envelope(429, { slug: "rate_limited" }, { "retry-after": "1" }), json(200, sessionInfo));
    const client = testClient(server.url, { retryBaseDelayMs: 1 });

    const info = await client.session.info();

    expect(info.project.id).toBe("prj_1");
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    // Backoff alone would wait ~1 ms; the server asked for a second.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  it("waits until the HTTP date a 503 names", async () => {
    let target = 0;
    server.script((req, res) => {
      // HTTP dates have whole seconds: the retry may come no earlier than the second named.
      const date = new Date(Date.now() + 1500);
      target = Math.floor(date.getTime() / 1000) * 1000;
      res.writeHead(503, { "content-type": "application/json", "retry-after": date.toUTCString() });
      res.end("{}");
    }, json(200, sessionInfo));
    const client = testClient(server.url);

    await client.session.info();

    expect(server.requests).toHaveLength(2);
    // Wall-clock time, as the header is: the retry arrived at or after the date asked for
    // (at least half a second after the first attempt, where backoff alone is ~1 ms).
    expect(server.requests[1]!.wall).toBeGreaterThanOrEqual(target - 2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(450);
  });

  it("caps a long Retry-After at retryMaxDelayMs", async () => {
    server.script(envelope(503, {}, { "retry-after": "3600" }), json(200, sessionInfo));
    const client = testClient(server.url, { retryMaxDelayMs: 50 });

    const started = performance.now();
    await client.session.info();

    expect(server.requests).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(45);
  });

  it("reads retry-after-ms, seconds and dates", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMs({ "retry-after-ms": "250" }, now)).toBe(250);
    expect(retryAfterMs({ "retry-after": "2" }, now)).toBe(2000);
    expect(retryAfterMs({ "retry-after": "Wed, 01 Jan 2025 00:00:03 GMT" }, now)).toBe(3000);
    expect(retryAfterMs({ "retry-after": "Tue, 31 Dec 2024 23:59:00 GMT" }, now)).toBe(0);
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(retryAfterMs({}, now)).toBeUndefined();
  });
});

describe("backoff", () => {
  it("doubles per retry with jitter in the upper half, capped", () => {
    expect(backoffDelay(0, 500, 60_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 60_000, () => 1)).toBe(500);
    expect(backoffDelay(2, 500, 60_000, () => 0.5)).toBe(1500);
    expect(backoffDelay(10, 500, 60_000, () => 1)).toBe(8_000);
    expect(backoffDelay(10, 500, 100, () => 1)).toBe(100);
  });
});

describe("status retries", () => {
  it("retries a 429 then succeeds", async () => {
    server.script(envelope(429), json(200, mcpServer("srv_1")));
    const client = testClient(server.url);

    const srv = await client.mcp.get("srv_1");

    expect(srv.id).toBe("srv_1");
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v3/mcp/srv_1", "GET /api/v3/mcp/srv_1"]);
  });

  it("gives up on 503 after maxRetries and raises InternalServerError with the request id", async () => {
    server.fallback(envelope(503, { message: "maintenance", request_id: "req_last" }));
    const client = testClient(server.url, { maxRetries: 3 });

    const err = await rejection(client.mcp.get("srv_1"));

    expect(err).toBeInstanceOf(InternalServerError);
    expect(err).toMatchObject({ status: 503, requestId: "req_last", method: "GET", path: "/api/v3/mcp/srv_1" });
    expect(server.requests).toHaveLength(4);
  });

  it("takes maxRetries per call", async () => {
    server.fallback(envelope(502));
    const client = testClient(server.url, { maxRetries: 3 });

    await rejection(client.mcp.get("srv_1", { maxRetries: 0 }));

    expect(server.requests).toHaveLength(1);
  });

  it("does not retry 4xx other than 408 and 429", async () => {
    server.fallback(envelope(400));
    const client = testClient(server.url);

    expect(await rejection(client.mcp.get("srv_1"))).toBeInstanceOf(BadRequestError);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a 408 on an idempotent route", async () => {
    server.script(envelope(408), json(200, mcpServer("srv_1")));
    const client = testClient(server.url);
    await client.mcp.get("srv_1");
    expect(server.requests).toHaveLength(2);
  });

  it("retries a create POST after a 500 with the same Idempotency-Key, so the platform runs it once", async () => {
    server.script(envelope(500), envelope(503), json(201, mcpServer("srv_new")));
    const client = testClient(server.url, { maxRetries: 2 });

    expect((await client.mcp.create(createBody)).id).toBe("srv_new");
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^idem_[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("sends a new Idempotency-Key for each call, or the caller's own", async () => {
    server.fallback(json(201, mcpServer("srv_new")));
    const client = testClient(server.url);
    await client.mcp.create(createBody);
    await client.mcp.create(createBody);
    await client.mcp.create(createBody, { idempotencyKey: "my-key-1" });
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe("my-key-1");
    // Reads and idempotent writes carry none.
    await client.mcp.get("srv_new");
    expect(server.requests[3]?.headers["idempotency-key"]).toBeUndefined();
  });

  it("does not retry a POST that must never run twice (execute_meta) after a 500", async () => {
    server.fallback(envelope(500));
    const client = testClient(server.url);

    expect(await rejection(client.toolRouter.executeMeta("trs_1", { slug: "PLATFORM_SEARCH_TOOLS" }))).toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers["idempotency-key"]).toBeUndefined();
  });

  it("retries a create POST after a 429: the server refused before acting", async () => {
    server.script(envelope(429), json(201, mcpServer("srv_new")));
    const client = testClient(server.url);

    const created = await client.mcp.create(createBody);

    expect(created.id).toBe("srv_new");
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(server.requests[1]!.body)).toEqual(createBody);
  });

  it("gives up on a create POST after repeated 429s with RateLimitError", async () => {
    server.fallback(envelope(429, { slug: "rate_limited" }));
    const client = testClient(server.url, { maxRetries: 1 });
    expect(await rejection(client.mcp.create(createBody))).toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(2);
  });

  it("retries an idempotent POST (generate URL) after a 503", async () => {
    server.script(envelope(503), json(200, { mcp_url: "https://mcp.example.com/x", connected_account_urls: [], user_ids_url: [] }));
    const client = testClient(server.url);

    await client.mcp.generateUrl({ mcp_server_id: "srv_1" });

    expect(server.requests).toHaveLength(2);
  });

  it("classifies every route, and only reads, PATCH, DELETE and idempotent POSTs as idempotent", () => {
    expect(Object.keys(RETRY_POLICY).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, policy] of Object.entries(RETRY_POLICY)) {
      const route = routes[name as keyof typeof routes];
      if (route.method !== "POST") expect(policy, name).toBe("idempotent");
    }
    const routesOf = (cls: string) => Object.entries(RETRY_POLICY).filter(([, p]) => p === cls).map(([n]) => n).sort();
    expect(routesOf("keyed")).toEqual([
      "createAuthConfig",
      "createConnectedAccount",
      "createMcpServer",
      "createProject",
      "createToolRouterSession",
      "createWebhookSubscription",
      "regenerateApiKey",
      "rotateWebhookSecret",
    ]);
    expect(routesOf("once")).toEqual(["executeMeta", "refreshConnectedAccount"]);
    expect(shouldRetryStatus("keyed", 503)).toBe(true);
    expect(shouldRetryStatus("once", 503)).toBe(false);
    expect(shouldRetryStatus("once", 429)).toBe(true);
    expect(shouldRetryStatus("idempotent", 501)).toBe(false);
  });
});

describe("connection failures", () => {
  it("does not retry a refresh whose socket died after the request was sent", async () => {
    server.fallback(destroySocket);
    const client = testClient(server.url);

    const err = await rejection(client.connectedAccounts.refresh("ca_1"));

    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err).toMatchObject({ neverSent: false, method: "POST", path: "/api/v3/connected_accounts/ca_1/refresh" });
    expect(server.requests).toHaveLength(1);
  });

  it("retries a create whose socket died, with the same Idempotency-Key", async () => {
    server.script(destroySocket, json(201, mcpServer("srv_new")));
    const client = testClient(server.url);

    expect((await client.mcp.create(createBody)).id).toBe("srv_new");
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.headers["idempotency-key"]).toBe(server.requests[1]?.headers["idempotency-key"]);
  });

  it("retries a GET whose socket died", async () => {
    server.script(destroySocket, destroySocket, json(200, mcpServer("srv_1")));
    const client = testClient(server.url, { maxRetries: 2 });

    const srv = await client.mcp.get("srv_1");

    expect(srv.id).toBe("srv_1");
    expect(server.requests).toHaveLength(3);
  });

  it("raises APIConnectionError once retries of a dying socket are used up", async () => {
    server.fallback(destroySocket);
    const client = testClient(server.url, { maxRetries: 2 });
    const err = await rejection(client.mcp.get("srv_1"));
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(3);
  });

  it("retries a create POST when the connection was refused: the server never saw it", async () => {
    const port = await freePort();
    const seen: string[] = [];
    // Nothing listens yet: the first attempt is refused. The server comes up while the client backs off.
    const late = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on("end", () => {
        res.writeHead(201, { "content-type": "application/json" });
        res.end(JSON.stringify(mcpServer("srv_new")));
      });
    });
    const client = testClient(`http://127.0.0.1:${port}`, { maxRetries: 6, retryBaseDelayMs: 40 });
    const pending = client.mcp.create(createBody);
    await new Promise((r) => setTimeout(r, 15));
    await new Promise<void>((resolve) => late.listen(port, "127.0.0.1", resolve));
    try {
      const created = await pending;
      expect(created.id).toBe("srv_new");
      expect(seen).toEqual(["POST /api/v3/mcp/servers"]);
    } finally {
      late.closeAllConnections();
      await new Promise<void>((resolve) => late.close(() => resolve()));
    }
  });

  it("reports a refused connection as never sent once retries are used up", async () => {
    const port = await freePort();
    const client = testClient(`http://127.0.0.1:${port}`, { maxRetries: 1 });
    const err = await rejection(client.projects.create({ name: "new project" }));
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err).toMatchObject({ neverSent: true, errorCode: "ECONNREFUSED" });
    expect(err.message).toContain("POST /api/v3/org/owner/project/new");
  });
});
