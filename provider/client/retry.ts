/**
 * When the client retries, and how long it waits.
 *
 * Why a small loop (in core.ts) rather than undici's RetryAgent/RetryHandler:
 * the decision here depends on the route (see RETRY_POLICY), on whether a
 * failed connection was ever established, and on the final error being built
 * from the last response's body. RetryHandler decides by method and status
 * list and resumes partial bodies — useful for downloads, not for small JSON
 * bodies — and its `retry` callback would have to re-derive all of the above
 * from undici's internal state. The loop is short and testable.
 */
import type { RouteName } from "../../api/routes";
import { APIConnectionError, APIConnectionTimeoutError, headerValue } from "./errors";

/**
 * - `idempotent`: sending the request twice leaves the platform as sending it once
 *   (reads; DELETE; PATCH, where the same body gives the same state; POSTs that
 *   only read or upsert). Retried on 408/429/500/502/503/504, on any transient
 *   connection failure and on timeout.
 * - `once`: the request has an effect each time it runs. Retried only when the
 *   server certainly did not act: the connection was never established (refused,
 *   unknown host, connect timeout) or the server answered 429 (it refused before
 *   acting). Not after a 5xx, a reset socket or a timeout — the request may have
 *   reached the server and the effect may have happened.
 * - `keyed`: a POST with an effect per call, made safe to repeat by an
 *   Idempotency-Key (IDEMPOTENCY_KEY_HEADER): the client sends one random key
 *   per logical request, the same on every attempt, and the platform runs it
 *   once and replays its answer to repeats. Retried like `idempotent`.
 */
export type RetryClass = "idempotent" | "keyed" | "once";

/**
 * Every route must be classified: a new route in api/routes.ts fails the
 * type check here until someone decides.
 */
export const RETRY_POLICY: { readonly [N in RouteName]: RetryClass } = {
  // Reads.
  sessionInfo: "idempotent",
  listProjects: "idempotent",
  getProject: "idempotent",
  getProjectConfig: "idempotent",
  getAuthConfig: "idempotent",
  listToolkits: "idempotent",
  getToolkit: "idempotent",
  listMcpByApp: "idempotent",
  getMcpServer: "idempotent",
  listMcpInstances: "idempotent",
  listSessionTools: "idempotent",
  listActiveTriggers: "idempotent",
  listTriggerTypes: "idempotent",
  getNanoId: "idempotent",
  // PATCH: "set these fields to these values"; a repeat finds them already set.
  updateProjectConfig: "idempotent",
  updateMcpServer: "idempotent",
  manageTrigger: "idempotent",
  // DELETE: the end state (gone) is the same however often it runs. A repeat after a
  // lost response may answer 404; callers that delete treat 404 as done.
  deleteProject: "idempotent",
  deleteMcpServer: "idempotent",
  deleteMcpInstance: "idempotent",
  deleteTrigger: "idempotent",
  // POSTs that are reads or idempotent by design:
  // - toolkits/multi is a read with its filter in the body;
  // - mcp/servers/generate computes URLs from the server and the ids given; the only state it
  //   may touch is ensuring a per-user instance exists (an upsert), so a repeat changes nothing;
  // - trigger upsert is keyed on (trigger type, connected account): a repeat updates
  //   the trigger the first call created, with the same config.
  multiToolkits: "idempotent",
  generateMcpUrl: "idempotent",
  upsertTrigger: "idempotent",
  // POSTs with an effect per call, sent with an Idempotency-Key: without it a repeat
  // after a lost response would make a second project / server / connection /
  // session, or (regenerate_api_key) return a key that a late first attempt has
  // already invalidated; with it the platform answers the repeat with the first
  // attempt's answer.
  createProject: "keyed",
  createMcpServer: "keyed",
  createConnectedAccount: "keyed",
  createToolRouterSession: "keyed",
  regenerateApiKey: "keyed",
  // POSTs never repeated on a guess, key or not:
  // - refresh starts a new authentication flow, superseding the one just started;
  refreshConnectedAccount: "once",
  // - execute_meta runs a meta tool, which can run arbitrary tools against external
  //   applications (send a mail, open an issue): never repeat it on a guess.
  executeMeta: "once",

  // The companion endpoints of issue 15, by the same rules.
  listAuthConfigs: "idempotent",
  listConnectedAccounts: "idempotent",
  getConnectedAccount: "idempotent",
  listTools: "idempotent",
  getTool: "idempotent",
  listMcpServers: "idempotent",
  listWebhookSubscriptions: "idempotent",
  listWebhookEventTypes: "idempotent",
  getWebhookSubscription: "idempotent",
  updateAuthConfig: "idempotent",
  setAuthConfigStatus: "idempotent",
  updateWebhookSubscription: "idempotent",
  deleteAuthConfig: "idempotent",
  deleteConnectedAccount: "idempotent",
  deleteWebhookSubscription: "idempotent",
  // A second auth config or a 409 for a second subscription; a secret a late first attempt replaced.
  createAuthConfig: "keyed",
  createWebhookSubscription: "keyed",
  rotateWebhookSecret: "keyed",
};

