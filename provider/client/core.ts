/**
 * The request engine, driven by the route table: one `call(routeName, parts)`
 * builds the path, picks the auth header, serializes query and body, retries
 * by the route's policy, maps failures to typed errors and parses the success
 * body with the route's response schema.
 */
import { randomUUID } from "node:crypto";
import { inspect } from "node:util";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { AUTH_HEADERS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, REQUEST_ID_HEADER, buildPath, routes, type RouteDef, type RouteName, type RouteResponse } from "../../api/routes";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  IntegrationPlatformError,
  InvalidResponseError,
  MissingCredentialsError,
  headerValue,
  makeApiError,
  type RequestInfo,
  type ResponseIssue,
} from "./errors";
import { sharedDispatcher, undici } from "./dispatcher";
import { sharedPacer, type Pacer } from "./pacing";
import { serializeQuery } from "./query";
import {
  RETRY_POLICY,
  backoffDelay,
  classifyNetworkError,
  retryAfterMs,
  shouldRetryConnectionError,
  shouldRetryStatus,
} from "./retry";
import type { RequestOptions } from "./types";

export interface CoreSettings {
  /** Origin plus optional base path, no trailing slash: `https://host` or `https://host/prefix`. */
  baseUrl: string;
  apiKey?: string | undefined;
  orgApiKey?: string | undefined;
  maxRetries: number;
  timeoutMs: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  userAgent: string;
  dispatcher?: Dispatcher | undefined;
  /** Pace requests by the platform's rate limit with the process's shared pacer (see pacing.ts). */
  pacing: boolean;
}

/** The parts of one call; the resource classes type them per route. */
export interface CallParts {
  params?: Record<string, string>;
  query?: object | undefined;
  body?: unknown;
}

/** `/api/v3/mcp/:id` → `/api/v3/mcp/{id}`: how endpoints are named in messages. */
export function specPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, "{$1}");
}

/** Turns a zod issue path into `items[0].name`. */
function issuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(root)";
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : `${i === 0 ? "" : "."}${String(p)}`))
    .join("");
}

