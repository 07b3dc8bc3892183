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
 * out of a `for await` stops fetching. A list method returns a `PagePromise`,
 * which is both the first page (awaited) and the items of all pages (iterated).
 */
import { IntegrationPlatformError } from "./errors";

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

/** How a list pages: by `next_cursor` or by `page_no`. */
export type Paging = "cursor" | "page_no";

/**
 * What a list method returns (Stainless's `PagePromise`): `await` it for the one
 * page the query asks for, or `for await` it for the items of every page from
 * there on, read from `key`. Nothing is fetched until one of the two starts.
 * Awaiting sends the query as given (once, however often awaited); iterating
 * states the start cursor or page explicitly and so fetches its own first page.
 */
export class PagePromise<P extends object, Item> implements Promise<P>, AsyncIterable<Item> {
  readonly [Symbol.toStringTag] = "PagePromise";
  readonly #fetchPage: (query: object | undefined) => Promise<P>;
  readonly #query: Record<string, unknown> | undefined;
  readonly #key: keyof P;
  readonly #paging: Paging;
  #first: Promise<P> | undefined;

  constructor(fetchPage: (query: object | undefined) => Promise<P>, query: object | undefined, key: keyof P, paging: Paging) {
    this.#fetchPage = fetchPage;
    this.#query = query as Record<string, unknown> | undefined;
    this.#key = key;
    this.#paging = paging;
  }

  #firstPage(): Promise<P> {
    return (this.#first ??= this.#fetchPage(this.#query));
  }

  then<A = P, B = never>(
    onfulfilled?: ((page: P) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<P | B> {
    return this.#firstPage().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<P> {
    return this.#firstPage().finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const next = (override: object): Promise<P> => this.#fetchPage({ ...this.#query, ...override });
    const pages: AsyncGenerator<object> =
      this.#paging === "cursor"
        ? cursorPages((cursor) => next({ cursor }) as Promise<CursorPageShape>, startCursor(this.#query))
        : numberedPages((page_no) => next({ page_no }) as Promise<NumberedPageShape>, startPage(this.#query));
    for await (const page of pages) yield* (page as P)[this.#key] as Iterable<Item>;
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
