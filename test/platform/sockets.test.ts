/**
 * The platform over real sockets, driven by the provider's typed client:
 * create → get → patch → list → delete flows, typed errors, and retries under chaos.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntegrationPlatformClient, NotFoundError, AuthenticationError, BadRequestError, ConflictError, PermissionDeniedError } from "../../provider/client";
import { startPlatform, type RunningPlatform } from "../../platform/index";

let platform: RunningPlatform;
let client: IntegrationPlatformClient;
let org: IntegrationPlatformClient;

beforeAll(async () => {
  platform = await startPlatform({ port: 0, db: ":memory:", seed: "demo" });
  client = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey: platform.apiKey!, retryBaseDelayMs: 1 });
  org = new IntegrationPlatformClient({ baseUrl: platform.url, orgApiKey: platform.orgApiKey!, retryBaseDelayMs: 1 });
});
afterAll(async () => {
  await platform?.close();
});

describe("over real sockets with the provider client", () => {
  it("runs an MCP server through create → get → patch → list → delete", async () => {
    const authConfigs = platform.store.authConfigs.list(platform.projectId!);
    const github = authConfigs.find((c) => c.toolkit_slug === "github")!;
    const created = await client.mcp.create({ name: "Socket Server", auth_config_ids: [github.id], allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    expect(created.mcp_url).toBe(`${platform.url}/v3/mcp/${created.id}/mcp`);
    const got = await client.mcp.get(created.id);
    expect(got).toEqual(created);
    const patched = await client.mcp.update(created.id, { name: "Socket Renamed" });
    expect(patched).toMatchObject({ name: "Socket Renamed", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const listed = await client.mcp.listByApp("github", { name: "socket" });
    expect(listed.items.map((s) => s.id)).toEqual([created.id]);
    expect((await client.mcp.delete(created.id)).deleted).toBe(true);
    await expect(client.mcp.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
    const error = await client.mcp.get(created.id).catch((e: NotFoundError) => e);
    expect(error.requestId).toMatch(/^req_/);
  });

  it("runs projects through the organization key, with typed errors", async () => {
    const created = await org.projects.create({ name: "socket project", should_create_api_key: true });
    expect(created.api_key).toMatch(/^ipk_/);
    expect((await org.projects.get(created.id)).name).toBe("socket project");
    await expect(org.projects.create({ name: "socket project" })).rejects.toBeInstanceOf(ConflictError);
    const names = (await org.projects.list({ limit: 1000 })).data.map((p) => p.name);
    expect(names[0]).toBe("socket project");
    const own = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey: created.api_key!, retryBaseDelayMs: 1 });
    expect((await own.config.update({ display_name: "Socket" })).display_name).toBe("Socket");
    await org.projects.delete(created.id);
    await expect(own.session.info()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(client.mcp.create({ name: "x", auth_config_ids: [] })).rejects.toBeInstanceOf(BadRequestError);
    const wrongKind = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey: platform.orgApiKey!, maxRetries: 0 });
    await expect(wrongKind.session.info()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it("runs triggers through upsert → list → disable → enable → delete, with array filters as the client sends them", async () => {
    const accounts = platform.store.connectedAccounts.list(platform.projectId!);
    const alice = accounts.find((a) => a.user_id === "alice" && a.auth_scheme === "OAUTH2")!;
    const { trigger_id } = await client.triggers.upsert("GITHUB_ISSUE_ADDED_EVENT", {
      connected_account_id: alice.id,
      trigger_config: { owner: "o", repo: "r" },
    });
    const mine = await client.triggers.listActive({ trigger_ids: [trigger_id], user_ids: ["alice", "bob"] });
    expect(mine.items.map((t) => t.id)).toEqual([trigger_id]);
    await client.triggers.manage(trigger_id, { status: "disable" });
    expect((await client.triggers.listActive({ trigger_ids: [trigger_id] })).items).toEqual([]);
    expect((await client.triggers.listActive({ trigger_ids: [trigger_id], show_disabled: true })).items).toHaveLength(1);
    await client.triggers.manage(trigger_id, { status: "enable" });
    expect((await client.triggers.delete(trigger_id)).trigger_id).toBe(trigger_id);
  });

  it("lets the client's retries ride out injected 429s (creates) and 503s (reads) without duplicates", async () => {
    // A 429 is answered before acting, so even creates are retried safely.
    const limited = await startPlatform({ port: 0, seed: "demo", chaos: { rate429: 0.4, retryAfter: 0, seed: 11 } });
    try {
      const c = new IntegrationPlatformClient({ baseUrl: limited.url, apiKey: limited.apiKey!, retryBaseDelayMs: 1, maxRetries: 10 });
      for (let i = 0; i < 10; i++) await c.mcp.create({ name: `Flaky ${i}`, auth_config_ids: [] });
      const servers = limited.store.mcp.list(limited.projectId!, { orderBy: "created_at", orderDirection: "asc", offset: 0, limit: 100 });
      expect(servers.items.filter((s) => s.name.startsWith("Flaky")).map((s) => s.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Flaky ${i}`),
      );
      expect(limited.app.requestLog.count({ status: 429 })).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
    const unavailable = await startPlatform({ port: 0, seed: "demo", chaos: { rate503: 0.4, retryAfter: 0, seed: 5 } });
    try {
      const c = new IntegrationPlatformClient({ baseUrl: unavailable.url, apiKey: unavailable.apiKey!, retryBaseDelayMs: 1, maxRetries: 10 });
      for (let i = 0; i < 10; i++) expect((await c.mcp.listByApp("github")).items).toHaveLength(1);
      expect(unavailable.app.requestLog.count({ status: 503 })).toBeGreaterThan(0);
    } finally {
      await unavailable.close();
    }
  });
});
