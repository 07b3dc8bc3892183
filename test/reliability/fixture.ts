/**
 * A seeded in-memory platform for the reliability suites, driven with
 * `app.inject()`: the demo project A (its data from `--seed demo` plus a tool
 * router session), a second project B of the same organization with objects of
 * its own, a second organization with a project, and keys that no longer work
 * (A's key before a regeneration, the key of a deleted project, a revoked
 * organization key).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { REQUEST_ID_HEADER } from "../../api";
import { buildApp } from "../../platform/app";
import { Catalog } from "../../platform/catalog";
import { hashKey, newOrgKey } from "../../platform/ids";
import { createProjectRecord, issueProjectKey } from "../../platform/services/projects";
import { bootstrap } from "../../platform/seed";
import { Store } from "../../platform/store";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export interface Request {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON when defined. */
  body?: unknown;
}

/** The objects of one project that a request can name. */
export interface ProjectObjects {
  projectId: string;
  key: string;
  authConfigId: string;
  authConfigUuid: string;
  /** An ACTIVE GitHub account (user `alice` in A). */
  accountId: string;
  serverId: string;
  serverName: string;
  /** A user with an instance of `serverId`. */
  instanceUser: string;
  triggerId: string;
  sessionId: string;
  /** A's webhook subscription (B has none). */
  webhookSubscriptionId: string;
}

export interface Fixture {
  app: FastifyInstance;
  store: Store;
  catalog: Catalog;
  orgId: string;
  orgKey: string;
  a: ProjectObjects;
  b: ProjectObjects;
  /** Every id of A's objects, and its distinctive values: none may appear in an answer to anyone else. */
  aSentinels: string[];
  /** Values of the first organization that must not reach the second one. */
  org1Sentinels: string[];
  org2: { orgId: string; orgKey: string; projectId: string };
  revoked: {
    /** A's key before A's key was regenerated. */
    projectKeyRegenerated: string;
    /** The key of a project that was deleted since. */
    projectKeyDeleted: string;
    /** An organization key marked revoked (the API has no call for it; set in the database). */
    orgKey: string;
  };
  send(request: Request): Promise<LightMyRequestResponse>;
  /** A second connection to the store's database file, for what the API cannot do or show. */
  sql<T>(fn: (db: DatabaseSync) => T): T;
  close(): Promise<void>;
}

