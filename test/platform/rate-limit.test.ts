/** The platform's rate limit: a token bucket per API key, its headers, the 429 envelope and the CLI flags. */
import { afterEach, describe, expect, it } from "vitest";
import { HELP, UsageError, parseCommandLine } from "../../platform/cli";
import { RateLimiter, parseRateLimit, type RateLimitOptions } from "../../platform/plugins/rate-limit";
import { type Answer, expectError, harness, type Harness } from "./helpers";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Asserts an answer's status and the tokens its RateLimit-Remaining says are left. */
function expectStatusAndRemaining(answer: Answer, status: number, remaining: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers["ratelimit-remaining"]).toBe(remaining);
}

/** A clock the test moves by hand, in milliseconds. */
function manualClock(): { now: () => number; advance(ms: number): void } {
  let t = 1_000_000;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

async function limited(options: Omit<RateLimitOptions, "now">) {
  const clock = manualClock();
  h = await harness({ rateLimit: { ...options, now: clock.now } });
  return { h, clock };
}

describe("rate limit on the platform", () => {
  it("sends RateLimit-* headers on every /api/v3 answer, errors included, and none when off", async () => {
    const { h } = await limited({ limit: 5, windowSeconds: 1, burst: 10 });
    const ok = await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey });
    expect(ok.status).toBe(200);
    expect(ok.headers["ratelimit-limit"]).toBe("10");
    expect(ok.headers["ratelimit-remaining"]).toBe("9");
    // One token used at 5/s: full again in 0.2 s, shown as a whole second.
    expect(ok.headers["ratelimit-reset"]).toBe("1");
    expect(ok.headers["ratelimit-policy"]).toBe("5;w=1;burst=10");

    const missing = await h.call({ url: "/api/v3/mcp/mcp_nope", apiKey: h.apiKey });
    expectError(missing, 404, "not_found");
    expect(missing.headers["ratelimit-remaining"]).toBe("8");
    expectStatusAndRemaining(await h.call({ url: "/api/v3/toolkits?limit=-1", apiKey: h.apiKey }), 400, "7");

    // Outside the limit: the OpenAPI document and the local admin surface.
    const openapi = await h.call({ url: "/api/v3/openapi.json" });
    expect(openapi.status).toBe(200);
    expect(openapi.headers["ratelimit-limit"]).toBeUndefined();
    expect((await h.call({ url: "/_local/health" })).headers["ratelimit-limit"]).toBeUndefined();

    const unlimited = await harness();
    try {
      const answer = await unlimited.call({ url: "/api/v3/toolkits", apiKey: unlimited.apiKey });
      expect(answer.status).toBe(200);
      expect(answer.headers["ratelimit-limit"]).toBeUndefined();
      expect(answer.headers["ratelimit-remaining"]).toBeUndefined();
    } finally {
      await unlimited.close();
    }
  });

  it("answers the excess 429 in the envelope with Retry-After, before acting, and admits again as tokens refill", async () => {
    const { h, clock } = await limited({ limit: 2, windowSeconds: 1, burst: 3 });
    for (let i = 0; i < 3; i++) expect((await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey })).status).toBe(200);

    // The org key has its own bucket: a create with it is admitted.
    const made = await h.call({ method: "POST", url: "/api/v3/org/owner/project/new", orgKey: h.orgKey, body: { name: "made once" } });
    expect(made.status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await h.call({ url: "/api/v3/org/owner/project/list", orgKey: h.orgKey })).status).toBe(200);
    const excess = await h.call({ method: "POST", url: "/api/v3/org/owner/project/new", orgKey: h.orgKey, body: { name: "never made" } });
    const error = expectError(excess, 429, "rate_limited");
    expect(error.message).toMatch(/2 requests per second \(bursts of up to 3\)/);
    expect(error.suggested_fix).toMatch(/Retry-After/);
    // 2 tokens a second: one is there in 0.5 s, rounded up to HTTP's whole seconds.
    expect(excess.headers["retry-after"]).toBe("1");
    expect(excess.headers["ratelimit-remaining"]).toBe("0");
    expect(excess.headers["ratelimit-reset"]).toBe("2");
    const orgId = h.store.orgs.first()!.id;
    expect(h.store.projects.findByName(orgId, "made once")).toBeDefined();
    expect(h.store.projects.findByName(orgId, "never made")).toBeUndefined();

    clock.advance(499);
    expectError(await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey }), 429, "rate_limited");
    clock.advance(1);
    const again = await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey });
    expect(again.status).toBe(200);
    expect(again.headers["ratelimit-remaining"]).toBe("0");
    // Refused requests take no token: after a second idle the bucket has 2 again, never more than the burst.
    clock.advance(1000);
    expect((await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey })).headers["ratelimit-remaining"]).toBe("1");
    clock.advance(60_000);
    expect((await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey })).headers["ratelimit-remaining"]).toBe("2");
  });

  it("keeps one bucket per key: an exhausted key leaves other keys and keyless callers their own", async () => {
    const { h } = await limited({ limit: 1, windowSeconds: 60, burst: 2 });
    for (let i = 0; i < 2; i++) expect((await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey })).status).toBe(200);
    const excess = await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey });
    expectError(excess, 429, "rate_limited");
    // 1 a minute: the next token in 60 s.
    expect(excess.headers["retry-after"]).toBe("60");

    expectStatusAndRemaining(await h.call({ url: "/api/v3/toolkits", apiKey: h.otherApiKey }), 200, "1");
    expectStatusAndRemaining(await h.call({ url: "/api/v3/org/owner/project/list", orgKey: h.orgKey }), 200, "1");
    // No key: limited by address (and still told 401 for the missing key while admitted).
    expectError(await h.call({ url: "/api/v3/toolkits" }), 401, "unauthorized");
    expectError(await h.call({ url: "/api/v3/toolkits" }), 401, "unauthorized");
    expectError(await h.call({ url: "/api/v3/toolkits" }), 429, "rate_limited");
  });

  it("bounds its memory: buckets that refilled are forgotten once there are many", () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ limit: 10, windowSeconds: 1, now: clock.now });
    for (let i = 0; i < 9_999; i++) limiter.take(`key-${i}`);
    for (let i = 0; i < 3; i++) limiter.take("busy");
    expect(limiter.size).toBe(10_000);
    clock.advance(100);
    // The others are full again, "busy" is not (7 + 1 of 10): a new key drops only the full ones.
    limiter.take("new");
    expect(limiter.size).toBe(2);
    expect(limiter.take("busy").remaining).toBe(7);
    expect(limiter.take("key-1").remaining).toBe(9);
  });
});

