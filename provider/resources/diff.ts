/** Local, exact diffing shared by the resource providers. */
import { isDeepStrictEqual } from "node:util";

/** The string the engine sends in place of a value not known during preview. */
export const UNKNOWN_PLACEHOLDER = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  if (value === UNKNOWN_PLACEHOLDER) return true;
  if (Array.isArray(value)) return value.some(isUnknown);
  if (value && typeof value === "object") return Object.values(value).some(isUnknown);
  return false;
}

/**
 * The declared keys whose new value differs from the old one. A key the user
 * stopped declaring (new value undefined) is not a change: the platform keeps
 * its value, and there is no API call that would "unset" it.
 */
export function changedKeys<K extends string>(keys: readonly K[], olds: Partial<Record<K, unknown>>, news: Partial<Record<K, unknown>>): K[] {
  return keys.filter((key) => news[key] !== undefined && !isDeepStrictEqual(normalize(olds[key]), normalize(news[key])));
}

/** A null in the state (a value the API reported as null) compares as not set. */
function normalize(value: unknown): unknown {
  if (value === null) return undefined;
  return value;
}

/** Copies only the keys that are defined. */
export function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Drops `undefined` everywhere in a value: the engine's protobuf Struct
 * cannot carry it ("Unexpected struct type"), and an absent key says the same.
 */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutUndefined(v)]),
    ) as T;
  }
  return value;
}
