/** Every route of the table has a client method that calls it with its method, path and auth header. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { APIError, closeSharedDispatcher, type IntegrationPlatformClient } from "../../provider/client";
import { AUTH_HEADERS, routes, type RouteDef, type RouteName } from "../../api/routes";
import { API_KEY, ORG_API_KEY, envelope, rejection, startServer, testClient, type TestServer } from "./helpers/server";

type Call = (c: IntegrationPlatformClient) => Promise<unknown>;

/** One call per route: a new route without a client method fails the type check here. */
const calls: { [N in RouteName]: { call: Call; path: string } } = {
  sessionInfo: { call: (c) => c.session.info(), path: "/api/v3/auth/session/info" },
  createProject: { call: (c) => c.projects.create({ name: "proj" }), path: "/api/v3/org/owner/project/new" },
  listProjects: { call: (c) => c.projects.list(), path: "/api/v3/org/owner/project/list" },
  getProject: { call: (c) => c.projects.get("p1"), path: "/api/v3/org/owner/project/p1" },
  deleteProject: { call: (c) => c.projects.delete("p1"), path: "/api/v3/org/owner/project/p1" },
  regenerateApiKey: { call: (c) => c.projects.regenerateApiKey("p1"), path: "/api/v3/org/owner/project/p1/regenerate_api_key" },
  getProjectConfig: { call: (c) => c.config.get(), path: "/api/v3/org/project/config" },
  updateProjectConfig: { call: (c) => c.config.update({ require_mcp_api_key: true }), path: "/api/v3/org/project/config" },
  getAuthConfig: { call: (c) => c.authConfigs.get("ac_1"), path: "/api/v3/auth_configs/ac_1" },
  listToolkits: { call: (c) => c.toolkits.list(), path: "/api/v3/toolkits" },
  multiToolkits: { call: (c) => c.toolkits.multi({ toolkits: ["github"] }), path: "/api/v3/toolkits/multi" },
  getToolkit: { call: (c) => c.toolkits.get("github"), path: "/api/v3/toolkits/github" },
  createConnectedAccount: {
    call: (c) => c.connectedAccounts.create({ auth_config: { id: "ac_1" }, connection: { user_id: "u1" } }),
    path: "/api/v3/connected_accounts",
  },
  refreshConnectedAccount: { call: (c) => c.connectedAccounts.refresh("ca_1", {}, { redirect_url: "https://x.example.com" }), path: "/api/v3/connected_accounts/ca_1/refresh" },
  createMcpServer: { call: (c) => c.mcp.create({ name: "srv one", auth_config_ids: ["ac_1"] }), path: "/api/v3/mcp/servers" },
  generateMcpUrl: { call: (c) => c.mcp.generateUrl({ mcp_server_id: "s1" }), path: "/api/v3/mcp/servers/generate" },
  listMcpByApp: { call: (c) => c.mcp.listByApp("github"), path: "/api/v3/mcp/app/github" },
  getMcpServer: { call: (c) => c.mcp.get("s1"), path: "/api/v3/mcp/s1" },
  updateMcpServer: { call: (c) => c.mcp.update("s1", { name: "renamed" }), path: "/api/v3/mcp/s1" },
  deleteMcpServer: { call: (c) => c.mcp.delete("s1"), path: "/api/v3/mcp/s1" },
  listMcpInstances: { call: (c) => c.mcp.listInstances("s1"), path: "/api/v3/mcp/servers/s1/instances" },
  deleteMcpInstance: { call: (c) => c.mcp.deleteInstance("s1", "u1"), path: "/api/v3/mcp/servers/s1/instances/u1" },
  createToolRouterSession: { call: (c) => c.toolRouter.createSession({ user_id: "u1" }), path: "/api/v3/tool_router/session" },
  listSessionTools: { call: (c) => c.toolRouter.tools("trs_1"), path: "/api/v3/tool_router/session/trs_1/tools" },
  executeMeta: {
    call: (c) => c.toolRouter.executeMeta("trs_1", { slug: "PLATFORM_SEARCH_TOOLS", arguments: { q: "x" } }),
    path: "/api/v3/tool_router/session/trs_1/execute_meta",
  },
  listActiveTriggers: { call: (c) => c.triggers.listActive(), path: "/api/v3/trigger_instances/active" },
  upsertTrigger: {
    call: (c) => c.triggers.upsert("GITHUB_PUSH", { connected_account_id: "ca_1", trigger_config: {} }),
    path: "/api/v3/trigger_instances/GITHUB_PUSH/upsert",
  },
  manageTrigger: { call: (c) => c.triggers.manage("ti_1", { status: "disable" }), path: "/api/v3/trigger_instances/manage/ti_1" },
  deleteTrigger: { call: (c) => c.triggers.delete("ti_1"), path: "/api/v3/trigger_instances/manage/ti_1" },
  listTriggerTypes: { call: (c) => c.triggers.listTypes(), path: "/api/v3/triggers_types" },
  createAuthConfig: { call: (c) => c.authConfigs.create({ toolkit: { slug: "github" } }), path: "/api/v3/auth_configs" },
  listAuthConfigs: { call: (c) => c.authConfigs.list({ toolkit_slug: "github" }), path: "/api/v3/auth_configs" },
  updateAuthConfig: { call: (c) => c.authConfigs.update("ac_1", { type: "default", scopes: ["repo"] }), path: "/api/v3/auth_configs/ac_1" },
  setAuthConfigStatus: { call: (c) => c.authConfigs.setStatus("ac_1", "DISABLED"), path: "/api/v3/auth_configs/ac_1/DISABLED" },
  deleteAuthConfig: { call: (c) => c.authConfigs.delete("ac_1"), path: "/api/v3/auth_configs/ac_1" },
  listConnectedAccounts: { call: (c) => c.connectedAccounts.list({ user_ids: ["u1"] }), path: "/api/v3/connected_accounts" },
  getConnectedAccount: { call: (c) => c.connectedAccounts.get("ca_1"), path: "/api/v3/connected_accounts/ca_1" },
  deleteConnectedAccount: { call: (c) => c.connectedAccounts.delete("ca_1"), path: "/api/v3/connected_accounts/ca_1" },
  listTools: { call: (c) => c.tools.list({ toolkit_slug: "github" }), path: "/api/v3/tools" },
  getTool: { call: (c) => c.tools.get("GITHUB_CREATE_ISSUE"), path: "/api/v3/tools/GITHUB_CREATE_ISSUE" },
  listMcpServers: { call: (c) => c.mcp.list(), path: "/api/v3/mcp/servers" },
  createWebhookSubscription: {
    call: (c) => c.webhookSubscriptions.create({ webhook_url: "https://hooks.example.com", enabled_events: ["platform.trigger.message"] }),
    path: "/api/v3/webhook_subscriptions",
  },
  listWebhookSubscriptions: { call: (c) => c.webhookSubscriptions.list(), path: "/api/v3/webhook_subscriptions" },
  listWebhookEventTypes: { call: (c) => c.webhookSubscriptions.eventTypes(), path: "/api/v3/webhook_subscriptions/event_types" },
  getWebhookSubscription: { call: (c) => c.webhookSubscriptions.get("whs_1"), path: "/api/v3/webhook_subscriptions/whs_1" },
  updateWebhookSubscription: { call: (c) => c.webhookSubscriptions.update("whs_1", { version: "V2" }), path: "/api/v3/webhook_subscriptions/whs_1" },
  deleteWebhookSubscription: { call: (c) => c.webhookSubscriptions.delete("whs_1"), path: "/api/v3/webhook_subscriptions/whs_1" },
  rotateWebhookSecret: { call: (c) => c.webhookSubscriptions.rotateSecret("whs_1"), path: "/api/v3/webhook_subscriptions/whs_1/rotate_secret" },
  getNanoId: {
    call: (c) => c.migration.getNanoId({ uuid: "3f1c1f0e-8a7b-4c3d-9e2f-0a1b2c3d4e5f", type: "AUTH_CONFIG" }),
    path: "/api/v3/migration/get-nanoid",
  },
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
  server.fallback(envelope(404, { message: "not here" }));
});
afterEach(async () => {
  await server.close();
});
afterAll(async () => {
  await closeSharedDispatcher();
});

describe("route coverage", () => {
  it("has a call for every route", () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(routes).sort());
  });

  it.each(Object.keys(routes) as RouteName[])("%s", async (name) => {
    const route: RouteDef = routes[name];
    const client = testClient(server.url);

    const err = await rejection(calls[name].call(client));

    expect(err).toBeInstanceOf(APIError);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(`${req!.method} ${req!.path}`).toBe(`${route.method} ${calls[name].path}`);
    if (route.auth !== "none") {
      const other = route.auth === "apiKey" ? AUTH_HEADERS.orgApiKey : AUTH_HEADERS.apiKey;
      expect(req!.headers[AUTH_HEADERS[route.auth]]).toBe(route.auth === "apiKey" ? API_KEY : ORG_API_KEY);
      expect(req!.headers[other]).toBeUndefined();
    }
    // A JSON body exactly where the route has a body schema (GET /tools sends none).
    if (route.body && route.method !== "GET") expect(() => JSON.parse(req!.body)).not.toThrow();
    else expect(req!.body).toBe("");
  });
});
