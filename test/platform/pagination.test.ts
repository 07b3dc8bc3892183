/** Cursor pagination (platform/pagination.ts): pages, cursors, limits, and the 400s for bad ones. */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../platform/errors";
import { decodeCursor, encodeCursor, paginateByCursor } from "../../platform/pagination";
import { thrown } from "./helpers";

describe("paginateByCursor", () => {
  const items = Array.from({ length: 23 }, (_, i) => i);

  it("walks every page with next_cursor and returns every item once", () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = paginateByCursor(items, { limit: cursor ? undefined : 5, cursor });
      pages += 1;
      expect(page.current_page).toBe(pages);
      expect(page.total_pages).toBe(5);
      expect(page.total_items).toBe(23);
      seen.push(...page.items);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(items);
  });

  it("encodes page and limit as base64url JSON and decodes standard base64 too", () => {
    const page = paginateByCursor(items, { limit: 10 });
    expect(page.next_cursor).toBe(Buffer.from('{"page":2,"limit":10}').toString("base64url"));
    expect(decodeCursor(page.next_cursor as string)).toEqual({ page: 2, limit: 10 });
    expect(decodeCursor(Buffer.from('{"page":3,"limit":10}').toString("base64"))).toEqual({ page: 3, limit: 10 });
    expect(encodeCursor({ page: 3, limit: 10 })).toBe(Buffer.from('{"page":3,"limit":10}').toString("base64url"));
  });

  it("uses the default limit, an explicit limit over the cursor's, and answers past the end with an empty page", () => {
    expect(paginateByCursor(items).items.length).toBe(20);
    expect(paginateByCursor(items, {}, 7).items).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(paginateByCursor(items, { cursor: encodeCursor({ page: 2, limit: 10 }), limit: 5 }).items).toEqual([5, 6, 7, 8, 9]);
    const past = paginateByCursor(items, { cursor: encodeCursor({ page: 9, limit: 10 }) });
    expect(past).toEqual({ items: [], next_cursor: null, total_pages: 3, current_page: 9, total_items: 23 });
    expect(paginateByCursor([], {})).toEqual({ items: [], next_cursor: null, total_pages: 1, current_page: 1, total_items: 0 });
    expect(paginateByCursor(items, { limit: 23 }).next_cursor).toBeNull();
  });

  it.each([
    ["not base64", "%%%"],
    ["base64 of text", Buffer.from("hello").toString("base64url")],
    ["no page", Buffer.from('{"limit":5}').toString("base64url")],
    ["page 0", Buffer.from('{"page":0,"limit":5}').toString("base64url")],
    ["limit over 1000", Buffer.from('{"page":1,"limit":5000}').toString("base64url")],
    ["an array", Buffer.from("[1,2]").toString("base64url")],
  ])("refuses a malformed cursor (%s) with a 400 on field cursor", (_, cursor) => {
    const err = thrown(() => paginateByCursor(items, { cursor }));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).errors).toHaveLength(1);
    expect((err as ApiError).errors[0]).toMatch(/^cursor: invalid cursor/);
  });

  it("refuses a limit outside 1..1000", () => {
    expect((thrown(() => paginateByCursor(items, { limit: 0 })) as ApiError).errors).toEqual(["limit: limit must be a whole number from 1 to 1000"]);
    expect((thrown(() => paginateByCursor(items, { limit: 1001 })) as ApiError).errors).toEqual(["limit: limit must be a whole number from 1 to 1000"]);
  });
});
