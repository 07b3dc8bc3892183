/** Tool router: sessions, their meta tools, execute_meta for every slug. */
import { describe, expect, it } from "vitest";
import { META_TOOL_SLUGS, SessionToolsResponse } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const session = async (body: unknown = { user_id: "alice", toolkits: ["github"] }, apiKey = h.apiKey) => {
  const answer = await h.call({ method: "POST", url: "/api/v3/tool_router/session", apiKey, body });
  return answer;
};
const execute = (id: string, body: unknown, apiKey = h.apiKey) =>
  h.call({ method: "POST", url: `/api/v3/tool_router/session/${id}/execute_meta`, apiKey, body });

describe("tool router", () => {
  it("creates sessions, validating user and toolkits", async () => {
    const created = await session();
    expect(created.status).toBe(201);
    expect(created.body.session_id).toMatch(/^trs_/);
    expect(expectError(await session({ user_id: "a", toolkits: ["nope"] }), 400).errors).toEqual(['toolkits[0]: unknown toolkit "nope"']);
    expect(expectError(await session({}), 400).errors).toContain("user_id: is required");
    await expectProjectAuthFailures(h, { method: "POST", url: "/api/v3/tool_router/session", body: { user_id: "a" } });
  });

  it("lists the session's meta tools", async () => {
    const id = (await session()).body.session_id;
    const answer = await h.call({ url: `/api/v3/tool_router/session/${id}/tools`, apiKey: h.apiKey });
    expect(answer.status).toBe(200);
    const tools = SessionToolsResponse.parse(answer.body);
    expect(tools.items.map((t) => t.slug)).toEqual(expect.arrayContaining(["PLATFORM_SEARCH_TOOLS", "PLATFORM_GET_TOOL_SCHEMAS"]));
    expectError(await h.call({ url: `/api/v3/tool_router/session/${id}/tools`, apiKey: h.otherApiKey }), 404);
    expectError(await h.call({ url: "/api/v3/tool_router/session/trs_nope/tools", apiKey: h.apiKey }), 404);
  });

  it("executes every meta tool: catalog answers in data, external ones a clear error", async () => {
    const id = (await session()).body.session_id;
    const search = await execute(id, { slug: "PLATFORM_SEARCH_TOOLS", arguments: { query: "create issue" } });
    expect(search.status).toBe(200);
    expect(search.body.error).toBeNull();
    expect(search.body.log_id).toMatch(/^log_/);
    expect(JSON.stringify(search.body.data)).toContain("GITHUB_CREATE_ISSUE");
    for (const slug of META_TOOL_SLUGS) {
      const answer = await execute(id, { slug, arguments: {} });
      expect(answer.status, slug).toBe(200);
      expect(typeof answer.body.data).toBe("object");
      expect(answer.body.error === null || typeof answer.body.error === "string").toBe(true);
    }
    const external = await execute(id, { slug: "PLATFORM_MULTI_EXECUTE_TOOL", arguments: {} });
    expect(external.body.error).toEqual(expect.any(String));
    expect(expectError(await execute(id, { slug: "NOPE" }), 400).errors[0]).toMatch(/^slug: must be one of/);
    expectError(await execute(id, { slug: "PLATFORM_SEARCH_TOOLS" }, h.otherApiKey), 404);
  });

  it("keeps a session's recipes", async () => {
    const id = (await session()).body.session_id;
    const upserted = await execute(id, {
      slug: "PLATFORM_UPSERT_RECIPE",
      arguments: { name: "triage", description: "Triage issues", workflow: "list then label", tool_slugs: ["GITHUB_LIST_REPOSITORY_ISSUES"] },
    });
    expect(upserted.status).toBe(200);
    expect(upserted.body.error, JSON.stringify(upserted.body)).toBeNull();
    const recipeId = (upserted.body.data as { recipe?: { id?: string } }).recipe?.id ?? (upserted.body.data as { id?: string }).id;
    expect(recipeId).toBeTruthy();
    const got = await execute(id, { slug: "PLATFORM_GET_RECIPE", arguments: { recipe_id: recipeId, id: recipeId } });
    expect(got.body.error, JSON.stringify(got.body)).toBeNull();
    expect(JSON.stringify(got.body.data)).toContain("triage");
  });
});