describe("rate limit settings", () => {
  it("parses N, N/s and N/m with an optional burst, and names what is wrong", () => {
    expect(parseRateLimit("20")).toEqual({ limit: 20, windowSeconds: 1 });
    expect(parseRateLimit("20/s", "40")).toEqual({ limit: 20, windowSeconds: 1, burst: 40 });
    expect(parseRateLimit("1200/m")).toEqual({ limit: 1200, windowSeconds: 60 });
    expect(() => parseRateLimit("0")).toThrow(/whole N >= 1.*"0"/);
    expect(() => parseRateLimit("20/h")).toThrow(/N\/s or N\/m/);
    expect(() => parseRateLimit("2.5")).toThrow(/whole N/);
    expect(() => parseRateLimit("20", "lots")).toThrow(/burst|whole number >= 1, got "lots"/);
  });

  it("reads --rate-limit and --rate-limit-burst on the command line and documents them", () => {
    const parsed = parseCommandLine(["serve", "--rate-limit", "20/s", "--rate-limit-burst", "40"], {});
    expect(parsed.command === "serve" && parsed.options.rateLimit).toEqual({ limit: 20, windowSeconds: 1, burst: 40 });
    const off = parseCommandLine(["serve"], {});
    expect(off.command === "serve" && off.options.rateLimit).toBeUndefined();
    expect(() => parseCommandLine(["serve", "--rate-limit", "fast"], {})).toThrow(/^--rate-limit: expected N/);
    expect(() => parseCommandLine(["serve", "--rate-limit", "5", "--rate-limit-burst", "0"], {})).toThrow(/^--rate-limit-burst: /);
    expect(() => parseCommandLine(["serve", "--rate-limit-burst", "5"], {})).toThrow(UsageError);
    expect(HELP).toMatch(/--rate-limit N\[\/s\|\/m\]/);
    expect(HELP).toMatch(/--rate-limit-burst N/);
  });
});
