/**
 * Pacing: every client of a process shares one pacer per base URL and key, which learns the
 * platform's rate limit from its answers and queues requests instead of storming the limit.
 * Real sockets: the local platform with its rate limit on, or a scripted server.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startPlatform, type RunningPlatform } from "../../platform";
import { APIUserAbortError, IntegrationPlatformClient } from "../../provider/client";
import { sharedPacer } from "../../provider/client/pacing";
import { sessionInfo } from "../support/payloads";
import { json, rejection, testClient, useTestServer, type Step, type TestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

let platform: RunningPlatform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

/** A client per call, as the provider builds one per resource operation. */
function freshClient(p: RunningPlatform): IntegrationPlatformClient {
  return new IntegrationPlatformClient({ baseUrl: p.url, apiKey: p.apiKey!, retryBaseDelayMs: 1 });
}

/** Answers after `ms`. */
function slow(ms: number, step: Step): Step {
  return (req, res) => new Promise<void>((resolve) => setTimeout(() => resolve(step(req, res)), ms));
}

describe("pacing against the rate-limited local platform", () => {
  it("runs many concurrent calls of many clients to completion at the limit, with almost no 429", async () => {
    const limit = 20;
    const burst = 5;
    const calls = 80;
    platform = await startPlatform({ seed: "demo", rateLimit: { limit, windowSeconds: 1, burst } });
    const p = platform;
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: calls }, () => freshClient(p).session.info()));
    const elapsed = performance.now() - started;

    expect(results).toHaveLength(calls);
    for (const info of results) expect(info.project.id).toBe(p.projectId);
    const log = p.app.requestLog.entries({ path: /^\/api\/v3\// });
    const refused = log.filter((entry) => entry.status === 429).length;
    expect(log.filter((entry) => entry.status === 200)).toHaveLength(calls);
    // Paced, not stormed: the odd 429 from timing at the edge of a token at most.
    expect(refused).toBeLessThanOrEqual(2);
    // The burst goes at once, the rest at the rate: (80 - 5) / 20 s = 3.75 s.
    expect(elapsed).toBeGreaterThanOrEqual(((calls - burst) / limit) * 1000 * 0.9);
    // No second of arrivals held more than one second's tokens plus the burst.
    const arrivals = log.filter((entry) => entry.status === 200).map((entry) => Date.parse(entry.at)).sort((a, b) => a - b);
    for (let i = 0; i < arrivals.length; i++) {
      const inSecond = arrivals.filter((t) => t >= arrivals[i]! && t < arrivals[i]! + 1000).length;
      expect(inSecond).toBeLessThanOrEqual(limit + burst + 1);
    }
  });

  it("takes queued calls out of the queue when their signal aborts", async () => {
    platform = await startPlatform({ seed: "demo", rateLimit: { limit: 1, windowSeconds: 60, burst: 1 } });
    const client = freshClient(platform);
    await client.session.info();
    const controller = new AbortController();
    const queued = client.session.info({ signal: controller.signal });
    const pacer = sharedPacer(platform.url, platform.apiKey!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pacer.waiting).toBe(1);
    controller.abort();
    expect(await rejection(queued)).toBeInstanceOf(APIUserAbortError);
    expect(pacer.waiting).toBe(0);
    // The platform saw only the first call.
    expect(platform.app.requestLog.count({ path: "/api/v3/auth/session/info" })).toBe(1);
  });
});

describe("pacing against a scripted server", () => {
  it("sends one request first, then everything at once when the server states no limit", async () => {
    server.fallback(slow(100, json(200, sessionInfo)));
    const calls = Array.from({ length: 10 }, () => testClient(server.url).session.info());
    await Promise.all(calls);

    const [probe, ...rest] = server.requests;
    expect(rest).toHaveLength(9);
    // The others waited for the first answer (100 ms), then went together, not one by one.
    expect(rest[0]!.at - probe!.at).toBeGreaterThanOrEqual(90);
    // One by one, each waiting for the previous 100 ms answer, the nine would span ~800 ms; 300 ms
    // still tells that apart while leaving room for a loaded 2-core CI machine's scheduling.
    expect(rest.at(-1)!.at - rest[0]!.at).toBeLessThan(300);
  });

  it("holds every request of the process for the Retry-After of a 429 that states no rate", async () => {
    server.script(json(429, { error: { message: "slow down", code: 1, slug: "rate_limited", status: 429, request_id: "r" } }, { "retry-after": "1" }));
    server.fallback(json(200, sessionInfo));
    await Promise.all(Array.from({ length: 4 }, () => testClient(server.url).session.info()));

    const [refused, ...after] = server.requests;
    expect(after).toHaveLength(4);
    for (const request of after) expect(request.at - refused!.at).toBeGreaterThanOrEqual(990);
  });

  it("without RateLimit-Policy, waits for RateLimit-Reset once the bucket is empty", async () => {
    // A fixed window of 2 requests that resets 1 s after the first answer.
    let windowStart = 0;
    let used = 0;
    server.fallback((_req, res) => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        used = 0;
      }
      used++;
      const reset = Math.ceil((windowStart + 1000 - now) / 1000);
      const headers = { "ratelimit-limit": "2", "ratelimit-remaining": String(Math.max(0, 2 - used)), "ratelimit-reset": String(reset) };
      if (used > 2) return json(429, { error: { message: "limited", code: 1, slug: "rate_limited", status: 429, request_id: "r" } }, { ...headers, "retry-after": String(reset) })(_req, res);
      return json(200, sessionInfo, headers)(_req, res);
    });
    await Promise.all(Array.from({ length: 4 }, () => testClient(server.url).session.info()));

    const ok = server.requests.length;
    // Two in the first window, two after its reset; no 429 was needed to find out.
    expect(ok).toBe(4);
    expect(server.requests[2]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(900);
  });
});
