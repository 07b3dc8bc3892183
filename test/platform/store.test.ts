/** The store: schema version, transactions, cascades, persistence across restarts. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../platform/app";
import { Catalog } from "../../platform/catalog";
import { hashKey } from "../../platform/ids";
import { bootstrap } from "../../platform/seed";
import { SCHEMA_VERSION, Store } from "../../platform/store";
import { Db, MIGRATIONS } from "../../platform/store/db";
import { flag, json, nullableText, rowReader, text } from "../../platform/store/rows";

const dirs: string[] = [];
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), "ip-store-"));
  dirs.push(dir);
  return join(dir, "nested", "platform.db");
};

/** A file store with the demo seeded, and an app on it. */
function demoOnFile() {
  const path = tempDb();
  const catalog = Catalog.load();
  const store = new Store(path);
  const boot = bootstrap(store, catalog, { seed: "demo" });
  return { path, store, boot, app: buildApp({ store, catalog }) };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("store", () => {
  it("creates the schema at the current version with WAL, FULL sync and foreign keys", () => {
    const path = tempDb();
    const store = new Store(path);
    store.close();
    const db = new DatabaseSync(path);
    expect((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    expect((db.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
    db.close();
    const again = new Store(path);
    expect(again.isEmpty()).toBe(true);
    again.close();
  });

  it("refuses a database from a newer platform", () => {
    const path = tempDb();
    new Store(path).close();
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => new Store(path)).toThrow(/newer than this platform knows/);
  });

  it("migrates a version 1 database: instance counts carried over, then kept by the triggers", () => {
    const path = tempDb();
    const at = "2025-01-01T00:00:00.000Z";
    mkdirSync(dirname(path), { recursive: true });
    const v1 = new DatabaseSync(path);
    v1.exec(MIGRATIONS[0]!);
    v1.exec("PRAGMA user_version = 1");
    v1.exec(`INSERT INTO orgs VALUES ('org_1', 'o', 'free', '${at}');
      INSERT INTO projects (id, org_id, name, email, created_at, updated_at, config) VALUES ('proj_1', 'org_1', 'p', 'e', '${at}', '${at}', '{}');`);
    const server = v1.prepare(`INSERT INTO mcp_servers (id, project_id, name, auth_config_ids, allowed_tools, toolkits, managed_auth_via_platform, created_at, updated_at)
      VALUES (?, 'proj_1', ?, '[]', '[]', '["github"]', 0, ?, ?)`);
    server.run("mcp_a", "a", at, at);
    server.run("mcp_b", "b", at, "2025-01-02T00:00:00.000Z");
    const instance = v1.prepare(`INSERT INTO mcp_instances (id, server_id, user_id, created_at, updated_at) VALUES (?, ?, ?, '${at}', '${at}')`);
    instance.run("mcpi_1", "mcp_a", "alice");
    instance.run("mcpi_2", "mcp_a", "bob");
    v1.close();

    const store = new Store(path);
    const counts = () =>
      store.mcp
        .list("proj_1", { orderBy: "updated_at", orderDirection: "desc", offset: 0, limit: 10 })
        .items.map((s) => [s.id, s.server_instance_count]);
    expect(counts()).toEqual([["mcp_b", 0], ["mcp_a", 2]]);
    store.mcp.upsertInstance("mcp_b", "carol", at);
    store.mcp.upsertInstance("mcp_b", "carol", at); // the same user again: still one instance
    store.mcp.deleteInstance("mcp_a", "alice");
    expect(counts()).toEqual([["mcp_b", 1], ["mcp_a", 1]]);
    expect(store.mcp.get("proj_1", "mcp_b")!.server_instance_count).toBe(1);
    store.close();
  });

  it("sees keys revoked by another connection to the file (remembered authentication is forgotten)", async () => {
    const { path, store, boot, app } = demoOnFile();
    const session = () => app.inject({ url: "/api/v3/auth/session/info", headers: { "x-api-key": boot.apiKey! } });
    const projects = () => app.inject({ url: "/api/v3/org/owner/project/list", headers: { "x-org-api-key": boot.orgApiKey! } });
    expect((await session()).statusCode).toBe(200);
    expect((await projects()).statusCode).toBe(200);
    const other = new DatabaseSync(path);
    other.exec("PRAGMA busy_timeout = 5000");
    other.prepare("UPDATE project_keys SET deleted_at = ?").run(new Date().toISOString());
    expect((await session()).statusCode).toBe(401);
    expect((await projects()).statusCode).toBe(200);
    other.prepare("UPDATE org_keys SET revoked_at = ?").run(new Date().toISOString());
    expect((await projects()).statusCode).toBe(401);
    other.close();
    await app.close();
    store.close();
  });

  it("reads rows into records by column name: every field, with its conversion", () => {
    const raw = new DatabaseSync(":memory:");
    raw.exec(`CREATE TABLE t (a TEXT, b INTEGER, c TEXT, d TEXT); INSERT INTO t VALUES ('x', 1, '["p"]', NULL), ('y', 0, 'not json', 'z')`);
    const read = rowReader<{ a: string; b: boolean; c: string[]; d: string | null }>({ a: text, b: flag, c: json([]), d: nullableText });
    const rows = new Db(raw).stmt("SELECT d, c, b, a FROM t ORDER BY a").all();
    expect(rows.map(read)).toEqual([
      { a: "x", b: true, c: ["p"], d: null },
      { a: "y", b: false, c: [], d: "z" },
    ]);
    expect(read(undefined)).toBeUndefined();
    raw.close();
  });

  it("rolls a transaction back when it throws", () => {
    const store = new Store();
    const at = new Date().toISOString();
    expect(() =>
      store.transaction(() => {
        store.orgs.create({ name: "doomed", at });
        throw new Error("no");
      }),
    ).toThrow("no");
    expect(store.isEmpty()).toBe(true);
    store.transaction(() => store.orgs.create({ name: "kept", at }));
    expect(store.orgs.count()).toBe(1);
    store.close();
  });

  it("stores keys only as hashes", () => {
    const path = tempDb();
    const store = new Store(path);
    const boot = bootstrap(store, Catalog.load(), { seed: "demo" });
    store.close();
    const db = new DatabaseSync(path);
    const dump = JSON.stringify([
      ...db.prepare("SELECT * FROM org_keys").all(),
      ...db.prepare("SELECT * FROM project_keys").all(),
    ], (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString("hex") : v));
    db.close();
    expect(dump).not.toContain(boot.orgApiKey!);
    expect(dump).not.toContain(boot.apiKey!);
    expect(dump).toContain(hashKey(boot.apiKey!).toString("hex"));
  });
});

describe("persistence", () => {
  it("keeps every acknowledged write across a close and reopen of a file database", async () => {
    const catalog = Catalog.load();
    const demo = demoOnFile();
    const { path, boot } = demo;
    let { store, app } = demo;
    const key = { "x-api-key": boot.apiKey!, "content-type": "application/json" };
    const created = await app.inject({
      method: "POST",
      url: "/api/v3/mcp/servers",
      headers: key,
      payload: JSON.stringify({ name: "Survivor", auth_config_ids: [] }),
    });
    expect(created.statusCode).toBe(201);
    const serverId = JSON.parse(created.body).id;
    await app.inject({ method: "PATCH", url: "/api/v3/org/project/config", headers: key, payload: JSON.stringify({ display_name: "Persisted" }) });
    await app.close();
    store.close();

    store = new Store(path);
    app = buildApp({ store, catalog });
    const got = await app.inject({ url: `/api/v3/mcp/${serverId}`, headers: key });
    expect(got.statusCode).toBe(200);
    expect(JSON.parse(got.body).name).toBe("Survivor");
    const config = await app.inject({ url: "/api/v3/org/project/config", headers: key });
    expect(JSON.parse(config.body).display_name).toBe("Persisted");
    const triggers = await app.inject({ url: "/api/v3/trigger_instances/active?show_disabled=true", headers: key });
    expect(JSON.parse(triggers.body).total_items).toBe(4);
    const orgList = await app.inject({ url: "/api/v3/org/owner/project/list", headers: { "x-org-api-key": boot.orgApiKey! } });
    expect(orgList.statusCode).toBe(200);
    // A second bootstrap of a non-empty store seeds nothing and cannot show keys.
    const second = bootstrap(store, catalog, { seed: "demo" });
    expect(second.initialised).toBe(false);
    expect(second.orgApiKey).toBeUndefined();
    expect(second.projectId).toBe(boot.projectId);
    expect(second.notes.join("\n")).toMatch(/stored hashed/);
    await app.close();
    store.close();
  });

  it("records keys given in the environment so they work on later runs", () => {
    const path = tempDb();
    const catalog = Catalog.load();
    const orgApiKey = "iok_" + "E".repeat(40);
    const apiKey = "ipk_" + "F".repeat(40);
    let store = new Store(path);
    const first = bootstrap(store, catalog, { seed: "demo", orgApiKey, apiKey });
    expect(first).toMatchObject({ orgApiKey, apiKey });
    store.close();
    store = new Store(path);
    const second = bootstrap(store, catalog, { orgApiKey, apiKey });
    expect(second).toMatchObject({ orgApiKey, apiKey, projectId: first.projectId });
    // A new env key on an existing store is recorded too.
    const newer = "iok_" + "G".repeat(40);
    bootstrap(store, catalog, { orgApiKey: newer });
    expect(store.orgs.findKeyByHash(hashKey(newer))).toBeDefined();
    expect(() => bootstrap(store, catalog, { orgApiKey: "bad" })).toThrow(/INTEGRATION_PLATFORM_ORG_API_KEY is not a valid key/);
    expect(() => bootstrap(store, catalog, { orgApiKey: apiKey })).toThrow(/ORG_API_KEY/);
    store.close();
  });

  it("seeds the demo: auth configs, accounts, MCP servers with instances, triggers with one disabled", () => {
    const store = new Store();
    const boot = bootstrap(store, Catalog.load(), { seed: "demo" });
    const projectId = boot.projectId!;
    expect(store.authConfigs.list(projectId).map((c) => `${c.toolkit_slug}:${c.auth_scheme}`)).toEqual([
      "github:OAUTH2",
      "gmail:OAUTH2",
      "slack:OAUTH2",
      "linear:API_KEY",
    ]);
    expect(store.connectedAccounts.list(projectId).length).toBeGreaterThanOrEqual(4);
    const servers = store.mcp.list(projectId, { orderBy: "created_at", orderDirection: "asc", offset: 0, limit: 10 });
    expect(servers.items.map((s) => [s.name, s.server_instance_count])).toEqual([
      ["Dev Tools", 2],
      ["Inbox Assistant", 1],
    ]);
    const triggers = store.triggers.list(projectId, { showDisabled: true });
    expect(triggers.length).toBe(4);
    expect(triggers.filter((t) => t.disabled_at !== null)).toHaveLength(1);
    store.close();
  });
});
