/**
 * Building blocks shared by every area of the contract: timestamps, identifiers,
 * the spec's limits, query-string coercion and the two pagination envelopes.
 */
import { z } from "zod";

/** ISO 8601 timestamp (`ts` in the spec). Offsets are allowed so other servers' answers parse. */
export const Timestamp = z.iso.datetime({ offset: true });

/** Every list of the cursor style caps `limit` at 1000. */
export const MAX_LIMIT = 1000;

/** Toolkit, tool and trigger type versions: `YYYYMMDD_NN`. */
export const VERSION_PATTERN = /^\d{8}_\d{2}$/;
export const Version = z
  .string()
  .regex(VERSION_PATTERN, "must look like YYYYMMDD_NN, e.g. 20250905_00");
/** A version selector: a concrete version or `latest`. */
export const VersionSelector = z.union([z.literal("latest"), Version]);

/** A non-empty identifier in a path or body. */
export const Id = z.string().min(1, "must not be empty");

/**
 * The longest user id, wherever one appears (URL generation's `user_ids`, an MCP instance's
 * path, a connected account's or a tool router session's `user_id`, trigger filters): one limit,
 * so whatever can be created can also be named in a path and deleted: within the router's limit
 * on a path parameter (2048 decoded characters, platform/plugins/error-envelope.ts), and even
 * %-encoded at 9 characters for each of 1024 three-byte characters, within node's 16 KB for a
 * request line and its headers.
 */
export const USER_ID_MAX_LENGTH = 1024;
export const UserId = z
  .string()
  .min(1, "must not be empty")
  .max(USER_ID_MAX_LENGTH, `must be at most ${USER_ID_MAX_LENGTH} characters`);

/** Ids one request may list where each costs work and answer (URL generation's `user_ids`, `connected_account_ids`). */
export const MAX_IDS_PER_REQUEST = 100;
/** Items of any other list in a body (tools, toolkits, auth config ids of an MCP server). */
export const MAX_LIST_ITEMS = 1000;

/** A URL the platform sends a browser to (callbacks, redirects): http or https only. */
export const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http or https URL" });

/**
 * Query values arrive as strings. These preprocessors accept both what a
 * caller of the client passes (numbers, booleans, arrays) and what a server
 * reads off the wire (strings), so one schema serves both ends.
 */
function emptyToUndefined(value: unknown): unknown {
  return value === "" || value === null ? undefined : value;
}

/**
 * `z.preprocess` types its input as `unknown`; this restores what a caller may
 * pass (the wire form a server reads is always a string or string array).
 */
function accepting<In>() {
  return <S extends z.ZodType>(schema: S) =>
    schema as unknown as z.ZodOptional<z.ZodType<NonNullable<z.output<S>>, NonNullable<In>>>;
}
type Absent = undefined | null | "";

/** `limit`: a whole number 1..max; absent, empty or `null` means "default". */
export function queryLimit(max = MAX_LIMIT) {
  return accepting<number | string | Absent>()(z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(max, `must be at most ${max}`)
      .optional(),
  ));
}

/** 1-based page number of the MCP listings. */
export const QueryPageNo = accepting<number | string | Absent>()(z.preprocess(
  emptyToUndefined,
  z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "pages start at 1").optional(),
));

/** Booleans in a query: true/false/1/0, case-insensitive. */
export const QueryBoolean = accepting<boolean | string | Absent>()(z.preprocess((value) => {
  const v = emptyToUndefined(value);
  if (typeof v !== "string") return v;
  const lower = v.toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  return v;
}, z.boolean({ error: "must be true or false" }).optional()));

/**
 * Arrays in a query. The public client sends them comma-separated
 * (`user_ids=a,b`); repeated keys and bracket form reach the schema as an array
 * (the server's query parser folds `k[]` into `k`). Both are flattened here.
 */
export function queryArrayOf(item: z.ZodType<string>) {
  return accepting<string | string[] | Absent>()(z.preprocess((value) => {
    const v = emptyToUndefined(value);
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((item) =>
      typeof item === "string" ? item.split(",") : [item],
    );
    return parts.map((p) => (typeof p === "string" ? p.trim() : p)).filter((p) => p !== "");
  }, z.array(item).optional()));
}
export const QueryStringArray = queryArrayOf(z.string());

/** An enum in a query, with a message that lists the allowed values. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return accepting<T[number] | Absent>()(
    z.preprocess(emptyToUndefined, z.enum(values, { error: `must be one of: ${values.join(", ")}` }).optional()),
  );
}

/** Marks a field or parameter deprecated: kept for compatibility, shown as such in OpenAPI. */
export function deprecated<T extends z.ZodType>(schema: T, use?: string): T {
  return schema.meta({ deprecated: true, description: use ? `Deprecated: use ${use}.` : "Deprecated." }) as T;
}

/** Page-number pagination (MCP listings). */
export const PagePagination = z.looseObject({
  total_pages: z.number().int(),
  current_page: z.number().int(),
});

/** Cursor pagination (projects, toolkits, trigger instances, trigger types). */
export const CursorPagination = z.looseObject({
  next_cursor: z.string().nullable(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
  total_items: z.number().int(),
});

/** A cursor-paginated list of `item` under `key`. */
export function cursorPage<K extends string, T extends z.ZodType>(key: K, item: T) {
  return CursorPagination.extend({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> });
}

/** The answer of every delete: the id and its `deleted` flag. */
export const DeletedAnswer = z.looseObject({ id: z.string(), deleted: z.boolean() });

/** An optional free-text query value; empty means absent. */
export const QueryText = accepting<string | Absent>()(z.preprocess(emptyToUndefined, z.string().optional()));

export const CursorQuery = {
  limit: queryLimit(),
  cursor: QueryText,
};
