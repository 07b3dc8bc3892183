/**
 * Finding 3 of issue 14: a project key cannot make one request do unbounded work or answer
 * unbounded bytes (lists capped and de-duplicated, answers bounded), and a write is kept only
 * together with an answer that can be sent.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAX_GENERATED_URLS_LENGTH, MAX_IDS_PER_REQUEST } from "../../api";
import { MAX_SEARCH_QUERIES } from "../../platform/catalog/meta-tools";
import { expectError, harness, type Harness } from "./helpers";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function serverWithAccount(t: Harness): Promise<{ serverId: string; accountId: string }> {
  const github = await t.authConfig("github", "OAUTH2");
  const account = await t.account(github.id, "alice");
  const server = await t.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: t.apiKey, body: { name: "Bounded", auth_config_ids: [github.id] } });
  expect(server.status).toBe(201);
  return { serverId: server.body.id, accountId: account.id };
}

const generate = (t: Harness, body: Record<string, unknown>) =>
  t.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: t.apiKey, body });

const instances = async (t: Harness, serverId: string) =>
  (await t.call({ url: `/api/v3/mcp/servers/${serverId}/instances?limit=1000`, apiKey: t.apiKey })).body.instances.length as number;

describe("URL generation", () => {
  it("refuses more than MAX_IDS_PER_REQUEST ids in a list, naming the field", async () => {
    h = await harness();
    const { serverId, accountId } = await serverWithAccount(h);
    const answer = await generate(h, { mcp_server_id: serverId, connected_account_ids: Array(MAX_IDS_PER_REQUEST + 50).fill(accountId) });
    const error = expectError(answer, 400, "validation_error");
    expect(error.errors.join(" ")).toContain("connected_account_ids");
  });

  it("counts a repeated id once", async () => {
    h = await harness();
    const { serverId, accountId } = await serverWithAccount(h);
    const answer = await generate(h, { mcp_server_id: serverId, connected_account_ids: Array(50).fill(accountId), user_ids: Array(50).fill("bob") });
    expect(answer.status).toBe(200);
    expect(answer.body.connected_account_urls).toHaveLength(1);
    expect(answer.body.user_ids_url).toHaveLength(1);
    expect(answer.body.mcp_url).toContain(`connected_account_ids=${accountId}&user_id=bob`);
  });

  it("refuses an answer over its bound before recording any instance", async () => {
    h = await harness();
    const github = await h.authConfig("github", "OAUTH2");
    const server = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Wide", auth_config_ids: [github.id] } });
    const accounts: string[] = [];
    for (let i = 0; i < 20; i++) accounts.push((await h.account(github.id, `user${i}`)).id);
    // 100 user ids of 256 three-byte characters: 2304 characters each once encoded, in every URL.
    const userIds = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(256, "€"));
    const answer = await generate(h, { mcp_server_id: server.body.id, connected_account_ids: accounts, user_ids: userIds });
    const error = expectError(answer, 400, "validation_error");
    expect(error.message).toContain(String(MAX_GENERATED_URLS_LENGTH));
    expect(JSON.stringify(answer.body).length).toBeLessThan(10_000);
    expect(await instances(h, server.body.id)).toBe(0);
    // The same ids without the accounts fit, and are recorded.
    const fits = await generate(h, { mcp_server_id: server.body.id, user_ids: userIds });
    expect(fits.status).toBe(200);
    expect(await instances(h, server.body.id)).toBe(100);
  });
});

describe("a write and its answer", () => {
  it("keeps no write whose answer cannot be sent", async () => {
    h = await harness({ maxAnswerLength: 200 });
    const answer = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Too Large", auth_config_ids: [] } });
    expectError(answer, 400, "validation_error");
    expect(h.store.mcp.list(h.projectId, { orderBy: "created_at", orderDirection: "asc", offset: 0, limit: 10 }).total).toBe(0);
  });
});

describe("execute_meta", () => {
  async function session(t: Harness): Promise<string> {
    const created = await t.call({ method: "POST", url: "/api/v3/tool_router/session", apiKey: t.apiKey, body: { user_id: "alice" } });
    expect(created.status).toBe(201);
    return created.body.session_id;
  }

  it("refuses more than MAX_SEARCH_QUERIES distinct queries with a small answer", async () => {
    h = await harness();
    const id = await session(h);
    const queries = Array.from({ length: 1_000 }, (_, i) => `create issue ${i}`);
    const answer = await h.call({
      method: "POST",
      url: `/api/v3/tool_router/session/${id}/execute_meta`,
      apiKey: h.apiKey,
      body: { slug: "PLATFORM_SEARCH_TOOLS", arguments: { queries } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.error).toContain(`at most ${MAX_SEARCH_QUERIES}`);
    expect(answer.body.data).toEqual({});
  });

  it("searches a repeated query once", async () => {
    h = await harness();
    const id = await session(h);
    const answer = await h.call({
      method: "POST",
      url: `/api/v3/tool_router/session/${id}/execute_meta`,
      apiKey: h.apiKey,
      body: { slug: "PLATFORM_SEARCH_TOOLS", arguments: { queries: Array(500).fill("create an issue") } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.error).toBeNull();
    expect(answer.body.data.results).toHaveLength(1);
  });

  it("refuses more than the cap of distinct tool slugs", async () => {
    h = await harness();
    const id = await session(h);
    const slugs = Array.from({ length: 5_000 }, (_, i) => `NOT_A_TOOL_${i}`);
    const answer = await h.call({
      method: "POST",
      url: `/api/v3/tool_router/session/${id}/execute_meta`,
      apiKey: h.apiKey,
      body: { slug: "PLATFORM_GET_TOOL_SCHEMAS", arguments: { tool_slugs: slugs } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.error).toMatch(/tool_slugs must have at most \d+ distinct values/);
    expect(JSON.stringify(answer.body).length).toBeLessThan(1_000);
  });
});