function sleep(ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(onAbort());
    const abort = () => {
      clearTimeout(timer);
      reject(onAbort());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
}

/**
 * Holds the keys in private fields: they are reachable only to build the auth
 * header and to redact server text, and show in no enumeration, JSON or inspect.
 */
export class Core {
  readonly #settings: Readonly<Omit<CoreSettings, "apiKey" | "orgApiKey">>;
  readonly #apiKey: string | undefined;
  readonly #orgApiKey: string | undefined;
  readonly #pacers: Partial<Record<RouteDef["auth"], Pacer>> = {};

  constructor(settings: CoreSettings) {
    const { apiKey, orgApiKey, ...rest } = settings;
    this.#settings = Object.freeze({ ...rest });
    this.#apiKey = apiKey || undefined;
    this.#orgApiKey = orgApiKey || undefined;
  }

  get settings(): Readonly<Omit<CoreSettings, "apiKey" | "orgApiKey">> {
    return this.#settings;
  }

  hasKey(scheme: "apiKey" | "orgApiKey"): boolean {
    return (scheme === "apiKey" ? this.#apiKey : this.#orgApiKey) !== undefined;
  }

  /** Replaces every occurrence of the client's keys in a text. */
  readonly redact = (text: string): string => {
    let out = text;
    for (const key of [this.#apiKey, this.#orgApiKey]) {
      if (key) out = out.split(key).join("[redacted]");
    }
    return out;
  };

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#settings.baseUrl };
  }

  [inspect.custom](): string {
    return `Core { baseUrl: ${JSON.stringify(this.#settings.baseUrl)} }`;
  }

  async call<N extends RouteName>(name: N, parts: CallParts = {}, options: RequestOptions = {}): Promise<RouteResponse<N>> {
    const route: RouteDef = routes[name];
    const endpoint = `${route.method} ${specPath(route.path)}`;

    let path: string;
    try {
      path = buildPath(route.path, parts.params);
    } catch (err) {
      throw new IntegrationPlatformError(`${endpoint}: ${(err as Error).message}`);
    }
    const info: RequestInfo = { method: route.method, path };

    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": this.#settings.userAgent,
    };
    if (route.auth !== "none") {
      const key = route.auth === "apiKey" ? this.#apiKey : this.#orgApiKey;
      if (!key) throw new MissingCredentialsError(route.auth, endpoint);
      headers[AUTH_HEADERS[route.auth]] = key;
    }

    // Routes with a body schema always send a JSON object on POST/PATCH (an absent
    // optional body becomes `{}`); GET never sends one.
    let body: string | undefined;
    if (route.body && route.method !== "GET") body = JSON.stringify(parts.body ?? {});
    else if (parts.body !== undefined && route.method !== "GET") body = JSON.stringify(parts.body);
    if (body !== undefined) headers["content-type"] = "application/json";

    const url = `${this.#settings.baseUrl}${path}${serializeQuery(parts.query)}`;
    const maxRetries = options.maxRetries ?? this.#settings.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#settings.timeoutMs;
    const policy = RETRY_POLICY[name];
    // One key per logical request, the same on every attempt: the platform runs it once.
    if (policy === "keyed") headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? `idem_${randomUUID()}`;
    const callerSignal = options.signal;
    const userAbort = () => new APIUserAbortError(info);
    const pacer = this.#pacerFor(route.auth);

    for (let attempt = 0; ; attempt++) {
      if (callerSignal?.aborted) throw userAbort();
      const turn = pacer?.acquire(callerSignal, userAbort);
      if (turn) await turn;
      let response: RawResponse;
      try {
        response = await this.#send(url, route.method, headers, body, timeoutMs, callerSignal, info);
        pacer?.settle(response);
      } catch (err) {
        pacer?.settle(undefined);
        if (err instanceof APIConnectionError && attempt < maxRetries && shouldRetryConnectionError(policy, err)) {
          const delay = backoffDelay(attempt, this.#settings.retryBaseDelayMs, this.#settings.retryMaxDelayMs);
          await sleep(delay, callerSignal, userAbort);
          continue;
        }
        throw err;
      }

      if (response.status >= 200 && response.status < 300) {
        const parsed = this.#parse(route, endpoint, info, response) as RouteResponse<N>;
        if (headerValue(response.headers, IDEMPOTENT_REPLAYED_HEADER) === "true") options.onReplayed?.();
        return parsed;
      }

      const error = makeApiError({ ...response, request: info, redact: this.redact });
      if (attempt < maxRetries && shouldRetryStatus(policy, response.status)) {
        const asked = retryAfterMs(response.headers);
        const delay =
          asked !== undefined
            ? Math.min(asked, this.#settings.retryMaxDelayMs)
            : backoffDelay(attempt, this.#settings.retryBaseDelayMs, this.#settings.retryMaxDelayMs);
        await sleep(delay, callerSignal, userAbort);
        continue;
      }
      throw error;
    }
  }

  /** The process's pacer for this base URL and the key the route sends (one per key, as the platform counts). */
  #pacerFor(auth: RouteDef["auth"]): Pacer | undefined {
    if (!this.#settings.pacing) return undefined;
    const key = auth === "apiKey" ? this.#apiKey : auth === "orgApiKey" ? this.#orgApiKey : undefined;
    return (this.#pacers[auth] ??= sharedPacer(this.#settings.baseUrl, key ?? ""));
  }

  /** One attempt, bounded by its own timeout and by the caller's signal. */
  async #send(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
    info: RequestInfo,
  ): Promise<RawResponse> {
    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
    try {
      const res = await undici().request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal,
        dispatcher: this.#settings.dispatcher ?? sharedDispatcher(),
      });
      const bodyText = await res.body.text();
      return { status: res.statusCode, headers: res.headers, bodyText };
    } catch (err) {
      if (callerSignal?.aborted) throw new APIUserAbortError(info);
      if (timeoutSignal.aborted) throw new APIConnectionTimeoutError(info, timeoutMs);
      const kind = classifyNetworkError(err);
      const reason = this.redact(err instanceof Error ? err.message || err.name : String(err));
      throw new APIConnectionError(
        `${info.method} ${info.path} failed: ${reason}${kind.errorCode && !reason.includes(kind.errorCode) ? ` (${kind.errorCode})` : ""}`,
        { ...info, ...kind, cause: err },
      );
    }
  }

  #parse(route: RouteDef, endpoint: string, info: RequestInfo, response: RawResponse): unknown {
    const requestId = headerValue(response.headers, REQUEST_ID_HEADER);
    const fail = (issues: ResponseIssue[]) =>
      new InvalidResponseError({
        ...info,
        endpoint,
        status: response.status,
        requestId: requestId && this.redact(requestId),
        issues: issues.map((i) => ({ path: this.redact(i.path), message: this.redact(i.message) })),
      });
    let json: unknown;
    try {
      json = JSON.parse(response.bodyText);
    } catch {
      throw fail([{ path: "(root)", message: "the body is not JSON" }]);
    }
    const result = (route.response as z.ZodType).safeParse(json);
    if (!result.success) {
      throw fail(result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })));
    }
    return result.data;
  }
}
