/**
 * The API's two pagination styles as async generators.
 *
 * - Cursor style (projects, toolkits, trigger instances, trigger types): each
 *   page carries `next_cursor`; follow it until it is null or empty. Items sit
 *   under `items`, or `data` for projects.
 * - Page style (MCP listings): ask for `page_no` 1, 2, ... until
 *   `current_page >= total_pages`.
 *
 * Pages are fetched lazily, one at a time, as the consumer iterates; breaking
 * out of a `for await` stops fetching.
 */
import { IntegrationPlatformError } from "./errors";
import type { ItemOf } from "./types";

export interface CursorPageShape {
  next_cursor?: string | null | undefined;
}

export interface NumberedPageShape {
  total_pages: number;
  current_page: number;
}

/** The cursor a caller's query starts from (query values are loosely typed by the contract). */
export function startCursor(query: { cursor?: unknown } | undefined): string | undefined {
  return typeof query?.cursor === "string" && query.cursor !== "" ? query.cursor : undefined;
}

/** The page a caller's query starts from; 1 when absent. */
export function startPage(query: { page_no?: unknown } | undefined): number {
  const page = Number(query?.page_no ?? 1);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Whole pages of a cursor-style list, starting at `startCursor` (the first page when absent). */
export async function* cursorPages<P extends CursorPageShape>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  startCursor?: string,
): AsyncGenerator<P> {
  const seen = new Set<string>();
  let cursor = startCursor || undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    const next = page.next_cursor;
    if (next === null || next === undefined || next === "") return;
    // A server that hands back a cursor twice would loop forever; say so instead.
    if (seen.has(next) || next === cursor) {
      throw new IntegrationPlatformError(`pagination stopped: the server returned the cursor "${next}" a second time`);
    }
    seen.add(next);
    cursor = next;
  }
}

/** Items of every page of a cursor-style list, read from `key` (`items` or `data`). */
export async function* iterateCursor<K extends string, P extends CursorPageShape & { [k in K]: readonly unknown[] }>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  key: K,
  startCursor?: string,
): AsyncGenerator<ItemOf<P[K]>> {
  for await (const page of cursorPages(fetchPage, startCursor)) {
    yield* page[key] as readonly ItemOf<P[K]>[];
  }
}

/** Whole pages of a page-number list, from `startPage` (1 when absent) to the last. */
export async function* numberedPages<P extends NumberedPageShape>(
  fetchPage: (pageNo: number) => Promise<P>,
  startPage?: number,
): AsyncGenerator<P> {
  let pageNo = startPage ?? 1;
  for (;;) {
    const page = await fetchPage(pageNo);
    yield page;
    // Also stop when the page asked for is the last, so that a server that keeps
    // answering `current_page: 1` cannot make this loop forever.
    if (page.current_page >= page.total_pages || pageNo >= page.total_pages) return;
    pageNo = Math.max(page.current_page, pageNo) + 1;
  }
}

/** Items of every page of a page-number list, read from `key` (`items`, `instances`). */
export async function* iteratePages<K extends string, P extends NumberedPageShape & { [k in K]: readonly unknown[] }>(
  fetchPage: (pageNo: number) => Promise<P>,
  key: K,
  startPage?: number,
): AsyncGenerator<ItemOf<P[K]>> {
  for await (const page of numberedPages(fetchPage, startPage)) {
    yield* page[key] as readonly ItemOf<P[K]>[];
  }
}

/** Gathers an async iterable into an array, stopping (and fetching no further page) after `max` items. */
export async function collect<T>(iterable: AsyncIterable<T>, max = Infinity): Promise<T[]> {
  const out: T[] = [];
  if (max <= 0) return out;
  for await (const item of iterable) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
