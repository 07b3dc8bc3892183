import { expect } from "vitest";

/** Awaits an engine operation that must fail and returns its message: everything the engine printed. */
export async function failureMessage(operation: Promise<unknown>): Promise<string> {
  const error = await operation.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error, "the operation should fail").toBeInstanceOf(Error);
  return String((error as Error).message);
}
