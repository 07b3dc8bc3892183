/** Column values: objects and arrays are stored as JSON text, booleans as 0/1; conditions on user values (LIKE, IN). */
import type { SQLInputValue } from "node:sqlite";

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

/** `to(value)`, or undefined when the value is: a field an update leaves as is. */
export function given<T, R>(value: T | undefined, to: (value: T) => R): R | undefined {
  return value === undefined ? undefined : to(value);
}

/**
 * The SET clause of an UPDATE and its arguments in order: `updated_at = ?`, then each
 * column given a value (`undefined`: left as is; `null`: set to NULL).
 */
export function setChanged(at: string, columns: Record<string, SQLInputValue | undefined>): { sets: string; args: SQLInputValue[] } {
  const changed = Object.entries(columns).filter((entry): entry is [string, SQLInputValue] => entry[1] !== undefined);
  return { sets: ["updated_at = ?", ...changed.map(([column]) => `${column} = ?`)].join(", "), args: [at, ...changed.map(([, value]) => value)] };
}

/** `name LIKE ? ESCAPE '\'` for a substring match with user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Adds `column IN (?, …)` to `where` and its values to `args`; no values, no condition. */
export function whereAnyOf(where: string[], args: SQLInputValue[], column: string, values: readonly string[] | undefined): void {
  if (!values?.length) return;
  where.push(`${column} IN (${values.map(() => "?").join(", ")})`);
  args.push(...values);
}
