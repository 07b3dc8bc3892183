/**
 * Pacing: keeps a process's requests under the platform's rate limit instead of sending them
 * all and retrying the 429s.
 *
 * One `Pacer` per base URL and key, shared by every client in the process that uses that key
 * (clients with other tuning, or built outside the provider, all draw on the same limit, as the
 * platform counts per key). A pacer learns the limit from the answers themselves:
 *
 * - Until the first answer arrives, one request goes out and the others wait for it (a
 *   `--parallel 32` deployment would otherwise open with 32 requests against an unknown limit).
 * - An answer without `RateLimit-*` headers: the platform does not limit, every request goes
 *   at once from then on (and stays so unless a later answer carries the headers).
 * - `RateLimit-Policy: <q>;w=<s>[;burst=<b>]` gives the rate (q per s seconds) and the bucket's
 *   size; without it, `RateLimit-Limit` is the size and `RateLimit-Reset` says when the bucket
 *   is full again. A local token bucket of that size and rate then releases requests in the
 *   order they asked (a queue), and each answer's `RateLimit-Remaining` lowers it when another
 *   client of the same key took tokens meanwhile.
 * - A 429: the bucket is empty. When the rate is known, requests resume at that rate; when it
 *   is not, every request of the process waits the `Retry-After` the server asked for.
 *
 * Waiting here is not part of a request's timeout: `requestTimeout` bounds an attempt once sent.
 *
 * Like the dispatcher, the pacers live in a slot of `globalThis` (this module may be loaded in
 * a dynamic provider's closure); they are keyed by a hash of the key, never the key.
 */
import { headerValue } from "./errors";
import { keyHash } from "./key-hash";
import { retryAfterMs } from "./retry";

type Headers = Record<string, string | string[] | undefined>;

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** The limit as the platform states it; `perMs` 0 when only the bucket's size and reset are known. */
interface Limit {
  burst: number;
  perMs: number;
}

/**
 * The pacer refills 1 % slower than the stated rate and wakes 1 ms late: the server's bucket and
 * ours add up time in floating point from different starting points, and a request released the
 * instant our bucket reaches one token could otherwise reach a server bucket still a rounding
 * error short of it (a 429 now and then). 1 % costs 0.5 s over 1,000 requests at 20/s.
 */
const RATE_MARGIN = 0.99;
const WAKE_MARGIN_MS = 1;

/** `RateLimit-Policy: 20;w=1;burst=40` (the first policy when several are listed). */
function parsePolicy(value: string | undefined): Limit | undefined {
  if (!value) return undefined;
  const [quota, ...params] = value.split(",")[0]!.split(";").map((part) => part.trim());
  const q = Number(quota);
  const named = Object.fromEntries(params.map((param) => param.split("=").map((s) => s.trim()) as [string, string]));
  const w = Number(named.w ?? 1);
  const burst = named.burst !== undefined ? Number(named.burst) : q;
  if (!(q > 0) || !(w > 0) || !(burst >= 1)) return undefined;
  return { burst, perMs: (q / (w * 1000)) * RATE_MARGIN };
}

