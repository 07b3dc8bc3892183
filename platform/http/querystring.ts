/**
 * The query-string parser, `qs` (what the Stainless SDKs use to write query strings). Arrays
 * arrive in three forms and all reach the schemas the same way: comma-separated
 * (`user_ids=a,b`, kept as written and split by the api/ schemas), repeated keys
 * (`user_ids=a&user_ids=b`) and bracket form (`user_ids[]=a&user_ids[]=b`). Bracket objects
 * (`toolkit_versions[github]=20250101_00`) become objects, one level deep. Keys that would reach
 * an object's prototype are dropped; a malformed %-escape is kept as written (the schema judges it).
 */
import { parse } from "qs";

export type QueryValue = string | string[] | Record<string, string | string[]>;

export function parseQueryString(input: string): Record<string, QueryValue> {
  return parse(input, {
    depth: 1,
    allowPrototypes: false,
    // The URL's length bounds the number of parameters; qs would drop those beyond 1000 silently.
    parameterLimit: Infinity,
    duplicates: "combine",
    comma: false,
  }) as Record<string, QueryValue>;
}
