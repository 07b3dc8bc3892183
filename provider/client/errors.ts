/**
 * Errors of the client. Every failure a caller can see is an
 * `IntegrationPlatformError`; HTTP failures are `APIError`s subclassed by
 * status, keeping the fields of the API's error envelope.
 *
 * No error ever carries an API key: server-provided text passes through the
 * client's redactor before it lands in a message or a field, and no error
 * keeps request headers.
 */
import { STATUS_CODES } from "node:http";
import { ApiErrorEnvelope } from "../../api/errors";
import { REQUEST_ID_HEADER } from "../../api/routes";
import type { AuthScheme } from "../../api/routes";
import { SETTINGS } from "../settings";

/** Replaces every occurrence of a secret in a text; identity when there is none. */
export type Redactor = (text: string) => string;

export class IntegrationPlatformError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Not enumerable, so that util.inspect and JSON show it only once (in the stack).
    Object.defineProperty(this, "name", { value: new.target.name, enumerable: false, configurable: true, writable: true });
  }
}

/** Where to set each key, named in the error raised when one is missing. */
export const CREDENTIAL_SOURCES = {
  apiKey: { option: "apiKey", configKey: SETTINGS.apiKey.config, envVar: SETTINGS.apiKey.env, what: "project API key" },
  orgApiKey: { option: "orgApiKey", configKey: SETTINGS.orgApiKey.config, envVar: SETTINGS.orgApiKey.env, what: "organization API key" },
} as const;

/** The route needs a key the client was not given. Raised before any request is sent. */
export class MissingCredentialsError extends IntegrationPlatformError {
  readonly auth: Exclude<AuthScheme, "none">;
  readonly configKey: string;
  readonly envVar: string;
  /** The endpoint in spec form, e.g. `POST /api/v3/org/owner/project/new`. */
  readonly endpoint: string;

  constructor(auth: Exclude<AuthScheme, "none">, endpoint: string) {
    const source = CREDENTIAL_SOURCES[auth];
    super(
      `${endpoint} needs an ${source.what} but none is configured. ` +
        `Set the Pulumi config "${source.configKey}" (as a secret: pulumi config set --secret ${source.configKey} ...) ` +
        `or the environment variable ${source.envVar}.`,
    );
    this.auth = auth;
    this.configKey = source.configKey;
    this.envVar = source.envVar;
    this.endpoint = endpoint;
  }
}

/** What request an error is about: the method and the concrete path (ids filled in, no query). */
export interface RequestInfo {
  method: string;
  path: string;
}

export interface APIErrorFields extends RequestInfo {
  status: number;
  message: string;
  slug?: string | undefined;
  code?: number | undefined;
  requestId?: string | undefined;
  suggestedFix?: string | undefined;
  errors?: string[] | undefined;
}

/** The server answered with a status outside 2xx. */
export class APIError extends IntegrationPlatformError {
  readonly status: number;
  readonly slug: string | undefined;
  readonly code: number | undefined;
  readonly requestId: string | undefined;
  readonly suggestedFix: string | undefined;
  readonly errors: string[];
  readonly method: string;
  readonly path: string;
  /** The server's own message, without the status and details this error's message adds. */
  readonly serverMessage: string;

  constructor(fields: APIErrorFields) {
    super(formatApiErrorMessage(fields));
    this.status = fields.status;
    this.slug = fields.slug;
    this.code = fields.code;
    this.requestId = fields.requestId;
    this.suggestedFix = fields.suggestedFix;
    this.errors = fields.errors ?? [];
    this.method = fields.method;
    this.path = fields.path;
    this.serverMessage = fields.message;
  }
}

export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class UnprocessableEntityError extends APIError {}
export class RateLimitError extends APIError {}
export class InternalServerError extends APIError {}

/** `404 Not Found: MCP server "x" not found [detail; detail] (slug mcp_server_not_found, request req_123). Fix: ...` */
function formatApiErrorMessage(f: APIErrorFields): string {
  const statusText = STATUS_CODES[f.status] ?? "Error";
  let text = `${f.status} ${statusText}: ${f.message}`;
  if (f.errors && f.errors.length > 0) text += ` [${f.errors.join("; ")}]`;
  const ids = [f.slug ? `slug ${f.slug}` : undefined, f.requestId ? `request ${f.requestId}` : undefined].filter(Boolean);
  if (ids.length > 0) text += ` (${ids.join(", ")})`;
  if (f.suggestedFix) text += `. Fix: ${f.suggestedFix}`;
  return text;
}

