/**
 * The typed client of the Integration Platform API v3 (Stainless style: one
 * property per area, one method per route).
 *
 *   const client = new IntegrationPlatformClient({ baseUrl, apiKey });
 *   const server = await client.mcp.get("mcp_123");
 *
 * Build clients inside the methods of a dynamic provider, never at module
 * level: an instance holds keys and must not be captured by Pulumi's closure
 * serialization. The class itself holds keys only in private fields (never
 * enumerated, serialized or inspected).
 */
import { inspect, type InspectOptionsStylized } from "node:util";
import type { Dispatcher } from "undici";
import { SETTINGS } from "../settings";
import { Core } from "./core";
import { IntegrationPlatformError } from "./errors";
import { AREAS, type Areas } from "./areas";

export interface ClientOptions {
  /** Absolute http(s) URL of the API, e.g. `https://backend.example.com` (a trailing slash is fine). */
  baseUrl: string;
  /** Project API key, sent as `x-api-key`. */
  apiKey?: string | undefined;
  /** Organization API key, sent as `x-org-api-key` (projects endpoints). */
  orgApiKey?: string | undefined;
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** Time limit of each attempt in ms. Default 30000. */
  timeoutMs?: number;
  /** First backoff delay in ms, doubled per retry (with jitter). Default 500; tests use ~1. */
  retryBaseDelayMs?: number;
  /** Cap of any wait between attempts, including one a server asks for with Retry-After. Default 60000. */
  retryMaxDelayMs?: number;
  /** `user-agent` header. */
  userAgent?: string;
  /** An undici dispatcher to use instead of the shared keep-alive agent. */
  dispatcher?: Dispatcher;
  /**
   * Pace requests by the platform's rate limit (learned from its RateLimit-* headers and 429s),
   * sharing one queue per base URL and key with every client in the process. Default true;
   * false sends each request at once.
   */
  pacing?: boolean;
}

export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY_BASE_DELAY_MS = 500;
export const DEFAULT_RETRY_MAX_DELAY_MS = 60_000;
export const DEFAULT_USER_AGENT = `pulumi-integration-platform (node ${process.versions.node})`;

/** `https://host/` → `https://host`; `https://host/prefix/` → `https://host/prefix`. */
export function normalizeBaseUrl(baseUrl: unknown): string {
  const hint = `set the Pulumi config "${SETTINGS.baseUrl.config}" or ${SETTINGS.baseUrl.env}`;
  if (typeof baseUrl !== "string" || baseUrl.trim() === "") {
    throw new IntegrationPlatformError(`baseUrl is required: an absolute http(s) URL (${hint})`);
  }
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new IntegrationPlatformError(`baseUrl must be an absolute http(s) URL, got ${JSON.stringify(baseUrl)} (${hint})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new IntegrationPlatformError(`baseUrl must be an absolute http(s) URL: http or https, not ${JSON.stringify(url.protocol)}`);
  }
  // Credentials in the URL would end up in logs and messages; keys go in apiKey/orgApiKey.
  if (url.username || url.password) throw new IntegrationPlatformError("baseUrl must not contain credentials");
  if (url.search || url.hash) throw new IntegrationPlatformError("baseUrl must not have a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

function nonNegativeInt(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw new IntegrationPlatformError(`${name} must be a whole number >= 0, got ${value}`);
  return value;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new IntegrationPlatformError(`${name} must be a number > 0, got ${value}`);
  return value;
}

/** The areas (`client.mcp`, ...) are typed here and made in the constructor from `AREAS`. */
export interface IntegrationPlatformClient extends Areas {}

export class IntegrationPlatformClient {
  readonly baseUrl: string;
  readonly maxRetries: number;
  readonly timeoutMs: number;


  readonly #core: Core;

  constructor(options: ClientOptions) {
    if (typeof options !== "object" || options === null) throw new IntegrationPlatformError("options are required: { baseUrl, apiKey?, orgApiKey? }");
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.maxRetries = nonNegativeInt("maxRetries", options.maxRetries, DEFAULT_MAX_RETRIES);
    this.timeoutMs = positive("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS);
    for (const name of ["apiKey", "orgApiKey"] as const) {
      const key = options[name];
      if (key !== undefined && typeof key !== "string") throw new IntegrationPlatformError(`${name} must be a string`);
    }
    this.#core = new Core({
      baseUrl: this.baseUrl,
      apiKey: options.apiKey,
      orgApiKey: options.orgApiKey,
      maxRetries: this.maxRetries,
      timeoutMs: this.timeoutMs,
      retryBaseDelayMs: nonNegativeInt("retryBaseDelayMs", options.retryBaseDelayMs, DEFAULT_RETRY_BASE_DELAY_MS),
      retryMaxDelayMs: nonNegativeInt("retryMaxDelayMs", options.retryMaxDelayMs, DEFAULT_RETRY_MAX_DELAY_MS),
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      dispatcher: options.dispatcher,
      pacing: options.pacing ?? true,
    });

    // Each area a plain property, as if assigned one by one.
    for (const [name, Area] of Object.entries(AREAS)) Object.assign(this, { [name]: new Area(this.#core) });
  }

  /** Replaces every occurrence of this client's keys in a text (for callers that log server text). */
  redact(text: string): string {
    return this.#core.redact(text);
  }

  #summary(): Record<string, unknown> {
    return {
      baseUrl: this.baseUrl,
      apiKey: this.#core.hasKey("apiKey") ? "[set]" : "[not set]",
      orgApiKey: this.#core.hasKey("orgApiKey") ? "[set]" : "[not set]",
      maxRetries: this.maxRetries,
      timeoutMs: this.timeoutMs,
    };
  }

  toString(): string {
    return `IntegrationPlatformClient(${this.baseUrl})`;
  }

  toJSON(): Record<string, unknown> {
    return this.#summary();
  }

  [inspect.custom](_depth: number, options: InspectOptionsStylized, inspectFn: typeof inspect = inspect): string {
    return `IntegrationPlatformClient ${inspectFn(this.#summary(), options)}`;
  }
}
