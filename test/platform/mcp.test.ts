/** MCP servers: create, get, list by app, patch, soft delete, instances, URL generation. */
import { describe, expect, it } from "vitest";
import { McpInstancePage, McpServer, McpServerPage, type AuthConfig } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarnessWithAuthConfigs } from "./helpers";

let h: Harness, github: AuthConfig, slack: AuthConfig;
useHarnessWithAuthConfigs((made) => ({ h, github, slack } = made));

const createServer = (body: unknown, apiKey = h.apiKey) => h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey, body });

describe("MCP servers", () => {
  it("creates a server with URL, commands, toolkits from its auth configs and icons", async () => {
    const answer = await createServer({ name: "Dev Tools", auth_config_ids: [github.id], allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    expect(answer.status).toBe(201);
    const server = McpServer.parse(answer.body);
    expect(server.id).toMatch(/^mcp_/);
    expect(server.toolkits).toEqual(["github"]);
    expect(server.toolkit_icons.github).toMatch(/^https?:/);
    // Not listening (inject): the fixed unbound origin, never the request's Host.
    expect(server.mcp_url).toBe(`http://localhost/v3/mcp/${server.id}/mcp`);
    expect(Object.keys(server.commands).sort()).toEqual(["claude", "cursor", "json"]);
    expect(server.commands.claude).toContain(server.mcp_url);
    expect(server).toMatchObject({ server_instance_count: 0, managed_auth_via_platform: false, deleted: false });
    const got = await h.call({ url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey });
    expect(got.body).toEqual(answer.body);
  });

  it("refuses unknown auth configs, toolkits and tools by name, and bad names", async () => {
    const theirs = await h.authConfig("github", "OAUTH2", h.otherProjectId);
    const error = expectError(
      await createServer({ name: "Bad refs", auth_config_ids: [github.id, theirs.id], toolkits: ["github", "nope"], allowed_tools: ["NOT_A_TOOL"] }),
      400,
      "validation_error",
    );
    expect(error.errors).toEqual([
      `auth_config_ids[1]: no auth config "${theirs.id}" in this project`,
      'toolkits[1]: unknown toolkit "nope"',
      'allowed_tools[0]: unknown tool "NOT_A_TOOL"',
    ]);
    for (const name of ["abc", "x".repeat(31), "bad_name!"]) {
      const bad = expectError(await createServer({ name, auth_config_ids: [] }), 400);
      expect(bad.errors[0]).toMatch(/^name: must be 4-30 characters/);
    }
    expect(expectError(await createServer({ name: "No ids" }), 400).errors).toContain("auth_config_ids: is required");
    await expectProjectAuthFailures(h, { method: "POST", url: "/api/v3/mcp/servers", body: {} });
  });

  it("patches only the fields sent and bumps updated_at", async () => {
    const server = (await createServer({ name: "Patch Me", auth_config_ids: [github.id], allowed_tools: ["GITHUB_CREATE_ISSUE"] })).body;
    const patched = await h.call({ method: "PATCH", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey, body: { name: "Patched" } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Patched", allowed_tools: ["GITHUB_CREATE_ISSUE"], auth_config_ids: [github.id], deleted: false });
    expect(Date.parse(patched.body.updated_at)).toBeGreaterThan(Date.parse(server.updated_at));
    expect(patched.body.created_at).toBe(server.created_at);
    const more = await h.call({
      method: "PATCH",
      url: `/api/v3/mcp/${server.id}`,
      apiKey: h.apiKey,
      body: { auth_config_ids: [github.id, slack.id], toolkits: ["github", "slack"], managed_auth_via_platform: true, allowed_tools: [] },
    });
    expect(more.body).toMatchObject({ name: "Patched", toolkits: ["github", "slack"], managed_auth_via_platform: true, allowed_tools: [] });
    expectError(await h.call({ method: "PATCH", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey, body: { name: "no" } }), 400);
    expectError(await h.call({ method: "PATCH", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey, body: { toolkits: ["zzz"] } }), 400);
    expectError(await h.call({ method: "PATCH", url: `/api/v3/mcp/${server.id}`, apiKey: h.otherApiKey, body: { name: "Stolen" } }), 404);
  });

  it("soft-deletes: deleted true, then 404 on get, patch and delete, and gone from lists", async () => {
    const server = (await createServer({ name: "Short Lived", auth_config_ids: [github.id] })).body;
    expectError(await h.call({ method: "DELETE", url: `/api/v3/mcp/${server.id}`, apiKey: h.otherApiKey }), 404);
    const deleted = await h.call({ method: "DELETE", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: server.id, deleted: true });
    expectError(await h.call({ url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey }), 404);
    expectError(await h.call({ method: "PATCH", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey, body: { name: "Revived" } }), 404);
    expectError(await h.call({ method: "DELETE", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey }), 404);
    expect((await h.call({ url: "/api/v3/mcp/app/github", apiKey: h.apiKey })).body.items).toEqual([]);
  });

  it("lists by app with name, toolkits, auth_config_ids, ordering and pages (default limit 10)", async () => {
    for (let i = 0; i < 12; i++) await createServer({ name: `Server ${String(i).padStart(2, "0")}`, auth_config_ids: [github.id] });
    await createServer({ name: "Chat Ops", auth_config_ids: [slack.id, github.id] });
    await createServer({ name: "Slack Only", auth_config_ids: [slack.id] });
    await createServer({ name: "Other Project", auth_config_ids: [] }, h.otherApiKey);
    const list = async (path: string) => {
      const answer = await h.call({ url: path, apiKey: h.apiKey });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return McpServerPage.parse(answer.body);
    };
    const first = await list("/api/v3/mcp/app/github");
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ total_pages: 2, current_page: 1 });
    expect(first.items[0]!.name).toBe("Chat Ops"); // updated_at desc
    const second = await list("/api/v3/mcp/app/GitHub?page_no=2");
    expect(second.items).toHaveLength(3);
    const asc = await list("/api/v3/mcp/app/github?order_by=created_at&order_direction=asc&limit=2");
    expect(asc.items.map((s) => s.name)).toEqual(["Server 00", "Server 01"]);
    expect((await list("/api/v3/mcp/app/github?name=chat")).items.map((s) => s.name)).toEqual(["Chat Ops"]);
    expect((await list("/api/v3/mcp/app/slack?toolkits=github")).items.map((s) => s.name)).toEqual(["Chat Ops"]);
    expect((await list(`/api/v3/mcp/app/github?auth_config_ids=${slack.id}`)).items.map((s) => s.name)).toEqual(["Chat Ops"]);
    expect((await list(`/api/v3/mcp/app/slack?auth_config_ids[]=${slack.id}&auth_config_ids[]=x`)).items).toHaveLength(2);
    expect((await list("/api/v3/mcp/app/github?name=100%25")).items).toEqual([]);
    expectError(await h.call({ url: "/api/v3/mcp/app/github?limit=1001", apiKey: h.apiKey }), 400);
    expectError(await h.call({ url: "/api/v3/mcp/app/github?page_no=0", apiKey: h.apiKey }), 400);
  });

  it("pages in SQL in the order asked for, ties broken by creation, totals right on every page", () => {
    const at = (n: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString();
    const created: { id: string; created: string; updated: string; index: number }[] = [];
    const times = [1, 1, 1, 2, 2, 3, 1, 4, 4];
    times.forEach((t, index) => {
      const record = h.store.mcp.create({
        projectId: h.projectId, name: `s${index}`, authConfigIds: [github.id], allowedTools: [], toolkits: ["GitHub"], managedAuthViaPlatform: false, at: at(t),
      });
      created.push({ id: record.id, created: record.created_at, updated: record.updated_at, index });
    });
    // Updates reorder by updated_at (two land on the same time); a deleted server is not listed.
    for (const [i, t] of [[0, 9], [4, 9], [5, 7]] as const) {
      h.store.mcp.update(created[i]!.id, { name: `u${i}` }, at(t));
      created[i]!.updated = at(t);
    }
    h.store.mcp.softDelete(created[8]!.id, at(10));
    const live = created.filter((_, i) => i !== 8);
    for (const orderBy of ["created_at", "updated_at"] as const) {
      for (const orderDirection of ["asc", "desc"] as const) {
        const sign = orderDirection === "asc" ? 1 : -1;
        const key = (s: (typeof live)[number]) => (orderBy === "created_at" ? s.created : s.updated);
        const expected = [...live].sort((a, b) => sign * (key(a).localeCompare(key(b)) || a.index - b.index)).map((s) => s.id);
        for (let limit = 1; limit <= live.length + 1; limit++) {
          for (let offset = 0; offset <= live.length + limit; offset += limit) {
            const page = h.store.mcp.list(h.projectId, { toolkit: "github", orderBy, orderDirection, offset, limit });
            expect(page.items.map((s) => s.id), `${orderBy} ${orderDirection} ${offset}+${limit}`).toEqual(expected.slice(offset, offset + limit));
            expect(page.total).toBe(live.length);
          }
        }
      }
    }
    expect(h.store.mcp.list(h.projectId, { toolkit: "slack", orderBy: "updated_at", orderDirection: "desc", offset: 0, limit: 5 })).toEqual({ items: [], total: 0 });
  });
});

describe("MCP instances and URL generation", () => {
  it("generates URLs exactly as the spec describes and records instances per user", async () => {
    const server = (await createServer({ name: "Url Maker", auth_config_ids: [github.id] })).body;
    const a1 = await h.account(github.id, "alice");
    const a2 = await h.account(github.id, "bob");
    const answer = await h.call({
      method: "POST",
      url: "/api/v3/mcp/servers/generate",
      apiKey: h.apiKey,
      body: { mcp_server_id: server.id, managed_auth_by_platform: true, user_ids: ["alice", "bob"], connected_account_ids: [a1.id, a2.id] },
    });
    expect(answer.status).toBe(200);
    const base = server.mcp_url;
    expect(answer.body.mcp_url).toBe(`${base}?include_platform_helper_actions=true&connected_account_ids=${a1.id},${a2.id}&user_id=alice,bob`);
    expect(answer.body.connected_account_urls).toEqual([
      `${base}?include_platform_helper_actions=true&connected_account_ids=${a1.id}&user_id=alice,bob`,
      `${base}?include_platform_helper_actions=true&connected_account_ids=${a2.id}&user_id=alice,bob`,
    ]);
    expect(answer.body.user_ids_url).toEqual([
      `${base}?include_platform_helper_actions=true&connected_account_ids=${a1.id},${a2.id}&user_id=alice`,
      `${base}?include_platform_helper_actions=true&connected_account_ids=${a1.id},${a2.id}&user_id=bob`,
    ]);
    const plain = await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: server.id } });
    expect(plain.body).toEqual({ mcp_url: `${base}?include_platform_helper_actions=false`, connected_account_urls: [], user_ids_url: [] });
    expect((await h.call({ url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey })).body.server_instance_count).toBe(2);
    expectError(await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: "mcp_nope" } }), 404);
    const badAccount = expectError(
      await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: server.id, connected_account_ids: ["ca_x"] } }),
      400,
    );
    expect(badAccount.errors[0]).toMatch(/^connected_account_ids\[0\]:/);
  });

  it("lists instances with search, ordering and pages (default limit 20)", async () => {
    const server = (await createServer({ name: "Many Users", auth_config_ids: [github.id] })).body;
    const users = Array.from({ length: 23 }, (_, i) => `user-${String(i).padStart(2, "0")}`);
    await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: server.id, user_ids: users } });
    const list = async (query = "") => {
      const answer = await h.call({ url: `/api/v3/mcp/servers/${server.id}/instances${query}`, apiKey: h.apiKey });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return McpInstancePage.parse(answer.body);
    };
    const first = await list();
    expect(first.instances).toHaveLength(20);
    expect(first).toMatchObject({ server_id: server.id, server_name: "Many Users", total_pages: 2, current_page: 1 });
    expect((await list("?page_no=2")).instances).toHaveLength(3);
    expect((await list("?search=USER-1")).instances.map((i) => i.instance_id).sort()).toEqual(users.slice(10, 20));
    const asc = await list("?order_by=created_at&order_direction=asc&limit=2");
    expect(asc.instances.map((i) => i.instance_id)).toEqual(["user-00", "user-01"]);
    expect(asc.instances[0]!.mcp_server_id).toBe(server.id);
    expectError(await h.call({ url: `/api/v3/mcp/servers/${server.id}/instances`, apiKey: h.otherApiKey }), 404);
    expectError(await h.call({ url: `/api/v3/mcp/servers/${server.id}/instances?limit=1001`, apiKey: h.apiKey }), 400);
  });

  it("deleting an instance removes exactly that user's accounts under the server's auth configs and returns the count", async () => {
    const gmail = await h.authConfig("gmail", "OAUTH2");
    const server = (await createServer({ name: "Cleanup", auth_config_ids: [github.id, slack.id] })).body;
    await h.account(github.id, "alice");
    await h.account(github.id, "alice");
    await h.account(slack.id, "alice");
    const keepOtherConfig = await h.account(gmail.id, "alice");
    const keepOtherUser = await h.account(github.id, "bob");
    await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: server.id, user_ids: ["alice", "bob"] } });
    const answer = await h.call({ method: "DELETE", url: `/api/v3/mcp/servers/${server.id}/instances/alice`, apiKey: h.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body.deleted_connected_accounts).toBe(3);
    expect(answer.body.message).toContain("alice");
    const left = h.store.connectedAccounts.list(h.projectId).map((a) => a.id).sort();
    expect(left).toEqual([keepOtherConfig.id, keepOtherUser.id].sort());
    expect((await h.call({ url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey })).body.server_instance_count).toBe(1);
    expectError(await h.call({ method: "DELETE", url: `/api/v3/mcp/servers/${server.id}/instances/alice`, apiKey: h.apiKey }), 404);
    expectError(await h.call({ method: "DELETE", url: `/api/v3/mcp/servers/${server.id}/instances/bob`, apiKey: h.otherApiKey }), 404);
  });
});
