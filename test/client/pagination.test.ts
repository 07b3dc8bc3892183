/** Async iteration over both pagination styles, to the last page. */
import { describe, expect, it } from "vitest";
import { IntegrationPlatformError, closeSharedDispatcher, collect } from "../../provider/client";
import { cursorPage, mcpInstance, mcpServer, project, toolkitSummary, triggerInstance, triggerType } from "../support/payloads";
import { json, rejection, testClient, type TestServer, useTestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

/** Answers `pages` in turn; asserts that `for await` over `list` yields the items `ids`, asking for `urls`. */
async function expectEveryPage(
  pages: unknown[],
  list: (client: ReturnType<typeof testClient>) => AsyncIterable<{ id: string }>,
  ids: string[],
  urls: string[],
): Promise<void> {
  server.script(...pages.map((page) => json(200, page)));
  const seen: string[] = [];
  for await (const item of list(testClient(server.url))) seen.push(item.id);
  expect(seen).toEqual(ids);
  expect(server.requests.map((r) => r.url)).toEqual(urls);
}

describe("cursor style", () => {
  it("follows next_cursor through every page of projects (items under data)", async () => {
    await expectEveryPage(
      [
        cursorPage("data", [project("p1"), project("p2")], "c2", 1, 3),
        cursorPage("data", [project("p3"), project("p4")], "c3", 2, 3),
        cursorPage("data", [project("p5")], null, 3, 3),
      ],
      (client) => client.projects.list({ limit: 2 }),
      ["p1", "p2", "p3", "p4", "p5"],
      ["/api/v3/org/owner/project/list?limit=2", "/api/v3/org/owner/project/list?limit=2&cursor=c2", "/api/v3/org/owner/project/list?limit=2&cursor=c3"],
    );
  });

  it("stops at an empty next_cursor (toolkits, items under items)", async () => {
    server.script(
      json(200, cursorPage("items", [toolkitSummary("github")], "next", 1, 2)),
      json(200, cursorPage("items", [toolkitSummary("slack")], "", 2, 2)),
    );
    const client = testClient(server.url);

    const slugs = (await collect(client.toolkits.list({ sort_by: "alphabetically" }))).map((t) => t.slug);

    expect(slugs).toEqual(["github", "slack"]);
    expect(server.requests.map((r) => r.rawQuery)).toEqual(["sort_by=alphabetically", "sort_by=alphabetically&cursor=next"]);
  });

  it("iterates trigger instances and trigger types from a starting cursor", async () => {
    server.script(
      json(200, cursorPage("items", [triggerInstance("ti_2")], "x", 2, 3)),
      json(200, cursorPage("items", [triggerInstance("ti_3")], null, 3, 3)),
      json(200, cursorPage("items", [triggerType("GITHUB_PUSH")], null, 1, 1)),
    );
    const client = testClient(server.url);

    const triggers = await collect(client.triggers.listActive({ cursor: "start" }));
    const types = await collect(client.triggers.listTypes());

    expect(triggers.map((t) => t.id)).toEqual(["ti_2", "ti_3"]);
    expect(types.map((t) => t.slug)).toEqual(["GITHUB_PUSH"]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v3/trigger_instances/active?cursor=start",
      "/api/v3/trigger_instances/active?cursor=x",
      "/api/v3/triggers_types",
    ]);
  });

  it("fetches no further page than collect(max) needs", async () => {
    server.script(
      json(200, cursorPage("data", [project("p1"), project("p2")], "c2", 1, 3)),
      json(200, cursorPage("data", [project("p3"), project("p4")], "c3", 2, 3)),
    );
    const client = testClient(server.url);

    const first3 = await collect(client.projects.list(), 3);

    expect(first3.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
    expect(server.requests).toHaveLength(2);
  });

  it("a list call is one page when awaited: fetched only then, and once however often awaited", async () => {
    server.fallback(json(200, cursorPage("data", [project("p1")], "c2", 1, 2)));
    const client = testClient(server.url);

    const call = client.projects.list({ limit: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(0);
    const page = await call;
    const again = await call;

    expect(page.data.map((p) => p.id)).toEqual(["p1"]);
    expect(page.next_cursor).toBe("c2");
    expect(again).toBe(page);
    expect(server.requests.map((r) => r.url)).toEqual(["/api/v3/org/owner/project/list?limit=1"]);
  });

  it("refuses to loop when the server repeats a cursor", async () => {
    server.fallback(json(200, cursorPage("items", [toolkitSummary("github")], "same", 1, 9)));
    const client = testClient(server.url);

    const err = await rejection(collect(client.toolkits.list()));

    expect(err).toBeInstanceOf(IntegrationPlatformError);
    expect(err.message).toContain('"same"');
    expect(server.requests).toHaveLength(2);
  });
});

describe("page style", () => {
  it("increments page_no until current_page reaches total_pages (servers by app)", async () => {
    const page = (items: unknown[], current: number, total: number) => ({ items, current_page: current, total_pages: total });
    await expectEveryPage(
      [page([mcpServer("s1"), mcpServer("s2")], 1, 3), page([mcpServer("s3"), mcpServer("s4")], 2, 3), page([mcpServer("s5")], 3, 3)],
      (client) => client.mcp.listByApp("github", { limit: 2, order_by: "created_at" }),
      ["s1", "s2", "s3", "s4", "s5"],
      [1, 2, 3].map((n) => `/api/v3/mcp/app/github?limit=2&order_by=created_at&page_no=${n}`),
    );
  });

  it("iterates instances (items under instances) from a starting page, and stops on a single page", async () => {
    const page = (items: unknown[], current: number, total: number) =>
      json(200, { instances: items, server_id: "srv_1", server_name: "srv", current_page: current, total_pages: total });
    server.script(page([mcpInstance("i3")], 2, 3), page([mcpInstance("i4")], 3, 3), page([], 1, 0));
    const client = testClient(server.url);

    const ids = (await collect(client.mcp.listInstances("srv_1", { page_no: 2 }))).map((i) => i.id);
    const none = await collect(client.mcp.listInstances("srv_2"));

    expect(ids).toEqual(["i3", "i4"]);
    expect(none).toEqual([]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v3/mcp/servers/srv_1/instances?page_no=2",
      "/api/v3/mcp/servers/srv_1/instances?page_no=3",
      "/api/v3/mcp/servers/srv_2/instances?page_no=1",
    ]);
  });

  it("stops at total_pages even if the server keeps answering current_page 1", async () => {
    server.fallback(json(200, { items: [mcpServer("s")], current_page: 1, total_pages: 3 }));
    const client = testClient(server.url);

    const items = await collect(client.mcp.listByApp("github"));

    expect(items).toHaveLength(3);
    expect(server.requests.map((r) => r.query.get("page_no"))).toEqual(["1", "2", "3"]);
  });
});
