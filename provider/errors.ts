/**
 * Turns client failures into errors fit for a Pulumi diagnostic. The client's
 * messages already carry the API's message, slug, request id and suggested
 * fix; this names the operation and drops the stack trace (the dynamic
 * provider host prints `${err}: ${err.stack}`).
 */
import { NotFoundError } from "./client";

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
