/**
 * Query-string serialization, as the public client does it, by `qs` (what
 * the Stainless SDKs vendor):
 * - arrays comma-separated: `user_ids=a,b` (empty arrays omitted);
 * - objects in bracket notation: `toolkit_versions[github]=20250101_00`;
 * - `undefined` and `null` omitted (the spec's nullable parameters mean "not given");
 * - values percent-encoded (RFC 3986); the commas joining an array and the
 *   brackets of an object key are left literal.
 */
import type * as Qs from "qs";

export function serializeQuery(query: object | undefined): string {
  if (!query) return "";
  // Loaded on the first query: most provider processes send none (see dispatcher.ts on undici).
  const qs = require("qs") as typeof Qs;
  return qs.stringify(prepare(query), { arrayFormat: "comma", encodeValuesOnly: true, skipNulls: true, format: "RFC3986", addQueryPrefix: true });
}

/**
 * `encodeValuesOnly` keeps the joining commas literal but leaves keys as they
 * are, so keys are percent-encoded here; null items of arrays are dropped.
 */
function prepare(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined && item !== null);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [encodeURIComponent(key), prepare(item)]));
}
