/**
 * Turns client failures into errors fit for a Pulumi diagnostic. The client's
 * messages already carry the API's message, slug, request id and suggested
 * fix; this names the operation and drops the stack trace (the dynamic
 * provider host prints `${err}: ${err.stack}`).
 */
import * as pulumi from "@pulumi/pulumi";
import { APIError, NotFoundError } from "./client";

export class ProviderError extends Error {
  override name = "IntegrationPlatformError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    Object.defineProperty(this, "stack", { value: "(no stack: see the message)", enumerable: false });
  }
  override toString(): string {
    return this.message;
  }
}

/** `what` names the operation, e.g. `creating MCP server "support"`. */
export function providerError(what: string, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderError(`${what} failed: ${message}`, { cause: err });
}

/**
 * A data-source function's failure. A `RunError`, so Pulumi prints its message
 * alone: no stack into the package's sources, no `[cause]` dump. It carries
 * what the API said (status, slug, request id, suggested fix) as fields too.
 */
export class FunctionError extends pulumi.RunError {
  override name = "IntegrationPlatformFunctionError";
  readonly status: number | undefined;
  readonly slug: string | undefined;
  readonly requestId: string | undefined;
  readonly suggestedFix: string | undefined;
  constructor(message: string, api?: APIError) {
    super(message);
    this.status = api?.status;
    this.slug = api?.slug;
    this.requestId = api?.requestId;
    this.suggestedFix = api?.suggestedFix;
    Object.defineProperty(this, "stack", { value: `${this.name}: ${message}`, enumerable: false });
  }
}

/** `name` is the function, e.g. `getToolkit("github")`; the message carries the API's status, message, request id and fix. */
export function functionError(name: string, err: unknown): FunctionError {
  if (err instanceof FunctionError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new FunctionError(`${name} failed: ${message}`, err instanceof APIError ? err : undefined);
}

/** Runs `fn` once; a failure is rethrown as a ProviderError that names the operation (nothing is retried here). */
export async function labelFailure<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw providerError(what, err);
  }
}

/** `fn`'s result, or undefined when the object does not exist (404): gone is an answer, not a failure. */
export async function unlessNotFound<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}
