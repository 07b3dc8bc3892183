/**
 * The functions the plugin serves (`integration-platform:index:<name>`): the
 * data-source functions of `provider/functions`, called as they are, with
 * their arguments and results described by the api/ schemas they are typed
 * with. A Pulumi function returns an object, so results that are lists come
 * back as `{ items }` and the nano id as `{ nanoid }`.
 */
import { z } from "zod";
import {
  AuthConfig,
  ConnectedAccountDetail,
  GenerateMcpUrlBody,
  GenerateMcpUrlResponse,
  GetNanoIdQuery,
  GetToolkitQuery,
  ListActiveTriggersQuery,
  ListAuthConfigsQuery,
  ListConnectedAccountsQuery,
  ListMcpServersQuery,
  ListToolsQuery,
  ListMcpByAppQuery,
  ListMcpInstancesQuery,
  ListToolkitsQuery,
  McpServer,
  McpServerInstance,
  MultiToolkitsBody,
  SessionInfo,
  Tool,
  WebhookEventTypes,
  ToolkitDetail,
  ToolkitSummary,
  TriggerInstance,
  TriggerType,
  ListTriggerTypesQuery,
} from "../../api";
import * as fns from "../functions";

export interface PluginFunction {
  readonly description: string;
  /** The arguments, as the function takes them. */
  readonly args: z.ZodType;
  /** Arguments the plugin does not offer: pages are followed to the last one. */
  readonly omitArgs?: readonly string[];
  readonly result: z.ZodType;
  // Arguments arrive as the engine sent them; each function validates what it uses through the client.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(args: any): Promise<object>;
}

const PAGES = ["cursor", "page_no"] as const;

/** A function whose answer is already an object: the result as the function returns it. */
function answering(description: string, args: z.ZodType, result: z.ZodType, call: (args: never) => Promise<object>): PluginFunction {
  return { description, args, result, call: (given) => call(given as never) };
}

/** A function answering with a whole list (every page followed): offered without the page arguments, answered as `{ items }`. */
function listing(description: string, args: z.ZodType, item: z.ZodType, list: (args: never) => Promise<unknown[]>): PluginFunction {
  return { description, args, omitArgs: PAGES, result: z.object({ items: z.array(item) }), call: async (given) => ({ items: await list(given as never) }) };
}

export const FUNCTIONS: Readonly<Record<string, PluginFunction>> = {
  getSessionInfo: {
    description: "The project, API key record (masked) and organization member behind the configured key (GET /auth/session/info); the webhook secret is left out.",
    args: z.object({}),
    result: SessionInfo.extend({ project: SessionInfo.shape.project.omit({ webhook_secret: true }) }),
    call: () => fns.getSessionInfo(),
  },
  getToolkit: answering("One toolkit, detail form (GET /toolkits/{slug}).", GetToolkitQuery.extend({ slug: z.string().describe("Toolkit slug, e.g. `github`.") }), ToolkitDetail, fns.getToolkit),
  getToolkits: listing("Every toolkit matching the filters, summary form (GET /toolkits, all pages).", ListToolkitsQuery, ToolkitSummary, fns.getToolkits),
  getToolkitsMulti: listing("Several toolkits by slug or filter, summary form (POST /toolkits/multi).", MultiToolkitsBody, ToolkitSummary, fns.getToolkitsMulti),
  getAuthConfig: answering("One auth config (GET /auth_configs/{id}).", z.object({ id: z.string().describe("The auth config's id.") }), AuthConfig, fns.getAuthConfig),
  getAuthConfigs: listing("The project's auth configs (GET /auth_configs, all pages).", ListAuthConfigsQuery, AuthConfig, fns.getAuthConfigs),
  getConnectedAccounts: listing("The project's connected accounts (GET /connected_accounts, all pages).", ListConnectedAccountsQuery, ConnectedAccountDetail, fns.getConnectedAccounts),
  getConnectedAccount: answering("One connected account (GET /connected_accounts/{id}).", z.object({ id: z.string().describe("The connected account's id.") }), ConnectedAccountDetail, fns.getConnectedAccount),
  getTools: listing("Tools of the catalog (GET /tools, all pages).", ListToolsQuery, Tool, fns.getTools),
  getTool: answering("One tool (GET /tools/{tool_slug}).", z.object({ slug: z.string().describe("The tool's slug, e.g. GITHUB_CREATE_ISSUE.") }), Tool, fns.getTool),
  getProjectMcpServers: listing("Every MCP server of the project (GET /mcp/servers, all pages).", ListMcpServersQuery, McpServer, fns.getProjectMcpServers),
  getWebhookEventTypes: {
    description: "The event types a WebhookSubscription can enable (GET /webhook_subscriptions/event_types).",
    args: z.object({}),
    result: WebhookEventTypes,
    call: async () => ({ items: await fns.getWebhookEventTypes() }),
  },
  getTriggerTypes: listing("Trigger types with their config and payload schemas (GET /triggers_types, all pages).", ListTriggerTypesQuery, TriggerType, fns.getTriggerTypes),
  getTriggerInstances: listing("The project's trigger instances (GET /trigger_instances/active, all pages).", ListActiveTriggersQuery, TriggerInstance, fns.getTriggerInstances),
  getMcpServers: listing("The MCP servers of a toolkit (GET /mcp/app/{appKey}, all pages).", ListMcpByAppQuery.extend({ appKey: z.string().describe("Toolkit slug.") }), McpServer, fns.getMcpServers),
  getMcpServerInstances: listing("The instances (one per user) of an MCP server (GET /mcp/servers/{id}/instances, all pages).", ListMcpInstancesQuery.extend({ serverId: z.string().describe("The MCP server's id.") }), McpServerInstance, fns.getMcpServerInstances),
  generateMcpUrl: answering("MCP URLs for an existing server and given users or accounts (GET /mcp/{id}; built from its mcp_url as POST /mcp/servers/generate builds them, without that POST, which records an instance per user).", GenerateMcpUrlBody, GenerateMcpUrlResponse, fns.generateMcpUrl),
  getNanoId: {
    description: "The nano id of a legacy UUID (GET /migration/get-nanoid).",
    args: GetNanoIdQuery,
    result: z.object({ nanoid: z.string() }),
    call: async (args) => ({ nanoid: await fns.getNanoId(args) }),
  },
};
