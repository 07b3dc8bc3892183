/**
 * One valid request per route of api/routes.ts, naming real objects of a
 * project (see fixture.ts). The auth matrix sends them with wrong keys, the
 * fuzzer mutates them.
 */
import type { RouteName } from "../../api";
import type { ProjectObjects } from "./fixture";

export interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * What a key of another project (organization routes: of another organization)
 * gets for A's request: `absent` — the answer for an id that does not exist
 * (404 for an object in the path, 400 for one named in the body); `own` — a
 * success about the caller's own project (lists, session, catalog, creates).
 */
export type Cross = { absent: 404 | 400 } | { own: true };

export interface RouteCase {
  request(a: ProjectObjects): RouteRequest;
  cross: Cross;
}

/** One valid request per route. A new route in api/routes.ts fails the type check here. */
export const CASES: { readonly [N in RouteName]: RouteCase } = {
  sessionInfo: { request: () => ({}), cross: { own: true } },
  createProject: { request: () => ({ body: { name: "made by the matrix", should_create_api_key: true } }), cross: { own: true } },
  listProjects: { request: () => ({ query: { limit: "50" } }), cross: { own: true } },
  getProject: { request: (a) => ({ params: { nano_id: a.projectId } }), cross: { absent: 404 } },
  deleteProject: { request: (a) => ({ params: { nano_id: a.projectId } }), cross: { absent: 404 } },
  regenerateApiKey: { request: (a) => ({ params: { nano_id: a.projectId } }), cross: { absent: 404 } },
  getProjectConfig: { request: () => ({}), cross: { own: true } },
  updateProjectConfig: { request: () => ({ body: { display_name: "changed by the matrix" } }), cross: { own: true } },
  getAuthConfig: { request: (a) => ({ params: { nanoid: a.authConfigId } }), cross: { absent: 404 } },
  listToolkits: { request: () => ({ query: { limit: "5" } }), cross: { own: true } },
  multiToolkits: { request: () => ({ body: { toolkits: ["github", "slack"] } }), cross: { own: true } },
  getToolkit: { request: () => ({ params: { slug: "github" } }), cross: { own: true } },
  createConnectedAccount: {
    request: (a) => ({ body: { auth_config: { id: a.authConfigId }, connection: { user_id: "matrix-user" } } }),
    cross: { absent: 400 },
  },
  refreshConnectedAccount: { request: (a) => ({ params: { nanoid: a.accountId }, body: {} }), cross: { absent: 404 } },
  createMcpServer: { request: (a) => ({ body: { name: "Matrix server", auth_config_ids: [a.authConfigId] } }), cross: { absent: 400 } },
  generateMcpUrl: { request: (a) => ({ body: { mcp_server_id: a.serverId, user_ids: [a.instanceUser] } }), cross: { absent: 404 } },
  listMcpByApp: { request: () => ({ params: { appKey: "github" } }), cross: { own: true } },
  getMcpServer: { request: (a) => ({ params: { id: a.serverId } }), cross: { absent: 404 } },
  updateMcpServer: { request: (a) => ({ params: { id: a.serverId }, body: { name: "Renamed by the matrix" } }), cross: { absent: 404 } },
  deleteMcpServer: { request: (a) => ({ params: { id: a.serverId } }), cross: { absent: 404 } },
  listMcpInstances: { request: (a) => ({ params: { serverId: a.serverId } }), cross: { absent: 404 } },
  deleteMcpInstance: { request: (a) => ({ params: { serverId: a.serverId, instanceId: a.instanceUser } }), cross: { absent: 404 } },
  createToolRouterSession: { request: () => ({ body: { user_id: "matrix-user", toolkits: ["github"] } }), cross: { own: true } },
  listSessionTools: { request: (a) => ({ params: { session_id: a.sessionId } }), cross: { absent: 404 } },
  executeMeta: {
    request: (a) => ({ params: { session_id: a.sessionId }, body: { slug: "PLATFORM_SEARCH_TOOLS", arguments: { queries: [{ use_case: "create an issue" }] } } }),
    cross: { absent: 404 },
  },
  // B filters by A's trigger id: it must get an empty list, not A's trigger.
  listActiveTriggers: { request: (a) => ({ query: { trigger_ids: a.triggerId, show_disabled: "true" } }), cross: { own: true } },
  upsertTrigger: {
    request: (a) => ({ params: { slug: "GITHUB_COMMIT_EVENT" }, body: { connected_account_id: a.accountId, trigger_config: { owner: "octo-org", repo: "matrix" } } }),
    cross: { absent: 400 },
  },
  manageTrigger: { request: (a) => ({ params: { triggerId: a.triggerId }, body: { status: "disable" } }), cross: { absent: 404 } },
  deleteTrigger: { request: (a) => ({ params: { triggerId: a.triggerId } }), cross: { absent: 404 } },
  listTriggerTypes: { request: () => ({ query: { toolkit_slugs: "github" } }), cross: { own: true } },
  getNanoId: { request: (a) => ({ query: { uuid: a.authConfigUuid, type: "AUTH_CONFIG" } }), cross: { absent: 404 } },
  createAuthConfig: {
    request: () => ({ body: { toolkit: { slug: "github" }, auth_config: { type: "use_custom_auth", authScheme: "API_KEY", name: "matrix config" } } }),
    cross: { own: true },
  },
  listAuthConfigs: { request: () => ({ query: { toolkit_slug: "github", show_disabled: "true" } }), cross: { own: true } },
  updateAuthConfig: { request: (a) => ({ params: { nanoid: a.authConfigId }, body: { type: "default", scopes: ["repo"] } }), cross: { absent: 404 } },
  setAuthConfigStatus: { request: (a) => ({ params: { nanoid: a.authConfigId, status: "ENABLED" } }), cross: { absent: 404 } },
  deleteAuthConfig: { request: (a) => ({ params: { nanoid: a.authConfigId } }), cross: { absent: 404 } },
  // B filters by A's ids: it must get an empty list, not A's accounts.
  listConnectedAccounts: { request: (a) => ({ query: { auth_config_ids: a.authConfigId, user_ids: "alice" } }), cross: { own: true } },
  getConnectedAccount: { request: (a) => ({ params: { nanoid: a.accountId } }), cross: { absent: 404 } },
  deleteConnectedAccount: { request: (a) => ({ params: { nanoid: a.accountId } }), cross: { absent: 404 } },
  listTools: { request: () => ({ query: { toolkit_slug: "github", limit: "3" } }), cross: { own: true } },
  getTool: { request: () => ({ params: { tool_slug: "GITHUB_CREATE_ISSUE" } }), cross: { own: true } },
  listMcpServers: { request: (a) => ({ query: { auth_config_ids: a.authConfigId } }), cross: { own: true } },
  // A has a subscription (made by the fixture), B none: B's create is its own; A's runs after A's delete.
  createWebhookSubscription: {
    request: () => ({ body: { webhook_url: "https://hooks.example.com/matrix", enabled_events: ["platform.trigger.message"] } }),
    cross: { own: true },
  },
  listWebhookSubscriptions: { request: () => ({}), cross: { own: true } },
  listWebhookEventTypes: { request: () => ({}), cross: { own: true } },
  getWebhookSubscription: { request: (a) => ({ params: { id: a.webhookSubscriptionId } }), cross: { absent: 404 } },
  updateWebhookSubscription: {
    request: (a) => ({ params: { id: a.webhookSubscriptionId }, body: { enabled_events: ["platform.trigger.message", "platform.trigger.disabled"] } }),
    cross: { absent: 404 },
  },
  deleteWebhookSubscription: { request: (a) => ({ params: { id: a.webhookSubscriptionId } }), cross: { absent: 404 } },
  rotateWebhookSecret: { request: (a) => ({ params: { id: a.webhookSubscriptionId } }), cross: { absent: 404 } },
};

