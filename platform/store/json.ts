/**
 * JSON columns: objects and arrays are stored as JSON text.
 *
 * Rows: node:sqlite answers each row as a null-prototype object in dictionary mode. The
 * stores copy rows into records field by field rather than with `{ ...row }`: spreading
 * such an object costs several times more (≈ 2 µs against 0.5 µs a row of 11 columns), and
 * the records get one shape, which the serialization of the answer profits from too. Lists
 * (MCP servers, trigger instances) read rows as arrays (Db.arrays), cheaper still.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const bool = (value: unknown): boolean => value === 1 || value === 1n || value === true;
export const int = (value: boolean): number => (value ? 1 : 0);

/** `name LIKE ? ESCAPE '\'` for a substring match with user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
