/** Cursor and page-number pagination for handlers, with catalog errors turned into 400s naming the field. */
import { CatalogError, cursorPageOf, cursorWindow, paginateByCursor, type CursorWindow } from "../catalog";
import { badRequest } from "../errors";

export type CursorPage<T> = {
  items: T[];
  next_cursor: string | null;
  total_pages: number;
  current_page: number;
  total_items: number;
};

/** Runs a catalog call; its input errors (unknown version, bad cursor) become 400s. */
export function catalogCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof CatalogError) {
      const field = error.field ?? "query";
      throw badRequest(`Invalid ${field}: ${error.message}`, [`${field}: ${error.message}`]);
    }
    throw error;
  }
}

export function cursorPage<T>(items: readonly T[], query: { limit?: number | null; cursor?: string | null }, defaultLimit = 20): CursorPage<T> {
  return catalogCall(() =>
    paginateByCursor(items, {
      ...(query.limit != null ? { limit: query.limit } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
      defaultLimit,
    }),
  );
}

/** The page a cursor query asks for, for lists paged by the store (bad cursor or limit: a 400). */
export function cursorQueryWindow(query: { limit?: number | null; cursor?: string | null }, defaultLimit = 20): CursorWindow {
  return catalogCall(() =>
    cursorWindow({
      ...(query.limit != null ? { limit: query.limit } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
      defaultLimit,
    }),
  );
}

/** The cursor answer for a page the store cut: the same shape and cursors as cursorPage. */
export function cursorPageFrom<T>(items: T[], total: number, window: CursorWindow): CursorPage<T> {
  return cursorPageOf(items, total, window);
}

/** 1-based page number pagination (MCP listings). */
export function pageWindow(pageNo: number | undefined, limit: number | undefined, defaultLimit: number): { offset: number; limit: number; page: number } {
  const size = limit ?? defaultLimit;
  const page = pageNo ?? 1;
  return { offset: (page - 1) * size, limit: size, page };
}

export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
