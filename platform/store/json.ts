/** Column values: objects and arrays are stored as JSON text, booleans as 0/1. */
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
