/**
 * Cursor pagination shared by every cursor-style list of the local platform
 * (projects, toolkits, trigger instances, trigger types).
 *
 * The spec's cursor is "base64 of page and limit": here the base64url encoding
 * of the JSON `{"page":N,"limit":L}`. Decoding accepts standard base64 as well.
 */
import { MAX_LIMIT } from "../../api/common";
import { CatalogError } from "./errors";

export interface CursorPosition {
  /** 1-based page number. */
  page: number;
  /** Items per page. */
  limit: number;
}

/** A type alias rather than an interface, so it is assignable to the contract's loose (index-signature) page types. */
export type CursorPageResult<T> = {
  items: T[];
  next_cursor: string | null;
  total_pages: number;
  current_page: number;
  total_items: number;
};

export interface CursorOptions {
  /** Items per page; when absent the cursor's limit, else `defaultLimit`. */
  limit?: number | null;
  /** Cursor from a previous page; absent for the first page. */
  cursor?: string | null;
  /** Items per page when neither `limit` nor a cursor gives one (20 unless set). */
  defaultLimit?: number;
}

export const DEFAULT_PAGE_LIMIT = 20;

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ page: position.page, limit: position.limit }), "utf8").toString("base64url");
}

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** Decodes a cursor; anything that is not one of ours throws `CatalogError("invalid cursor ...", "cursor")`. */
export function decodeCursor(cursor: string): CursorPosition {
  const invalid = (why: string) => new CatalogError(`invalid cursor: ${why}`, "cursor");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(cursor)) throw invalid("not base64");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8"));
  } catch {
    throw invalid("not a cursor returned by this API");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalid("not a cursor returned by this API");
  }
  const { page, limit } = parsed as Record<string, unknown>;
  if (!isWhole(page, 1, Number.MAX_SAFE_INTEGER)) throw invalid("page must be a whole number of at least 1");
  if (!isWhole(limit, 1, MAX_LIMIT)) throw invalid(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return { page, limit };
}

/** The page a request asks for: its position and the index of its first item. */
export interface CursorWindow extends CursorPosition {
  /** `(page - 1) * limit`. */
  offset: number;
}

/**
 * The page asked for. The page comes from the cursor (first page without one);
 * the page size is `limit` when given, else the cursor's, else `defaultLimit`.
 */
export function cursorWindow(opts: CursorOptions = {}): CursorWindow {
  const position = opts.cursor ? decodeCursor(opts.cursor) : undefined;
  const limit = opts.limit ?? position?.limit ?? opts.defaultLimit ?? DEFAULT_PAGE_LIMIT;
  if (!isWhole(limit, 1, MAX_LIMIT)) {
    throw new CatalogError(`limit must be a whole number from 1 to ${MAX_LIMIT}`, "limit");
  }
  const page = position?.page ?? 1;
  return { page, limit, offset: (page - 1) * limit };
}

/** The answer for a window's `items` (already cut, e.g. by SQL) out of `totalItems`. */
export function cursorPageOf<T>(items: T[], totalItems: number, window: CursorWindow): CursorPageResult<T> {
  const totalPages = Math.max(1, Math.ceil(totalItems / window.limit));
  return {
    items,
    next_cursor: window.page < totalPages ? encodeCursor({ page: window.page + 1, limit: window.limit }) : null,
    total_pages: totalPages,
    current_page: window.page,
    total_items: totalItems,
  };
}

/**
 * One page of `items` (see cursorWindow for the page asked for).
 * A page past the end is empty with `next_cursor: null`.
 */
export function paginateByCursor<T>(items: readonly T[], opts: CursorOptions = {}): CursorPageResult<T> {
  const window = cursorWindow(opts);
  return cursorPageOf(items.slice(window.offset, window.offset + window.limit), items.length, window);
}
