/**
 * The route table: every endpoint of the spec plus the companion (lifecycle)
 * endpoints the public service documents beyond it (README.md, "Endpoints used
 * beyond the spec document"), with the auth scheme and the schemas of each part of the request
 * and of the success response. The server registers from it, the client calls
 * through it, and the OpenAPI document is generated from it.
 */
import { z } from "zod";
import {
  AuthConfig,
  AuthConfigPage,
  AuthConfigParams,
  AuthConfigStatusParams,
  AuthConfigStatusResponse,
  CreateAuthConfigBody,
  CreateAuthConfigResponse,
  DeleteAuthConfigResponse,
  ListAuthConfigsQuery,
  UpdateAuthConfigBody,
} from "./auth-configs";
import {
  ConnectedAccount,
  ConnectedAccountDetail,
  ConnectedAccountPage,
  ConnectedAccountParams,
  CreateConnectedAccountBody,
  DeleteConnectedAccountResponse,
  ListConnectedAccountsQuery,
  RefreshConnectedAccountBody,
  RefreshConnectedAccountQuery,
  RefreshConnectedAccountResponse,
} from "./connected-accounts";
import {
  CreateMcpServerBody,
  DeleteMcpInstanceResponse,
  DeleteMcpServerResponse,
  GenerateMcpUrlBody,
  GenerateMcpUrlResponse,
  ListMcpByAppParams,
  ListMcpByAppQuery,
  ListMcpInstancesQuery,
  ListMcpServersQuery,
  McpInstancePage,
  McpInstanceParams,
  McpInstancesParams,
  McpServer,
  McpServerPage,
  McpServerParams,
  UpdateMcpServerBody,
} from "./mcp";
import { GetNanoIdQuery, GetNanoIdResponse } from "./migration";
import { ProjectConfig, ProjectConfigPatch } from "./project-config";
import {
  CreateProjectBody,
  CreateProjectResponse,
  DeleteProjectResponse,
  ListProjectsQuery,
  ListProjectsResponse,
  ProjectIdParams,
  ProjectListItem,
  RegenerateApiKeyResponse,
  SessionInfo,
} from "./projects";
import {
  CreateToolRouterSessionBody,
  CreateToolRouterSessionResponse,
  ExecuteMetaBody,
  ExecuteMetaResponse,
  ListSessionToolsBody,
  SessionToolsResponse,
  ToolRouterSessionParams,
} from "./tool-router";
import { ListToolsQuery, ToolPage, ToolParams } from "./tools";
import { Tool } from "./tool-router";
import {
  GetToolkitQuery,
  ListToolkitsQuery,
  MultiToolkitsBody,
  ToolkitDetail,
  ToolkitPage,
  ToolkitParams,
} from "./toolkits";
import {
  DeleteTriggerResponse,
  ListActiveTriggersQuery,
  ListTriggerTypesQuery,
  ManageTriggerBody,
  ManageTriggerResponse,
  TriggerIdParams,
  TriggerInstancePage,
  TriggerSlugParams,
  TriggerTypePage,
  UpsertTriggerBody,
  UpsertTriggerResponse,
} from "./triggers";
import {
  CreateWebhookSubscriptionBody,
  DeleteWebhookSubscriptionResponse,
  ListWebhookSubscriptionsQuery,
  RotateWebhookSecretResponse,
  UpdateWebhookSubscriptionBody,
  WebhookEventTypes,
  WebhookSubscription,
  WebhookSubscriptionPage,
  WebhookSubscriptionParams,
} from "./webhooks";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";
/** `apiKey`: a project key in `x-api-key`; `orgApiKey`: an organization key in `x-org-api-key`. */
export type AuthScheme = "apiKey" | "orgApiKey" | "none";

export const AUTH_HEADERS = { apiKey: "x-api-key", orgApiKey: "x-org-api-key" } as const;
export const REQUEST_ID_HEADER = "x-request-id";
/**
 * A create sent with this header runs once per key: a repeat with the same key
 * (a retry after a lost answer) gets the first answer replayed. Keys are the
 * caller's (the client sends a random one per logical request), at most 255
 * characters, and scoped to the calling key's project or organization.
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Set to `true` on an answer replayed from the record of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a path parameter. */
  path: string;
  auth: AuthScheme;
  area: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  successStatus: 200 | 201;
  /** True for the companion endpoints the spec document does not list (README.md, "Endpoints used beyond the spec document"). */
  lifecycle?: boolean;
}

