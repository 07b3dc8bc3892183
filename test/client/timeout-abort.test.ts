/** Per-attempt timeouts and the caller's AbortSignal. */
import { describe, expect, it } from "vitest";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError
} from "../../provider/client";
import { mcpServer } from "../support/payloads";
import { envelope, hang, json, rejection, testClient, type TestServer, useTestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

describe("timeout", () => {
  it("raises APIConnectionTimeoutError when the server does not answer in time", async () => {
    server.fallback(hang);
    const client = testClient(server.url, { timeoutMs: 100, maxRetries: 0 });

    const started = performance.now();
    const err = await rejection(client.mcp.get("srv_1"));

    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err).toMatchObject({ timeoutMs: 100, method: "GET", path: "/api/v3/mcp/srv_1" });
    expect(err.message).toBe("GET /api/v3/mcp/srv_1 timed out after 100 ms");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("takes the timeout per call, and applies it to each attempt of an idempotent route", async () => {
    server.script(hang, json(200, mcpServer("srv_1")));
    const client = testClient(server.url, { timeoutMs: 5_000, maxRetries: 1 });

    const srv = await client.mcp.get("srv_1", { timeoutMs: 100 });

    expect(srv.id).toBe("srv_1");
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry an execute_meta that timed out: the server may still run it", async () => {
    server.fallback(hang);
    const client = testClient(server.url, { timeoutMs: 100, maxRetries: 3 });

    const err = await rejection(client.toolRouter.executeMeta("trs_1", { slug: "PLATFORM_SEARCH_TOOLS" }));

    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("abort", () => {
  it("does not send anything when the signal is already aborted", async () => {
    const client = testClient(server.url);
    const err = await rejection(client.mcp.get("srv_1", { signal: AbortSignal.abort() }));
    expect(err).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(0);
  });

  it("aborts a request in flight, without retrying", async () => {
    server.fallback(hang);
    const client = testClient(server.url, { maxRetries: 3 });
    const controller = new AbortController();

    const pending = client.mcp.get("srv_1", { signal: controller.signal });
    await waitFor(() => server.requests.length === 1);
    controller.abort();
    const err = await rejection(pending);

    expect(err).toBeInstanceOf(APIUserAbortError);
    expect(err).not.toBeInstanceOf(APIConnectionError);
    expect(err.message).toBe("GET /api/v3/mcp/srv_1 was aborted by the caller");
    expect(server.requests).toHaveLength(1);
  });

  it("aborts the wait between retries", async () => {
    server.fallback(envelope(503, {}, { "retry-after": "30" }));
    const client = testClient(server.url, { maxRetries: 3 });
    const controller = new AbortController();

    const started = performance.now();
    const pending = client.mcp.get("srv_1", { signal: controller.signal });
    await waitFor(() => server.requests.length === 1);
    setTimeout(() => controller.abort(), 20);
    const err = await rejection(pending);

    expect(err).toBeInstanceOf(APIUserAbortError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });
});

async function waitFor(condition: () => boolean, ms = 2_000): Promise<void> {
  const until = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}
