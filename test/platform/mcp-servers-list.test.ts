/** GET /api/v3/mcp/servers: every live MCP server of the project, whatever its toolkit. */
import { describe, expect, it } from "vitest";
import { McpServerPage } from "../../api";
import { expectError, expectProjectAuthFailures, getParsed, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

describe("all MCP servers", () => {
  it("lists every toolkit's servers, filters like the per-toolkit list, pages, and hides deleted and foreign ones", async () => {
    const github = await h.authConfig("github", "OAUTH2");
    const gmail = await h.authConfig("gmail", "OAUTH2");
    const server = async (name: string, ids: string[], apiKey = h.apiKey) => {
      const answer = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey, body: { name, auth_config_ids: ids } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id as string;
    };
    const dev = await server("Dev Tools", [github.id]);
    const inbox = await server("Inbox Helper", [gmail.id]);
    const both = await server("Everything", [github.id, gmail.id]);
    const gone = await server("Deleted one", [gmail.id]);
    await h.call({ method: "DELETE", url: `/api/v3/mcp/${gone}`, apiKey: h.apiKey });
    const theirConfig = await h.authConfig("github", "OAUTH2", h.otherProjectId);
    await server("Not yours", [theirConfig.id], h.otherApiKey);

    const list = (query = "") => getParsed(h, `/api/v3/mcp/servers${query}`, McpServerPage);
    expect((await list()).items.map((s) => s.id)).toEqual([both, inbox, dev]);
    expect((await list("?order_by=created_at&order_direction=asc")).items.map((s) => s.id)).toEqual([dev, inbox, both]);
    expect((await list("?toolkits=gmail")).items.map((s) => s.id)).toEqual([both, inbox]);
    expect((await list(`?auth_config_ids=${github.id}`)).items.map((s) => s.id)).toEqual([both, dev]);
    expect((await list("?name=inbox")).items.map((s) => s.id)).toEqual([inbox]);
    const page = await list("?limit=2&page_no=2");
    expect(page).toMatchObject({ total_pages: 2, current_page: 2 });
    expect(page.items.map((s) => s.id)).toEqual([dev]);
    expect(expectError(await h.call({ url: "/api/v3/mcp/servers?page_no=0", apiKey: h.apiKey }), 400).errors).toEqual(["page_no: pages start at 1"]);
    await expectProjectAuthFailures(h, { url: "/api/v3/mcp/servers" });
  });
});