function errorClassFor(status: number): typeof APIError {
  switch (status) {
    case 400: return BadRequestError;
    case 401: return AuthenticationError;
    case 403: return PermissionDeniedError;
    case 404: return NotFoundError;
    case 409: return ConflictError;
    case 422: return UnprocessableEntityError;
    case 429: return RateLimitError;
    default: return status >= 500 ? InternalServerError : APIError;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

/** Reads a header of an undici/node response (string, array of strings or absent). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Builds the typed error of a non-2xx response. The body should be the API's
 * envelope; anything else (the empty object the spec allows for one DELETE
 * error, a proxy's HTML page, nothing at all) still gives a useful error, and
 * the request id falls back to the `x-request-id` header.
 */
export function makeApiError(input: {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
  request: RequestInfo;
  redact: Redactor;
}): APIError {
  const { status, headers, bodyText, request, redact } = input;
  let json: unknown;
  try {
    json = bodyText.trim() === "" ? undefined : JSON.parse(bodyText);
  } catch {
    json = undefined;
  }

  let detail: Record<string, unknown> = {};
  const envelope = ApiErrorEnvelope.safeParse(json);
  if (envelope.success) detail = envelope.data.error;
  else if (isRecord(json) && isRecord(json.error)) detail = json.error;
  else if (isRecord(json)) detail = json;

  let message = str(detail.message);
  if (message === undefined) {
    if (isRecord(json) && Object.keys(json).length === 0) message = "the server sent an empty error body";
    else if (json === undefined && bodyText.trim() !== "") message = bodyText.trim().slice(0, 300);
    else message = "the server sent no error details";
  }
  const errors = Array.isArray(detail.errors) ? detail.errors.filter((e): e is string => typeof e === "string") : [];
  const code = typeof detail.code === "number" ? detail.code : undefined;
  const requestId = str(detail.request_id) ?? headerValue(headers, REQUEST_ID_HEADER);
  const slug = str(detail.slug);
  const suggestedFix = str(detail.suggested_fix);

  const ErrorClass = errorClassFor(status);
  return new ErrorClass({
    status,
    message: redact(message),
    slug: slug && redact(slug),
    code,
    requestId: requestId && redact(requestId),
    suggestedFix: suggestedFix && redact(suggestedFix),
    errors: errors.map(redact),
    method: request.method,
    path: request.path,
  });
}

/** The request never produced a response: DNS, refused or reset connection, socket closed. */
export class APIConnectionError extends IntegrationPlatformError {
  readonly method: string;
  readonly path: string;
  /**
   * True when the connection was never established (refused, unknown host, connect
   * timeout), so the server certainly did not see the request: safe to retry any route.
   */
  readonly neverSent: boolean;
  /** True when the failure is of a kind that may go away (network), false for e.g. invalid arguments. */
  readonly transient: boolean;
  /** The low-level error code (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...), when there is one. */
  readonly errorCode: string | undefined;

  constructor(
    message: string,
    fields: RequestInfo & { neverSent?: boolean; transient?: boolean; errorCode?: string | undefined; cause?: unknown },
  ) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.method = fields.method;
    this.path = fields.path;
    this.neverSent = fields.neverSent ?? false;
    this.transient = fields.transient ?? true;
    this.errorCode = fields.errorCode;
  }
}

/** An attempt took longer than the timeout (`timeoutMs`, per attempt). */
export class APIConnectionTimeoutError extends APIConnectionError {
  readonly timeoutMs: number;
  constructor(request: RequestInfo, timeoutMs: number) {
    super(`${request.method} ${request.path} timed out after ${timeoutMs} ms`, { ...request, transient: true });
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. Never retried. */
export class APIUserAbortError extends IntegrationPlatformError {
  readonly method: string;
  readonly path: string;
  constructor(request: RequestInfo) {
    super(`${request.method} ${request.path} was aborted by the caller`);
    this.method = request.method;
    this.path = request.path;
  }
}

export interface ResponseIssue {
  /** Dotted path into the body, e.g. `items[0].name`; `(root)` for the body itself. */
  path: string;
  message: string;
}

/**
 * A 2xx response did not match the route's schema (or was not JSON). The
 * message names the endpoint in spec form and every field at fault. The body
 * itself is not kept: it may hold secrets (a created project's API key).
 */
export class InvalidResponseError extends IntegrationPlatformError {
  /** The endpoint in spec form, e.g. `GET /api/v3/mcp/{id}`. */
  readonly endpoint: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly issues: ResponseIssue[];

  constructor(fields: RequestInfo & { endpoint: string; status: number; requestId?: string | undefined; issues: ResponseIssue[] }) {
    const list = fields.issues.map((i) => `${i.path}: ${i.message}`).join("; ");
    const request = fields.requestId ? `, request ${fields.requestId}` : "";
    super(`Invalid response from ${fields.endpoint} (status ${fields.status}${request}): ${list}`);
    this.endpoint = fields.endpoint;
    this.method = fields.method;
    this.path = fields.path;
    this.status = fields.status;
    this.requestId = fields.requestId;
    this.issues = fields.issues;
  }
}
