/**
 * The query-string parser. Arrays arrive in three forms and all reach the
 * schemas the same way: comma-separated (`user_ids=a,b`, split by the api/
 * schemas), repeated keys (`user_ids=a&user_ids=b`) and bracket form
 * (`user_ids[]=a&user_ids[]=b`). Bracket objects (`toolkit_versions[github]=20250101_00`)
 * become objects. Keys that would reach an object's prototype are dropped.
 */

export type QueryValue = string | string[] | Record<string, string | string[]>;

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

function decode(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A malformed %-escape is kept as written; the schema will judge the value.
    return spaced;
  }
}

function append(target: Record<string, unknown>, key: string, value: string): void {
  const current = target[key];
  if (current === undefined) target[key] = value;
  else if (Array.isArray(current)) current.push(value);
  else if (typeof current === "string") target[key] = [current, value];
  // an object already under this key (bracket object) and now a plain value: keep the object
}

export function parseQueryString(input: string): Record<string, QueryValue> {
  const result: Record<string, unknown> = Object.create(null);
  if (!input) return result as Record<string, QueryValue>;
  for (const pair of input.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? "" : decode(pair.slice(eq + 1));
    const match = /^([^[\]]+)\[([^[\]]*)\]$/.exec(rawKey);
    if (!match) {
      if (FORBIDDEN.has(rawKey)) continue;
      append(result, rawKey, value);
      continue;
    }
    const [, name, inner] = match as unknown as [string, string, string];
    if (FORBIDDEN.has(name) || FORBIDDEN.has(inner)) continue;
    if (inner === "") {
      // k[]=v: always an array, even with one value
      const current = result[name];
      if (current === undefined) result[name] = [value];
      else if (Array.isArray(current)) current.push(value);
      else if (typeof current === "string") result[name] = [current, value];
      continue;
    }
    // k[sub]=v: an object
    let object = result[name];
    if (object === undefined || typeof object !== "object" || Array.isArray(object)) {
      object = Object.create(null) as Record<string, unknown>;
      result[name] = object;
    }
    append(object as Record<string, unknown>, inner, value);
  }
  // Plain objects outward, so schemas and handlers see ordinary records.
  const plain: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(result)) {
    plain[key] =
      value && typeof value === "object" && !Array.isArray(value)
        ? (Object.fromEntries(Object.entries(value)) as Record<string, string | string[]>)
        : (value as string | string[]);
  }
  return plain;
}
