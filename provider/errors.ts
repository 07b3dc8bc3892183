/**
 * Turns client failures into errors fit for a Pulumi diagnostic: the API's
 * message, slug, request id and suggested fix, with no stack trace (the
 * dynamic provider host prints `${err}: ${err.stack}`, so the stack is the
 * message again rather than a trace).
 */
import { APIError, IntegrationPlatformError } from "./client";

export class ProviderError extends Error {
  override name = "IntegrationPlatformError";
  constructor(message: string) {
    super(message);
    // The host appends the stack to every failure; keep it to the message's own text.
    Object.defineProperty(this, "stack", { value: "see the message above", enumerable: false });
  }
  override toString(): string {
    return this.message;
  }
}

/** `what` says which operation failed, e.g. `creating MCP server "support"`. */
export function providerError(what: string, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof APIError) {
    const parts = [`${what} failed: ${err.message}`];
    return new ProviderError(parts.join(""));
  }
  if (err instanceof IntegrationPlatformError || err instanceof Error) {
    return new ProviderError(`${what} failed: ${err.message}`);
  }
  return new ProviderError(`${what} failed: ${String(err)}`);
}

/** Runs `fn`, rethrowing any failure as a ProviderError that names the operation. */
export async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw providerError(what, err);
  }
}
