/**
 * Fault injection for testing clients against a misbehaving service. Off by
 * default. Every fault happens BEFORE the request acts, so a retry can never
 * duplicate an object:
 *
 * - `rate429`: fraction of requests answered 429 `rate_limited` with `Retry-After`;
 * - `rate503`: fraction answered 503 `service_unavailable`;
 * - `dropRate`: fraction whose connection is destroyed without an answer;
 * - `latencyMs`: delay added to every request;
 * - `retryAfter`: seconds sent in `Retry-After` (default 1; 0 for fast tests);
 * - `seed`: makes the sequence of faults reproducible.
 *
 * Text form (CLI `--chaos` and env `INTEGRATION_PLATFORM_CHAOS`):
 * `rate429=0.1,rate503=0.05,latencyMs=20,dropRate=0.01,seed=7`.
 */

export interface ChaosOptions {
  rate429?: number;
  rate503?: number;
  latencyMs?: number;
  dropRate?: number;
  retryAfter?: number;
  seed?: number;
}

export type ChaosFault = "none" | "429" | "503" | "drop";

const KEYS = ["rate429", "rate503", "latencyMs", "dropRate", "retryAfter", "seed"] as const;
type ChaosKey = (typeof KEYS)[number];

export class ChaosConfigError extends Error {}

/** Parses `rate429=0.1,latencyMs=20`; throws ChaosConfigError naming the bad part. */
export function parseChaos(text: string): ChaosOptions {
  const options: ChaosOptions = {};
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [key, value, ...rest] = part.split("=");
    if (!key || value === undefined || rest.length > 0) throw new ChaosConfigError(`chaos: "${part}" is not key=value`);
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new ChaosConfigError(`chaos: unknown setting "${key}" (known: ${KEYS.join(", ")})`);
    }
    const number = Number(value);
    if (value.trim() === "" || !Number.isFinite(number) || number < 0) {
      throw new ChaosConfigError(`chaos: ${key} must be a non-negative number, got "${value}"`);
    }
    if (key.startsWith("rate") || key === "dropRate") {
      if (number > 1) throw new ChaosConfigError(`chaos: ${key} is a fraction between 0 and 1, got ${value}`);
    }
    options[key as ChaosKey] = number;
  }
  validateChaos(options);
  return options;
}

export function validateChaos(options: ChaosOptions): void {
  const total = (options.rate429 ?? 0) + (options.rate503 ?? 0) + (options.dropRate ?? 0);
  if (total > 1) throw new ChaosConfigError(`chaos: rate429 + rate503 + dropRate must be at most 1, got ${total}`);
}

export function isChaosActive(options: ChaosOptions | undefined): options is ChaosOptions {
  return !!options && ((options.rate429 ?? 0) > 0 || (options.rate503 ?? 0) > 0 || (options.dropRate ?? 0) > 0 || (options.latencyMs ?? 0) > 0);
}

/** mulberry32: a small seeded generator, enough for reproducible fault sequences. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Chaos {
  private readonly random: () => number;

  constructor(readonly options: ChaosOptions) {
    validateChaos(options);
    this.random = options.seed !== undefined ? seeded(options.seed) : Math.random;
  }

  /** Which fault, if any, this request gets. */
  draw(): ChaosFault {
    const r = this.random();
    const r429 = this.options.rate429 ?? 0;
    const r503 = this.options.rate503 ?? 0;
    const drop = this.options.dropRate ?? 0;
    if (r < r429) return "429";
    if (r < r429 + r503) return "503";
    if (r < r429 + r503 + drop) return "drop";
    return "none";
  }

  get latencyMs(): number {
    return this.options.latencyMs ?? 0;
  }

  get retryAfter(): number {
    return this.options.retryAfter ?? 1;
  }
}
