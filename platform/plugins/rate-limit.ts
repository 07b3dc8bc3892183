/**
 * The platform's request rate limit (off unless configured): a token bucket per API key, as
 * hosted APIs limit each key. A bucket holds at most `burst` tokens and gains `limit` tokens
 * every `windowSeconds`; each `/api/v3` request takes one, and a request finding none is
 * answered 429 `rate_limited` with `Retry-After` before it acts (so a retry can never
 * duplicate an object). Every answer of a limited route carries the state of its bucket:
 *
 * - `RateLimit-Limit`: the bucket's size (`burst`);
 * - `RateLimit-Remaining`: tokens left after this request;
 * - `RateLimit-Reset`: seconds until the bucket is full again;
 * - `RateLimit-Policy`: `<limit>;w=<windowSeconds>;burst=<burst>` — the refill rate, which
 *   the three headers above cannot say exactly and a client needs in order to pace itself.
 *
 * Why not @fastify/rate-limit: it counts fixed windows (a client may send twice the limit
 * across a window boundary, and there is no burst apart from the limit) and its answers
 * would need rewriting into the envelope; a bucket is a few lines.
 *
 * Text form (CLI `--rate-limit`): `20`, `20/s` or `1200/m`; the burst comes separately
 * (`--rate-limit-burst`, default one window's worth).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AUTH_HEADERS } from "../../api";
import { headerValue } from "../auth";
import { ApiError } from "../errors";
import { keyDigest } from "../ids";
import { OPENAPI_PATH } from "../routes/openapi";

export interface RateLimitOptions {
  /** Requests granted per window. */
  limit: number;
  /** The window in seconds: 1 for `N/s`, 60 for `N/m`. */
  windowSeconds: number;
  /** Most requests a key may send at once after being idle (the bucket's size); default `limit`. */
  burst?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

/** A bad rate limit setting; `setting` says which of the two. */
export class RateLimitConfigError extends Error {
  constructor(readonly setting: "limit" | "burst", message: string) {
    super(message);
  }
}

const UNITS: Record<string, number> = { "": 1, s: 1, m: 60 };

/** Parses `20`, `20/s` or `1200/m`; throws RateLimitConfigError naming what was wrong. */
export function parseRateLimit(text: string, burstText?: string): RateLimitOptions {
  const match = /^\s*(\d+)\s*(?:\/\s*(s|m))?\s*$/.exec(text);
  const limit = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(limit) || limit < 1) {
    throw new RateLimitConfigError("limit", `expected N, N/s or N/m with a whole N >= 1 (e.g. 20/s), got "${text}"`);
  }
  const options: RateLimitOptions = { limit, windowSeconds: UNITS[match[2] ?? ""]! };
  if (burstText !== undefined) {
    const burst = Number(burstText);
    if (!/^\s*\d+\s*$/.test(burstText) || !Number.isSafeInteger(burst) || burst < 1) {
      throw new RateLimitConfigError("burst", `expected a whole number >= 1, got "${burstText}"`);
    }
    options.burst = burst;
  }
  return options;
}

/** What one request got from its key's bucket. */
export interface Admission {
  allowed: boolean;
  /** Whole tokens left. */
  remaining: number;
  /** Seconds until the bucket is full. */
  resetSeconds: number;
  /** Seconds until one token is there (0 when allowed). */
  retryAfterSeconds: number;
}

/** Buckets kept before full ones (which carry no information) are dropped. */
const MAX_BUCKETS = 10_000;

export class RateLimiter {
  readonly burst: number;
  /** Tokens per millisecond. */
  readonly #perMs: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(readonly options: RateLimitOptions) {
    this.burst = options.burst ?? options.limit;
    this.#perMs = options.limit / (options.windowSeconds * 1000);
    this.#now = options.now ?? Date.now;
  }

  /** `RateLimit-Policy`: the quota per window and the burst. */
  get policy(): string {
    return `${this.options.limit};w=${this.options.windowSeconds};burst=${this.burst}`;
  }

  /** Keys with a bucket. */
  get size(): number {
    return this.#buckets.size;
  }

  /** Takes a token from `key`'s bucket if it has one. */
  take(key: string): Admission {
    const now = this.#now();
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= MAX_BUCKETS) this.#dropFull(now);
      bucket = { tokens: this.burst, at: now };
      this.#buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.#perMs);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const seconds = (tokens: number) => Math.ceil(tokens / this.#perMs / 1000);
    return {
      allowed,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: seconds(this.burst - bucket.tokens),
      // HTTP's Retry-After is whole seconds: at least 1 when refused.
      retryAfterSeconds: allowed ? 0 : Math.max(1, seconds(1 - bucket.tokens)),
    };
  }

  #dropFull(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * this.#perMs >= this.burst) this.#buckets.delete(key);
    }
    // Every key active: forgetting them all only lets each start from a full bucket again.
    if (this.#buckets.size >= MAX_BUCKETS) this.#buckets.clear();
  }
}

/** The bucket a request draws from: its key (hashed; keys are never kept), else its address. */
function bucketKey(request: FastifyRequest): string {
  const key = headerValue(request.headers, AUTH_HEADERS.apiKey) ?? headerValue(request.headers, AUTH_HEADERS.orgApiKey);
  return key ? `key:${keyDigest(key)}` : `ip:${request.ip}`;
}

async function rateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const limiter = new RateLimiter(options);
  const policy = limiter.policy;
  app.addHook("onRequest", (request, reply, done) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/v3/") || path === OPENAPI_PATH) return done();
    const admission = limiter.take(bucketKey(request));
    reply.headers({
      "ratelimit-limit": String(limiter.burst),
      "ratelimit-remaining": String(admission.remaining),
      "ratelimit-reset": String(admission.resetSeconds),
      "ratelimit-policy": policy,
    });
    if (admission.allowed) return done();
    done(
      new ApiError(429, "rate_limited", `Rate limit exceeded: this key may send ${options.limit} requests per ${options.windowSeconds === 1 ? "second" : `${options.windowSeconds} seconds`} (bursts of up to ${limiter.burst}).`, {
        headers: { "retry-after": String(admission.retryAfterSeconds) },
        suggestedFix: `Wait ${admission.retryAfterSeconds} s (Retry-After) and retry; pace requests by the RateLimit-* headers.`,
      }),
    );
  });
}

/** Registered by buildApp when a rate limit is configured; applies to every route of the app. */
export default fp(rateLimit, { name: "rate-limit", fastify: "5.x" });
