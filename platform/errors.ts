/**
 * Errors of the local platform. Every failure answers the spec's envelope
 * `{ error: { message, code, slug, status, request_id, suggested_fix, errors } }`;
 * handlers throw `ApiError` and the app's error handler renders it.
 */
import type { ApiErrorEnvelope } from "../api";
import { CatalogError } from "./catalog/errors";

export type ErrorSlug =
  | "validation_error"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "idempotency_key_reused"
  | "request_timeout"
  | "payload_too_large"
  | "headers_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "service_unavailable"
  | "internal_error";

export interface ApiErrorOptions {
  suggestedFix?: string;
  errors?: string[];
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly slug: ErrorSlug;
  readonly suggestedFix: string;
  readonly errors: string[];
  readonly headers: Record<string, string>;

  constructor(status: number, slug: ErrorSlug, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.slug = slug;
    this.suggestedFix = options.suggestedFix ?? defaultFix(slug);
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
  }
}

function defaultFix(slug: ErrorSlug): string {
  switch (slug) {
    case "validation_error":
      return "Correct the fields listed in `errors` and send the request again.";
    case "unauthorized":
      return "Send a valid key in the header this route needs.";
    case "forbidden":
      return "Use the kind of key this route needs.";
    case "not_found":
      return "Check the identifier; objects of other projects are not visible with this key.";
    case "method_not_allowed":
      return "Use one of the methods listed in the Allow header.";
    case "conflict":
      return "Choose another value for the conflicting field.";
    case "idempotency_key_reused":
      return "Send a new Idempotency-Key for every new request; reuse one only to repeat the same request.";
    case "request_timeout":
      return "Send the whole request (headers and body) without pausing; the platform closes connections that take longer than its request timeout.";
    case "payload_too_large":
      return "Send a smaller request body.";
    case "headers_too_large":
      return "Send a shorter URL and fewer or smaller headers (16 KB in all).";
    case "unsupported_media_type":
      return "Send the body as application/json.";
    case "rate_limited":
      return "Wait for the number of seconds in Retry-After and retry.";
    case "service_unavailable":
      return "Retry the request after a short wait.";
    case "internal_error":
      return "Retry; if it persists, report it with the request_id.";
  }
}

/** A stable numeric `code` per slug (the spec leaves the value set open). */
const CODES: Record<ErrorSlug, number> = {
  validation_error: 10400,
  unauthorized: 10401,
  forbidden: 10403,
  not_found: 10404,
  method_not_allowed: 10405,
  conflict: 10409,
  idempotency_key_reused: 10410,
  request_timeout: 10408,
  payload_too_large: 10413,
  headers_too_large: 10431,
  unsupported_media_type: 10415,
  rate_limited: 10429,
  service_unavailable: 10503,
  internal_error: 10500,
};

export function envelope(error: ApiError, requestId: string): ApiErrorEnvelope {
  return {
    error: {
      message: error.message,
      code: CODES[error.slug],
      slug: error.slug,
      status: error.status,
      request_id: requestId,
      suggested_fix: error.suggestedFix,
      errors: error.errors,
    },
  };
}

export const badRequest = (message: string, errors: string[] = [], suggestedFix?: string) =>
  new ApiError(400, "validation_error", message, { errors, ...(suggestedFix ? { suggestedFix } : {}) });
export const notFound = (what: string, id: string) =>
  new ApiError(404, "not_found", `${what} ${JSON.stringify(id)} was not found`);
/** The record a lookup found, or the 404 naming what was looked for. */
export function foundOr404<T>(record: T | undefined, what: string, id: string): T {
  if (record === undefined) throw notFound(what, id);
  return record;
}
export const conflict = (message: string, errors: string[] = []) => new ApiError(409, "conflict", message, { errors });
export const idempotencyKeyReused = () =>
  new ApiError(409, "idempotency_key_reused", "This Idempotency-Key was already used for a different request.", {
    errors: ["idempotency-key: already used with another route or body"],
  });

/** Runs a catalog call; its input errors (an unknown version, a bad selector) become 400s naming the field. */
export function catalogCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof CatalogError) {
      const field = error.field ?? "query";
      throw badRequest(`Invalid ${field}: ${error.message}`, [`${field}: ${error.message}`]);
    }
    throw error;
  }
}