function route<const R extends RouteDef>(def: R): R {
  return def;
}

const V3 = "/api/v3";

export const routes = {
  // Session and projects
  sessionInfo: route({
    method: "GET", path: `${V3}/auth/session/info`, auth: "apiKey", area: "session",
    summary: "The calling key's project, API key record and organization member.",
    response: SessionInfo, successStatus: 200,
  }),
  createProject: route({
    method: "POST", path: `${V3}/org/owner/project/new`, auth: "orgApiKey", area: "projects",
    summary: "Create a project in the caller's organization.",
    body: CreateProjectBody, response: CreateProjectResponse, successStatus: 201,
  }),
  listProjects: route({
    method: "GET", path: `${V3}/org/owner/project/list`, auth: "orgApiKey", area: "projects",
    summary: "List the organization's projects, newest first.",
    query: ListProjectsQuery, response: ListProjectsResponse, successStatus: 200,
  }),
  getProject: route({
    method: "GET", path: `${V3}/org/owner/project/:nano_id`, auth: "orgApiKey", area: "projects",
    summary: "Get one project (list form).", lifecycle: true,
    params: ProjectIdParams, response: ProjectListItem, successStatus: 200,
  }),
  deleteProject: route({
    method: "DELETE", path: `${V3}/org/owner/project/:nano_id`, auth: "orgApiKey", area: "projects",
    summary: "Delete a project, its keys and everything in it.", lifecycle: true,
    params: ProjectIdParams, response: DeleteProjectResponse, successStatus: 200,
  }),
  regenerateApiKey: route({
    method: "POST", path: `${V3}/org/owner/project/:nano_id/regenerate_api_key`, auth: "orgApiKey", area: "projects",
    summary: "Issue a new project API key; the old keys stop working.", lifecycle: true,
    params: ProjectIdParams, response: RegenerateApiKeyResponse, successStatus: 200,
  }),

  // Project configuration
  getProjectConfig: route({
    method: "GET", path: `${V3}/org/project/config`, auth: "apiKey", area: "config",
    summary: "Read the project configuration.", lifecycle: true,
    response: ProjectConfig, successStatus: 200,
  }),
  updateProjectConfig: route({
    method: "PATCH", path: `${V3}/org/project/config`, auth: "apiKey", area: "config",
    summary: "Change the fields sent; the others stay as they are.",
    body: ProjectConfigPatch, response: ProjectConfig, successStatus: 200,
  }),

  // Auth configs
  getAuthConfig: route({
    method: "GET", path: `${V3}/auth_configs/:nanoid`, auth: "apiKey", area: "auth-configs",
    summary: "Get an auth config.",
    params: AuthConfigParams, response: AuthConfig, successStatus: 200,
  }),
  createAuthConfig: route({
    method: "POST", path: `${V3}/auth_configs`, auth: "apiKey", area: "auth-configs",
    summary: "Create an auth config: platform-managed or with the caller's own credentials.", lifecycle: true,
    body: CreateAuthConfigBody, response: CreateAuthConfigResponse, successStatus: 201,
  }),
  listAuthConfigs: route({
    method: "GET", path: `${V3}/auth_configs`, auth: "apiKey", area: "auth-configs",
    summary: "List the project's auth configs; disabled ones only with show_disabled.", lifecycle: true,
    query: ListAuthConfigsQuery, response: AuthConfigPage, successStatus: 200,
  }),
  updateAuthConfig: route({
    method: "PATCH", path: `${V3}/auth_configs/:nanoid`, auth: "apiKey", area: "auth-configs",
    summary: "Change the fields sent of an auth config (custom: credentials; default: scopes).", lifecycle: true,
    params: AuthConfigParams, body: UpdateAuthConfigBody, response: AuthConfig, successStatus: 200,
  }),
  setAuthConfigStatus: route({
    method: "PATCH", path: `${V3}/auth_configs/:nanoid/:status`, auth: "apiKey", area: "auth-configs",
    summary: "Enable or disable an auth config; a disabled one refuses new connected accounts.", lifecycle: true,
    params: AuthConfigStatusParams, response: AuthConfigStatusResponse, successStatus: 200,
  }),
  deleteAuthConfig: route({
    method: "DELETE", path: `${V3}/auth_configs/:nanoid`, auth: "apiKey", area: "auth-configs",
    summary: "Soft-delete an auth config: gone from lists, 404 after.", lifecycle: true,
    params: AuthConfigParams, response: DeleteAuthConfigResponse, successStatus: 200,
  }),

  // Toolkits
  listToolkits: route({
    method: "GET", path: `${V3}/toolkits`, auth: "apiKey", area: "toolkits",
    summary: "List toolkits (latest versions) available to the project.",
    query: ListToolkitsQuery, response: ToolkitPage, successStatus: 200,
  }),
  multiToolkits: route({
    method: "POST", path: `${V3}/toolkits/multi`, auth: "apiKey", area: "toolkits",
    summary: "Fetch several toolkits by slug or filter.",
    body: MultiToolkitsBody, response: ToolkitPage, successStatus: 200,
  }),
  getToolkit: route({
    method: "GET", path: `${V3}/toolkits/:slug`, auth: "apiKey", area: "toolkits",
    summary: "Get a toolkit (detail form) at a version, `latest` by default.",
    params: ToolkitParams, query: GetToolkitQuery, response: ToolkitDetail, successStatus: 200,
  }),

  // Connected accounts
  createConnectedAccount: route({
    method: "POST", path: `${V3}/connected_accounts`, auth: "apiKey", area: "connected-accounts",
    summary: "Start a connection to an external application for a user.",
    body: CreateConnectedAccountBody, response: ConnectedAccount, successStatus: 201,
  }),
  refreshConnectedAccount: route({
    method: "POST", path: `${V3}/connected_accounts/:nanoid/refresh`, auth: "apiKey", area: "connected-accounts",
    summary: "Start a new authentication flow for a connected account.",
    params: ConnectedAccountParams, query: RefreshConnectedAccountQuery, body: RefreshConnectedAccountBody,
    response: RefreshConnectedAccountResponse, successStatus: 200,
  }),
  listConnectedAccounts: route({
    method: "GET", path: `${V3}/connected_accounts`, auth: "apiKey", area: "connected-accounts",
    summary: "List the project's connected accounts, newest first.", lifecycle: true,
    query: ListConnectedAccountsQuery, response: ConnectedAccountPage, successStatus: 200,
  }),
  getConnectedAccount: route({
    method: "GET", path: `${V3}/connected_accounts/:nanoid`, auth: "apiKey", area: "connected-accounts",
    summary: "Get a connected account (secrets masked).", lifecycle: true,
    params: ConnectedAccountParams, response: ConnectedAccountDetail, successStatus: 200,
  }),
  deleteConnectedAccount: route({
    method: "DELETE", path: `${V3}/connected_accounts/:nanoid`, auth: "apiKey", area: "connected-accounts",
    summary: "Delete a connected account and its trigger instances.", lifecycle: true,
    params: ConnectedAccountParams, response: DeleteConnectedAccountResponse, successStatus: 200,
  }),

  // Tools
  listTools: route({
    method: "GET", path: `${V3}/tools`, auth: "apiKey", area: "tools",
    summary: "List the catalog's tools (latest toolkit versions).", lifecycle: true,
    query: ListToolsQuery, response: ToolPage, successStatus: 200,
  }),
  getTool: route({
    method: "GET", path: `${V3}/tools/:tool_slug`, auth: "apiKey", area: "tools",
    summary: "Get a tool by slug.", lifecycle: true,
    params: ToolParams, response: Tool, successStatus: 200,
  }),

  // MCP servers
  createMcpServer: route({
    method: "POST", path: `${V3}/mcp/servers`, auth: "apiKey", area: "mcp",
    summary: "Create an MCP server.", lifecycle: true,
    body: CreateMcpServerBody, response: McpServer, successStatus: 201,
  }),
  listMcpServers: route({
    method: "GET", path: `${V3}/mcp/servers`, auth: "apiKey", area: "mcp",
    summary: "List every live MCP server of the project.", lifecycle: true,
    query: ListMcpServersQuery, response: McpServerPage, successStatus: 200,
  }),
  generateMcpUrl: route({
    method: "POST", path: `${V3}/mcp/servers/generate`, auth: "apiKey", area: "mcp",
    summary: "Build MCP URLs for an existing server.",
    body: GenerateMcpUrlBody, response: GenerateMcpUrlResponse, successStatus: 200,
  }),
  listMcpByApp: route({
    method: "GET", path: `${V3}/mcp/app/:appKey`, auth: "apiKey", area: "mcp",
    summary: "List MCP servers configured for one toolkit.",
    params: ListMcpByAppParams, query: ListMcpByAppQuery, response: McpServerPage, successStatus: 200,
  }),
  getMcpServer: route({
    method: "GET", path: `${V3}/mcp/:id`, auth: "apiKey", area: "mcp",
    summary: "Get an MCP server.", lifecycle: true,
    params: McpServerParams, response: McpServer, successStatus: 200,
  }),
  updateMcpServer: route({
    method: "PATCH", path: `${V3}/mcp/:id`, auth: "apiKey", area: "mcp",
    summary: "Change the fields sent of an MCP server.",
    params: McpServerParams, body: UpdateMcpServerBody, response: McpServer, successStatus: 200,
  }),
  deleteMcpServer: route({
    method: "DELETE", path: `${V3}/mcp/:id`, auth: "apiKey", area: "mcp",
    summary: "Soft-delete an MCP server.",
    params: McpServerParams, response: DeleteMcpServerResponse, successStatus: 200,
  }),
  listMcpInstances: route({
    method: "GET", path: `${V3}/mcp/servers/:serverId/instances`, auth: "apiKey", area: "mcp",
    summary: "List the per-user instances of an MCP server.",
    params: McpInstancesParams, query: ListMcpInstancesQuery, response: McpInstancePage, successStatus: 200,
  }),
  deleteMcpInstance: route({
    method: "DELETE", path: `${V3}/mcp/servers/:serverId/instances/:instanceId`, auth: "apiKey", area: "mcp",
    summary: "Delete a user's instance and that user's connected accounts under the server's auth configs.",
    params: McpInstanceParams, response: DeleteMcpInstanceResponse, successStatus: 200,
  }),

  // Tool router
  createToolRouterSession: route({
    method: "POST", path: `${V3}/tool_router/session`, auth: "apiKey", area: "tool-router",
    summary: "Start a tool router session for a user.", lifecycle: true,
    body: CreateToolRouterSessionBody, response: CreateToolRouterSessionResponse, successStatus: 201,
  }),
  listSessionTools: route({
    method: "GET", path: `${V3}/tool_router/session/:session_id/tools`, auth: "apiKey", area: "tool-router",
    summary: "The meta tools of a session.",
    params: ToolRouterSessionParams, body: ListSessionToolsBody, response: SessionToolsResponse, successStatus: 200,
  }),
  executeMeta: route({
    method: "POST", path: `${V3}/tool_router/session/:session_id/execute_meta`, auth: "apiKey", area: "tool-router",
    summary: "Run one meta tool in a session.",
    params: ToolRouterSessionParams, body: ExecuteMetaBody, response: ExecuteMetaResponse, successStatus: 200,
  }),

  // Triggers
  listActiveTriggers: route({
    method: "GET", path: `${V3}/trigger_instances/active`, auth: "apiKey", area: "triggers",
    summary: "List the project's trigger instances; disabled ones only with show_disabled.",
    query: ListActiveTriggersQuery, response: TriggerInstancePage, successStatus: 200,
  }),
  upsertTrigger: route({
    method: "POST", path: `${V3}/trigger_instances/:slug/upsert`, auth: "apiKey", area: "triggers",
    summary: "Create or update the trigger of a type on a connected account.", lifecycle: true,
    params: TriggerSlugParams, body: UpsertTriggerBody, response: UpsertTriggerResponse, successStatus: 200,
  }),
  manageTrigger: route({
    method: "PATCH", path: `${V3}/trigger_instances/manage/:triggerId`, auth: "apiKey", area: "triggers",
    summary: "Enable or disable a trigger instance.",
    params: TriggerIdParams, body: ManageTriggerBody, response: ManageTriggerResponse, successStatus: 200,
  }),
  deleteTrigger: route({
    method: "DELETE", path: `${V3}/trigger_instances/manage/:triggerId`, auth: "apiKey", area: "triggers",
    summary: "Delete a trigger instance permanently.",
    params: TriggerIdParams, response: DeleteTriggerResponse, successStatus: 200,
  }),
  listTriggerTypes: route({
    method: "GET", path: `${V3}/triggers_types`, auth: "apiKey", area: "triggers",
    summary: "List trigger types with their config and payload schemas.",
    query: ListTriggerTypesQuery, response: TriggerTypePage, successStatus: 200,
  }),

  // Webhook subscription (one per project)
  createWebhookSubscription: route({
    method: "POST", path: `${V3}/webhook_subscriptions`, auth: "apiKey", area: "webhooks",
    summary: "Subscribe the project's webhook URL to event types; answers the signing secret.", lifecycle: true,
    body: CreateWebhookSubscriptionBody, response: WebhookSubscription, successStatus: 201,
  }),
  listWebhookSubscriptions: route({
    method: "GET", path: `${V3}/webhook_subscriptions`, auth: "apiKey", area: "webhooks",
    summary: "List the project's webhook subscription (at most one); secrets masked.", lifecycle: true,
    query: ListWebhookSubscriptionsQuery, response: WebhookSubscriptionPage, successStatus: 200,
  }),
  listWebhookEventTypes: route({
    method: "GET", path: `${V3}/webhook_subscriptions/event_types`, auth: "apiKey", area: "webhooks",
    summary: "The event types a subscription can enable.", lifecycle: true,
    response: WebhookEventTypes, successStatus: 200,
  }),
  getWebhookSubscription: route({
    method: "GET", path: `${V3}/webhook_subscriptions/:id`, auth: "apiKey", area: "webhooks",
    summary: "Get the webhook subscription; its secret masked.", lifecycle: true,
    params: WebhookSubscriptionParams, response: WebhookSubscription, successStatus: 200,
  }),
  updateWebhookSubscription: route({
    method: "PATCH", path: `${V3}/webhook_subscriptions/:id`, auth: "apiKey", area: "webhooks",
    summary: "Change the fields sent of the webhook subscription.", lifecycle: true,
    params: WebhookSubscriptionParams, body: UpdateWebhookSubscriptionBody, response: WebhookSubscription, successStatus: 200,
  }),
  deleteWebhookSubscription: route({
    method: "DELETE", path: `${V3}/webhook_subscriptions/:id`, auth: "apiKey", area: "webhooks",
    summary: "Delete the webhook subscription; deliveries stop.", lifecycle: true,
    params: WebhookSubscriptionParams, response: DeleteWebhookSubscriptionResponse, successStatus: 200,
  }),
  rotateWebhookSecret: route({
    method: "POST", path: `${V3}/webhook_subscriptions/:id/rotate_secret`, auth: "apiKey", area: "webhooks",
    summary: "Replace the signing secret; answers the new one.", lifecycle: true,
    params: WebhookSubscriptionParams, response: RotateWebhookSecretResponse, successStatus: 200,
  }),

  // Migration
  getNanoId: route({
    method: "GET", path: `${V3}/migration/get-nanoid`, auth: "apiKey", area: "migration",
    summary: "Convert a legacy UUID into its nano identifier.",
    query: GetNanoIdQuery, response: GetNanoIdResponse, successStatus: 200,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

type Infer<S> = S extends z.ZodType ? z.infer<S> : never;
type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** What a caller passes for each part of a route's request. */
export type RouteParams<N extends RouteName> = Input<Routes[N] extends { params: infer P } ? P : undefined>;
export type RouteQuery<N extends RouteName> = Input<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteBody<N extends RouteName> = Input<Routes[N] extends { body: infer B } ? B : undefined>;
/** The parsed success response of a route. */
export type RouteResponse<N extends RouteName> = Infer<Routes[N]["response"]>;

/** `/mcp/:id` with `{ id: "x" }` → `/mcp/x`, each value URL-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
