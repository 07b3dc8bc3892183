/**
 * Pagination of every list of the local platform, in one place.
 *
 * - Cursor lists (projects, toolkits, trigger instances, trigger types) answer a `CursorPage`.
 *   The spec's cursor is "base64 of page and limit": here the base64url encoding of the JSON
 *   `{"page":N,"limit":L}`; decoding accepts standard base64 as well.
 * - Page-number lists (MCP servers and instances) take `page_no` and `limit` (`pageWindow`).
 *
 * Lists cut by the store (SQL `LIMIT … OFFSET …`) hand back a `Slice`: the page's items and the
 * number of matches; lists held in memory (the catalog) are cut by `paginateByCursor`.
 * A bad cursor or limit is a 400 naming the field.
 */
import { MAX_LIMIT } from "../api/common";
import { badRequest } from "./errors";

/** Items per page when neither the request nor its cursor gives a limit. */
export const DEFAULT_PAGE_LIMIT = 20;

/** A type alias rather than an interface, so it is assignable to the contract's loose (index-signature) page types. */
export type CursorPage<T> = {
  items: T[];
  next_cursor: string | null;
  total_pages: number;
  current_page: number;
  total_items: number;
};

/** One page of a list cut by the store, and how many items match in all. */
export interface Slice<T> {
  items: T[];
  total: number;
}

/** What a cursor list request asks for. */
export interface CursorQuery {
  /** Items per page; when absent the cursor's limit, else the default limit. */
  limit?: number | null | undefined;
  /** Cursor from a previous page; absent for the first page. */
  cursor?: string | null | undefined;
}

export interface CursorPosition {
  /** 1-based page number. */
  page: number;
  /** Items per page. */
  limit: number;
}

/** The page a request asks for: its position and the index of its first item. */
export interface PageWindow extends CursorPosition {
  /** `(page - 1) * limit`. */
  offset: number;
}

/** At least 1, so an empty list is one empty page. */
export function totalPages(totalItems: number, limit: number): number {
  return Math.max(1, Math.ceil(totalItems / limit));
}

function invalid(field: "cursor" | "limit", message: string) {
  return badRequest(`Invalid ${field}: ${message}`, [`${field}: ${message}`]);
}

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ page: position.page, limit: position.limit }), "utf8").toString("base64url");
}

/** Decodes a cursor; anything that is not one of ours is a 400 on the field `cursor`. */
export function decodeCursor(cursor: string): CursorPosition {
  const notOurs = (why: string) => invalid("cursor", `invalid cursor: ${why}`);
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(cursor)) throw notOurs("not base64");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8"));
  } catch {
    throw notOurs("not a cursor returned by this API");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw notOurs("not a cursor returned by this API");
  const { page, limit } = parsed as Record<string, unknown>;
  if (!isWhole(page, 1, Number.MAX_SAFE_INTEGER)) throw notOurs("page must be a whole number of at least 1");
  if (!isWhole(limit, 1, MAX_LIMIT)) throw notOurs(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return { page, limit };
}

/**
 * The page a cursor request asks for. The page comes from the cursor (first page without one);
 * the page size is `limit` when given, else the cursor's, else `defaultLimit`.
 */
export function cursorWindow(query: CursorQuery = {}, defaultLimit = DEFAULT_PAGE_LIMIT): PageWindow {
  const position = query.cursor ? decodeCursor(query.cursor) : undefined;
  const limit = query.limit ?? position?.limit ?? defaultLimit;
  if (!isWhole(limit, 1, MAX_LIMIT)) throw invalid("limit", `limit must be a whole number from 1 to ${MAX_LIMIT}`);
  const page = position?.page ?? 1;
  return { page, limit, offset: (page - 1) * limit };
}

/** The answer for a window's `items` (already cut, e.g. by SQL) out of `totalItems`. */
export function cursorPageOf<T>(items: T[], totalItems: number, window: PageWindow): CursorPage<T> {
  const pages = totalPages(totalItems, window.limit);
  return {
    items,
    next_cursor: window.page < pages ? encodeCursor({ page: window.page + 1, limit: window.limit }) : null,
    total_pages: pages,
    current_page: window.page,
    total_items: totalItems,
  };
}

/** One page of a list held in memory; a page past the end is empty with `next_cursor: null`. */
export function paginateByCursor<T>(items: readonly T[], query: CursorQuery = {}, defaultLimit = DEFAULT_PAGE_LIMIT): CursorPage<T> {
  const window = cursorWindow(query, defaultLimit);
  return cursorPageOf(items.slice(window.offset, window.offset + window.limit), items.length, window);
}

/** 1-based page-number pagination (MCP listings): `page_no` and `limit` as sent, or their defaults. */
export function pageWindow(pageNo: number | undefined, limit: number | undefined, defaultLimit: number): PageWindow {
  const size = limit ?? defaultLimit;
  const page = pageNo ?? 1;
  return { offset: (page - 1) * size, limit: size, page };
}

/** `total_pages` and `current_page` of a page-number answer. */
export function pageNumbers(totalItems: number, window: PageWindow): { total_pages: number; current_page: number } {
  return { total_pages: totalPages(totalItems, window.limit), current_page: window.page };
}