function nonNegative(value: string | undefined): number | undefined {
  const number = value === undefined ? NaN : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

export class Pacer {
  #state: "unknown" | "probing" | "open" | "paced" = "unknown";
  #limit: Limit = { burst: 1, perMs: 0 };
  #tokens = 0;
  #at = 0;
  /** When nothing may be sent before (ms since epoch): a Retry-After, or a fixed window's reset. */
  #blockedUntil = 0;
  /** When the bucket is full again by the server's RateLimit-Reset, for limits without a rate. */
  #fullAt = 0;
  readonly #queue: Waiter[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Requests waiting for their turn. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Resolves when a request may be sent; `undefined` (no wait) when nothing limits it now. */
  acquire(signal?: AbortSignal, onAbort: () => Error = () => new Error("aborted")): Promise<void> | undefined {
    if (this.#state === "open" && this.#blockedUntil <= this.now()) return undefined;
    if (this.#state === "unknown") {
      this.#state = "probing";
      return undefined;
    }
    if (this.#queue.length === 0 && this.#take()) return undefined;
    if (signal?.aborted) return Promise.reject(onAbort());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(onAbort());
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      this.#schedule();
    });
  }

  /** Learns from an answer (`undefined`: the attempt got none, e.g. the connection failed). */
  settle(answer: { status: number; headers: Headers } | undefined): void {
    if (!answer) {
      // The probe got no answer: let the next request probe.
      if (this.#state === "probing") this.#state = "unknown";
      this.#release();
      return;
    }
    const now = this.now();
    const { status, headers } = answer;
    const size = nonNegative(headerValue(headers, "ratelimit-limit"));
    const remaining = nonNegative(headerValue(headers, "ratelimit-remaining"));
    const reset = nonNegative(headerValue(headers, "ratelimit-reset"));
    const policy = parsePolicy(headerValue(headers, "ratelimit-policy"));

    if (policy || size !== undefined) {
      this.#refill(now);
      const limit: Limit = policy ?? { burst: Math.max(1, size!), perMs: 0 };
      if (this.#state !== "paced") {
        this.#state = "paced";
        this.#tokens = limit.burst;
        this.#at = now;
      }
      this.#limit = limit;
      if (remaining !== undefined) this.#tokens = Math.min(this.#tokens, remaining);
      if (status === 429) this.#tokens = Math.min(this.#tokens, 0);
      // Without a rate, the bucket counts as full only when the server says it is (in a second when it does not say).
      if (limit.perMs === 0) this.#fullAt = now + (reset ?? 1) * 1000;
    } else if (this.#state !== "paced") {
      this.#state = "open";
    }

    // A 429 the pacer could not have paced by (no rate known): everyone waits what the server asks.
    if (status === 429 && this.#limit.perMs === 0) {
      const wait = retryAfterMs(headers, now);
      if (wait !== undefined) this.#blockedUntil = Math.max(this.#blockedUntil, now + wait);
    }
    this.#release();
  }

  #refill(now: number): void {
    if (this.#state !== "paced") return;
    const { burst, perMs } = this.#limit;
    if (perMs > 0) this.#tokens = Math.min(burst, this.#tokens + (now - this.#at) * perMs);
    else if (now >= this.#fullAt) this.#tokens = burst;
    this.#at = now;
  }

  /** Takes a token if one is there (and nothing blocks). */
  #take(): boolean {
    const now = this.now();
    if (this.#blockedUntil > now) return false;
    if (this.#state === "open") return true;
    if (this.#state !== "paced") return false;
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Lets waiting requests go as far as tokens allow, then schedules the rest. */
  #release(): void {
    if (this.#state === "unknown" && this.#queue.length > 0) {
      this.#state = "probing";
      this.#grant(this.#queue.shift()!);
    }
    while (this.#queue.length > 0 && this.#take()) this.#grant(this.#queue.shift()!);
    this.#schedule();
  }

  #grant(waiter: Waiter): void {
    if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
    waiter.resolve();
  }

  #schedule(): void {
    if (this.#timer || this.#queue.length === 0 || this.#state === "probing" || this.#state === "unknown") return;
    const now = this.now();
    let delay = Math.max(0, this.#blockedUntil - now);
    if (this.#state === "paced") {
      const { perMs } = this.#limit;
      const lacking = 1 - this.#tokens;
      const untilToken = lacking <= 0 ? 0 : perMs > 0 ? lacking / perMs : Math.max(0, this.#fullAt - now);
      delay = Math.max(delay, untilToken);
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#release();
    }, Math.ceil(delay) + WAKE_MARGIN_MS);
  }
}

const SLOT = "__integrationPlatformClientPacers";
type Slot = { [SLOT]?: Map<string, Pacer> };

/** The process's pacer for requests to `baseUrl` with `key` (empty for routes without one). */
export function sharedPacer(baseUrl: string, key: string): Pacer {
  const slot = globalThis as unknown as Slot;
  const pacers = (slot[SLOT] ??= new Map());
  const id = `${baseUrl} ${key ? keyHash(key) : ""}`;
  let pacer = pacers.get(id);
  if (!pacer) {
    pacer = new Pacer();
    pacers.set(id, pacer);
  }
  return pacer;
}
