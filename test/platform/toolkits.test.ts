/** Toolkits from the catalog: list with filters and cursor, multi, detail at a version. */
import { describe, expect, it } from "vitest";
import { ToolkitDetail, ToolkitPage } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made), "file");

const list = async (query = "") => {
  const answer = await h.call({ url: `/api/v3/toolkits${query}`, apiKey: h.apiKey });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ToolkitPage.parse(answer.body);
};

describe("toolkits", () => {
  it("lists toolkits with search, sort, filters and cursor pages", async () => {
    const all = await list();
    expect(all.items.length).toBeGreaterThanOrEqual(8);
    expect(all.total_items).toBe(all.items.length);
    const alpha = await list("?sort_by=alphabetically");
    const names = alpha.items.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect((await list("?search=GITHUB")).items.map((t) => t.slug)).toContain("github");
    const withDeprecated = await list("?include_deprecated=true");
    expect(withDeprecated.total_items).toBeGreaterThanOrEqual(all.total_items);
    const page1 = await list("?limit=3");
    expect(page1.items).toHaveLength(3);
    const page2 = await list(`?cursor=${page1.next_cursor}`);
    expect(page2.current_page).toBe(2);
    expect(page2.items[0]!.slug).not.toBe(page1.items[0]!.slug);
    expectError(await h.call({ url: "/api/v3/toolkits?limit=1001", apiKey: h.apiKey }), 400);
    expectError(await h.call({ url: "/api/v3/toolkits?managed_by=nobody", apiKey: h.apiKey }), 400);
    expectError(await h.call({ url: "/api/v3/toolkits?cursor=bm90LWpzb24", apiKey: h.apiKey }), 400);
    await expectProjectAuthFailures(h, { url: "/api/v3/toolkits" });
  });

  it("fetches several toolkits by slug", async () => {
    const answer = await h.call({ method: "POST", url: "/api/v3/toolkits/multi", apiKey: h.apiKey, body: { toolkits: ["slack", "github", "nope"] } });
    expect(answer.status).toBe(200);
    expect(ToolkitPage.parse(answer.body).items.map((t) => t.slug).sort()).toEqual(["github", "slack"]);
    const bad = expectError(await h.call({ method: "POST", url: "/api/v3/toolkits/multi", apiKey: h.apiKey, body: { limit: 5000 } }), 400);
    expect(bad.errors).toContain("limit: must be at most 1000");
    expect((await h.call({ method: "POST", url: "/api/v3/toolkits/multi", apiKey: h.apiKey })).status).toBe(200);
  });

  it("gets a toolkit at latest or a given version; unknown toolkit 404, unknown version 400", async () => {
    const latest = ToolkitDetail.parse((await h.call({ url: "/api/v3/toolkits/github", apiKey: h.apiKey })).body);
    expect(latest.slug).toBe("github");
    const versions = latest.meta.available_versions;
    const oldest = versions[versions.length - 1]!;
    const old = await h.call({ url: `/api/v3/toolkits/github?version=${oldest}`, apiKey: h.apiKey });
    expect(old.status).toBe(200);
    expect(old.body.meta.version).toBe(oldest);
    expectError(await h.call({ url: "/api/v3/toolkits/nope", apiKey: h.apiKey }), 404);
    const bad = expectError(await h.call({ url: "/api/v3/toolkits/github?version=19990101_00", apiKey: h.apiKey }), 400);
    expect(bad.errors[0]).toMatch(/^version:/);
    expect(expectError(await h.call({ url: "/api/v3/toolkits/github?version=v1", apiKey: h.apiKey }), 400).errors[0]).toMatch(/^version:/);
  });
});