export async function createFixture(): Promise<Fixture> {
  // A database file (not :memory:) so that a second connection can reach it.
  const dir = mkdtempSync(join(tmpdir(), "ip-reliability-"));
  const dbPath = join(dir, "platform.db");
  const sql = <T>(fn: (db: DatabaseSync) => T): T => {
    const db = new DatabaseSync(dbPath);
    try {
      db.exec("PRAGMA busy_timeout = 5000");
      return fn(db);
    } finally {
      db.close();
    }
  };
  const store = new Store(dbPath);
  const catalog = Catalog.load();
  const app = buildApp({ store, catalog });
  const boot = bootstrap(store, catalog, { seed: "demo", origin: "http://127.0.0.1" });
  const orgKey = boot.orgApiKey!;
  const aProjectId = boot.projectId!;

  const send = (request: Request) =>
    app.inject({
      method: request.method,
      url: request.url,
      headers: {
        ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
        ...request.headers,
      },
      ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
    });
  const ok = async (request: Request, status = 200): Promise<any> => {
    const response = await send(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
    return response.json();
  };
  const asProject = (key: string) => ({ "x-api-key": key });
  const asOrg = (key: string) => ({ "x-org-api-key": key });

  // A's seeded key is revoked by a regeneration; the new one is A's key from here on.
  const revokedA = boot.apiKey!;
  const aKey = (await ok({ method: "POST", url: `/api/v3/org/owner/project/${aProjectId}/regenerate_api_key`, headers: asOrg(orgKey) })).api_key as string;

  const aServers = store.mcp.list(aProjectId, { orderBy: "created_at", orderDirection: "asc", offset: 0, limit: 100 }).items;
  const aDevTools = aServers.find((s) => s.name === "Dev Tools")!;
  const aGithubConfig = store.authConfigs.list(aProjectId).find((c) => c.toolkit_slug === "github")!;
  const aAlice = store.connectedAccounts.list(aProjectId, { userId: "alice" }).find((c) => c.auth_config_id === aGithubConfig.id)!;
  const aTriggers = store.triggers.list(aProjectId, { showDisabled: true });
  const aTrigger = aTriggers.find((t) => t.connected_account_id === aAlice.id)!;
  const aSession = (await ok({ method: "POST", url: "/api/v3/tool_router/session", headers: asProject(aKey), body: { user_id: "alice" } }, 201)).session_id as string;
  const aSubscription = await ok(
    { method: "POST", url: "/api/v3/webhook_subscriptions", headers: asProject(aKey), body: { webhook_url: "https://a.example.com/hooks", enabled_events: ["platform.trigger.message"] } },
    201,
  );

  const a: ProjectObjects = {
    projectId: aProjectId,
    key: aKey,
    authConfigId: aGithubConfig.id,
    authConfigUuid: aGithubConfig.uuid,
    accountId: aAlice.id,
    serverId: aDevTools.id,
    serverName: aDevTools.name,
    instanceUser: "alice",
    triggerId: aTrigger.id,
    sessionId: aSession,
    webhookSubscriptionId: aSubscription.id,
  };

  // B: a second project of the same organization, made through the API, with objects of its own.
  const bCreated = await ok({
    method: "POST",
    url: "/api/v3/org/owner/project/new",
    headers: asOrg(orgKey),
    body: { name: "project B", should_create_api_key: true },
  }, 201);
  const bKey = bCreated.api_key as string;
  const bConfig = await ok({ method: "POST", url: "/_local/auth_configs", headers: asOrg(orgKey), body: { project_id: bCreated.id, toolkit: "github", auth_scheme: "API_KEY" } }, 201);
  const bAccount = await ok({
    method: "POST",
    url: "/api/v3/connected_accounts",
    headers: asProject(bKey),
    body: { auth_config: { id: bConfig.id }, connection: { user_id: "bianca", state: { val: { api_key: "b-secret-1234" } } } },
  }, 201);
  const bServer = await ok({ method: "POST", url: "/api/v3/mcp/servers", headers: asProject(bKey), body: { name: "B only server", auth_config_ids: [bConfig.id] } }, 201);
  await ok({ method: "POST", url: "/api/v3/mcp/servers/generate", headers: asProject(bKey), body: { mcp_server_id: bServer.id, user_ids: ["bianca"] } });
  const bTrigger = await ok({
    method: "POST",
    url: "/api/v3/trigger_instances/GITHUB_COMMIT_EVENT/upsert",
    headers: asProject(bKey),
    body: { connected_account_id: bAccount.id, trigger_config: { owner: "b-org", repo: "b-repo" } },
  });
  const bSession = await ok({ method: "POST", url: "/api/v3/tool_router/session", headers: asProject(bKey), body: { user_id: "bianca" } }, 201);
  const b: ProjectObjects = {
    projectId: bCreated.id,
    key: bKey,
    authConfigId: bConfig.id,
    authConfigUuid: store.authConfigs.get(bCreated.id, bConfig.id)!.uuid,
    accountId: bAccount.id,
    serverId: bServer.id,
    serverName: bServer.name,
    instanceUser: "bianca",
    triggerId: bTrigger.trigger_id,
    sessionId: bSession.session_id,
    webhookSubscriptionId: "",
  };

  // A project deleted through the API: its key must stop working.
  const doomed = await ok({ method: "POST", url: "/api/v3/org/owner/project/new", headers: asOrg(orgKey), body: { name: "doomed", should_create_api_key: true } }, 201);
  await ok({ method: "DELETE", url: `/api/v3/org/owner/project/${doomed.id}`, headers: asOrg(orgKey) });

  // A second organization with its own key and project (the store is the only way to make one).
  const at = new Date().toISOString();
  const org2 = store.orgs.create({ name: "Second Organization", at });
  const owner2 = store.orgs.addMember({ orgId: org2.id, email: "owner2@example.com", name: "Owner Two", role: "OWNER", at });
  const org2Key = newOrgKey();
  store.orgs.addKey({ orgId: org2.id, memberId: owner2.id, name: "default", hash: hashKey(org2Key), last4: org2Key.slice(-4), at });
  const org2Project = createProjectRecord(store, { orgId: org2.id, name: "org two project", at });
  issueProjectKey(store, org2Project.id, owner2.id, at);

  // A revoked organization key of the first organization.
  const revokedOrgKey = newOrgKey();
  const owner1 = store.orgs.owner(boot.orgId)!;
  const revokedOrgKeyId = store.orgs.addKey({ orgId: boot.orgId, memberId: owner1.id, name: "old", hash: hashKey(revokedOrgKey), last4: revokedOrgKey.slice(-4), at });
  sql((db) => db.prepare("UPDATE org_keys SET revoked_at = ? WHERE id = ?").run(at, revokedOrgKeyId));

  const aProject = store.projects.get(aProjectId)!;
  const aSentinels = [
    aProjectId,
    aSubscription.id,
    aSubscription.secret,
    "https://a.example.com/hooks",
    aKey,
    revokedA,
    aProject.webhook_secret,
    ...store.authConfigs.list(aProjectId).flatMap((c) => [c.id, c.uuid]),
    ...store.connectedAccounts.list(aProjectId).map((c) => c.id),
    ...aServers.flatMap((s) => [s.id, JSON.stringify(s.name)]),
    ...aTriggers.map((t) => t.id),
    aSession,
    "octo-org",
    "lin_api_demo",
  ].filter((value): value is string => typeof value === "string" && value !== "");
  const org1Sentinels = [boot.orgId, orgKey, ...store.projects.list(boot.orgId).flatMap((p) => [p.id, JSON.stringify(p.name), p.webhook_secret])].filter(
    (value): value is string => typeof value === "string" && value !== "",
  );

  return {
    app,
    store,
    catalog,
    orgId: boot.orgId,
    orgKey,
    a,
    b,
    aSentinels,
    org1Sentinels,
    org2: { orgId: org2.id, orgKey: org2Key, projectId: org2Project.id },
    revoked: { projectKeyRegenerated: revokedA, projectKeyDeleted: doomed.api_key, orgKey: revokedOrgKey },
    send,
    sql,
    async close() {
      await app.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ENVELOPE_FIELDS = ["code", "errors", "message", "request_id", "slug", "status", "suggested_fix"];

/** Asserts the full error envelope of a non-2xx answer and returns its `error`. */
export function expectEnvelope(response: LightMyRequestResponse, status?: number, slug?: string, context = ""): any {
  const where = `${context} → ${response.statusCode} ${response.body.slice(0, 500)}`;
  if (status !== undefined) expect(response.statusCode, where).toBe(status);
  expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(String(response.headers["content-type"]), where).toMatch(/^application\/json/);
  const body = JSON.parse(response.body);
  expect(Object.keys(body), where).toEqual(["error"]);
  const error = body.error;
  expect(Object.keys(error).sort(), where).toEqual(ENVELOPE_FIELDS);
  expect(error.status, where).toBe(response.statusCode);
  expect(typeof error.message, where).toBe("string");
  expect(error.message.length, where).toBeGreaterThan(0);
  expect(Number.isInteger(error.code), where).toBe(true);
  expect(typeof error.slug, where).toBe("string");
  expect(typeof error.suggested_fix, where).toBe("string");
  expect(Array.isArray(error.errors) && error.errors.every((e: unknown) => typeof e === "string"), where).toBe(true);
  expect(typeof error.request_id, where).toBe("string");
  expect(error.request_id.length, where).toBeGreaterThan(0);
  expect(response.headers[REQUEST_ID_HEADER], where).toBe(error.request_id);
  if (slug) expect(error.slug, where).toBe(slug);
  return error;
}