/** The statuses worth another attempt (for `once` routes only 429). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export function shouldRetryStatus(policy: RetryClass, status: number): boolean {
  if (!RETRYABLE_STATUSES.has(status)) return false;
  return policy !== "once" || status === 429;
}

export function shouldRetryConnectionError(policy: RetryClass, error: APIConnectionError): boolean {
  if (error instanceof APIConnectionTimeoutError) return policy !== "once";
  if (!error.transient) return false;
  return policy !== "once" || error.neverSent;
}

/** The connection was never established: the server cannot have seen the request. */
const NEVER_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);
/** The connection broke while the request was (maybe) being sent or answered. */
const MAYBE_SENT_CODES = new Set([
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** Error codes of an error, its causes and, for AggregateErrors (happy eyeballs), its members. */
export function errorCodes(error: unknown, depth = 0): string[] {
  if (typeof error !== "object" || error === null || depth > 4) return [];
  const codes: string[] = [];
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") codes.push(code);
  codes.push(...errorCodes((error as { cause?: unknown }).cause, depth + 1));
  const members = (error as { errors?: unknown }).errors;
  if (Array.isArray(members)) for (const m of members) codes.push(...errorCodes(m, depth + 1));
  return codes;
}

/** How a low-level failure is classified: see APIConnectionError. */
export function classifyNetworkError(error: unknown): { neverSent: boolean; transient: boolean; errorCode: string | undefined } {
  const codes = errorCodes(error);
  const neverSent = codes.length > 0 && codes.every((c) => NEVER_SENT_CODES.has(c));
  const transient = codes.some((c) => NEVER_SENT_CODES.has(c) || MAYBE_SENT_CODES.has(c));
  return { neverSent, transient, errorCode: codes[0] };
}

/** Exponential backoff never waits longer than this between attempts (unless the server asks). */
export const MAX_BACKOFF_MS = 8_000;

/**
 * Delay before retry number `retryIndex` (0 for the first retry): `base * 2^n`,
 * capped, with "equal jitter" — a random point in the upper half — so that
 * clients failing together do not retry together.
 */
export function backoffDelay(retryIndex: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(baseMs * 2 ** retryIndex, MAX_BACKOFF_MS, maxMs);
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * The delay a response asks for: `retry-after-ms` (milliseconds, as some
 * gateways send) or `Retry-After` in seconds or as an HTTP date. `undefined`
 * when absent or unreadable; a date in the past gives 0.
 */
export function retryAfterMs(
  headers: Record<string, string | string[] | undefined>,
  now: number = Date.now(),
): number | undefined {
  const ms = headerValue(headers, "retry-after-ms");
  if (ms !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Number(ms);
  const value = headerValue(headers, "retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
