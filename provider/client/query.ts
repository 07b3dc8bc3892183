/**
 * Query-string serialization, as the public client does it:
 * - arrays comma-separated: `user_ids=a,b` (empty arrays omitted);
 * - objects in bracket notation: `toolkit_versions[github]=20250101_00`;
 * - `undefined` and `null` omitted (the spec's nullable parameters mean "not given");
 * - everything else `String(value)`, percent-encoded; the commas joining an
 *   array and the brackets of an object key are left literal.
 */
export function serializeQuery(query: object | undefined): string {
  if (!query) return "";
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) append(parts, encodeURIComponent(key), value);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

function scalar(value: unknown): string {
  return encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));
}

function append(parts: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== undefined && v !== null).map(scalar);
    if (items.length > 0) parts.push(`${key}=${items.join(",")}`);
    return;
  }
  if (typeof value === "object" && !(value instanceof Date)) {
    for (const [sub, v] of Object.entries(value)) append(parts, `${key}[${encodeURIComponent(sub)}]`, v);
    return;
  }
  parts.push(`${key}=${scalar(value)}`);
}
