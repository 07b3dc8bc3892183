/** The catalog's tools through GET /api/v3/tools and /api/v3/tools/{tool_slug}. */
import { describe, expect, it } from "vitest";
import { Tool, ToolPage } from "../../api";
import { expectError, expectProjectAuthFailures, getParsed, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made), "file");

const list = (query = "") => getParsed(h, `/api/v3/tools${query}`, ToolPage);

describe("tools", () => {
  it("lists every tool of the catalog by toolkit, in cursor pages", async () => {
    const all = await list("?limit=1000");
    expect(all.total_items).toBe(h.catalog.listTools().length);
    expect(all.items.map((t) => t.slug)).toEqual(h.catalog.listTools().map((t) => t.slug));
    const github = await list("?toolkit_slug=github");
    expect(github.items.length).toBeGreaterThan(0);
    expect(github.items.every((t) => t.toolkit.slug === "github")).toBe(true);
    const first = await list("?toolkit_slug=github&limit=2");
    const second = await list(`?toolkit_slug=github&limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect([...first.items, ...second.items].map((t) => t.slug)).toEqual(github.items.slice(0, 4).map((t) => t.slug));
  });

  it("filters by slugs (case-insensitive) and ranks by search text", async () => {
    const picked = await list("?tool_slugs=github_create_issue,GMAIL_SEND_EMAIL,NOT_A_TOOL");
    expect(picked.items.map((t) => t.slug).sort()).toEqual(["GITHUB_CREATE_ISSUE", "GMAIL_SEND_EMAIL"]);
    const found = await list("?search=create%20issue");
    expect(found.items[0]?.slug).toMatch(/CREATE_ISSUE$/);
    expect((await list("?search=create%20issue&toolkit_slug=linear")).items.every((t) => t.toolkit.slug === "linear")).toBe(true);
  });

  it("gets one tool in the Tool form; unknown is 404, an unknown toolkit filter is 400", async () => {
    const answer = await h.call({ url: "/api/v3/tools/github_create_issue", apiKey: h.apiKey });
    expect(Tool.parse(answer.body)).toMatchObject({ slug: "GITHUB_CREATE_ISSUE", toolkit: { slug: "github" } });
    expectError(await h.call({ url: "/api/v3/tools/NOPE_TOOL", apiKey: h.apiKey }), 404, "not_found");
    expect(expectError(await h.call({ url: "/api/v3/tools?toolkit_slug=nope", apiKey: h.apiKey }), 400).errors).toEqual(['toolkit_slug: unknown toolkit "nope"']);
    expect(expectError(await h.call({ url: "/api/v3/tools?limit=abc", apiKey: h.apiKey }), 400).errors).toEqual(["limit: must be a number"]);
    await expectProjectAuthFailures(h, { url: "/api/v3/tools" });
    await expectProjectAuthFailures(h, { url: "/api/v3/tools/GITHUB_CREATE_ISSUE" });
  });
});
