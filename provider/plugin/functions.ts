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
const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const FUNCTIONS: Readonly<Record<string, PluginFunction>> = {
  getSessionInfo: {
    description: "The project, API key record (masked) and organization member behind the configured key (GET /auth/session/info); the webhook secret is left out.",
    args: z.object({}),
    result: SessionInfo.extend({ project: SessionInfo.shape.project.omit({ webhook_secret: true }) }),
    call: () => fns.getSessionInfo(),
  },
  getToolkit: {
    description: "One toolkit, detail form (GET /toolkits/{slug}).",
    args: GetToolkitQuery.extend({ slug: z.string().describe("Toolkit slug, e.g. `github`.") }),
    result: ToolkitDetail,
    call: (args) => fns.getToolkit(args),
  },
  getToolkits: {
    description: "Every toolkit matching the filters, summary form (GET /toolkits, all pages).",
    args: ListToolkitsQuery,
    omitArgs: PAGES,
    result: items(ToolkitSummary),
    call: async (args) => ({ items: await fns.getToolkits(args) }),
  },
  getToolkitsMulti: {
    description: "Several toolkits by slug or filter, summary form (POST /toolkits/multi).",
    args: MultiToolkitsBody,
    omitArgs: PAGES,
    result: items(ToolkitSummary),
    call: async (args) => ({ items: await fns.getToolkitsMulti(args) }),
  },
  getAuthConfig: {
    description: "One auth config (GET /auth_configs/{id}).",
    args: z.object({ id: z.string().describe("The auth config's id.") }),
    result: AuthConfig,
    call: (args) => fns.getAuthConfig(args),
  },
  getAuthConfigs: {
    description: "The project's auth configs (GET /auth_configs, all pages).",
    args: ListAuthConfigsQuery,
    omitArgs: PAGES,
    result: items(AuthConfig),
    call: async (args) => ({ items: await fns.getAuthConfigs(args) }),
  },
  getConnectedAccounts: {
    description: "The project's connected accounts (GET /connected_accounts, all pages).",
    args: ListConnectedAccountsQuery,
    omitArgs: PAGES,
    result: items(ConnectedAccountDetail),
    call: async (args) => ({ items: await fns.getConnectedAccounts(args) }),
  },
  getConnectedAccount: {
    description: "One connected account (GET /connected_accounts/{id}).",
    args: z.object({ id: z.string().describe("The connected account's id.") }),
    result: ConnectedAccountDetail,
    call: (args) => fns.getConnectedAccount(args),
  },
  getTools: {
    description: "Tools of the catalog (GET /tools, all pages).",
    args: ListToolsQuery,
    omitArgs: PAGES,
    result: items(Tool),
    call: async (args) => ({ items: await fns.getTools(args) }),
  },
  getTool: {
    description: "One tool (GET /tools/{tool_slug}).",
    args: z.object({ slug: z.string().describe("The tool's slug, e.g. GITHUB_CREATE_ISSUE.") }),
    result: Tool,
    call: (args) => fns.getTool(args),
  },
  getProjectMcpServers: {
    description: "Every MCP server of the project (GET /mcp/servers, all pages).",
    args: ListMcpServersQuery,
    omitArgs: PAGES,
    result: items(McpServer),
    call: async (args) => ({ items: await fns.getProjectMcpServers(args) }),
  },
  getWebhookEventTypes: {
    description: "The event types a WebhookSubscription can enable (GET /webhook_subscriptions/event_types).",
    args: z.object({}),
    result: WebhookEventTypes,
    call: async () => ({ items: await fns.getWebhookEventTypes() }),
  },
  getTriggerTypes: {
    description: "Trigger types with their config and payload schemas (GET /triggers_types, all pages).",
    args: ListTriggerTypesQuery,
    omitArgs: PAGES,
    result: items(TriggerType),
    call: async (args) => ({ items: await fns.getTriggerTypes(args) }),
  },
  getTriggerInstances: {
    description: "The project's trigger instances (GET /trigger_instances/active, all pages).",
    args: ListActiveTriggersQuery,
    omitArgs: PAGES,
    result: items(TriggerInstance),
    call: async (args) => ({ items: await fns.getTriggerInstances(args) }),
  },
  getMcpServers: {
    description: "The MCP servers of a toolkit (GET /mcp/app/{appKey}, all pages).",
    args: ListMcpByAppQuery.extend({ appKey: z.string().describe("Toolkit slug.") }),
    omitArgs: PAGES,
    result: items(McpServer),
    call: async (args) => ({ items: await fns.getMcpServers(args) }),
  },
  getMcpServerInstances: {
    description: "The instances (one per user) of an MCP server (GET /mcp/servers/{id}/instances, all pages).",
    args: ListMcpInstancesQuery.extend({ serverId: z.string().describe("The MCP server's id.") }),
    omitArgs: PAGES,
    result: items(McpServerInstance),
    call: async (args) => ({ items: await fns.getMcpServerInstances(args) }),
  },
  generateMcpUrl: {
    description: "MCP URLs for an existing server and given users or accounts (POST /mcp/servers/generate); changes nothing.",
    args: GenerateMcpUrlBody,
    result: GenerateMcpUrlResponse,
    call: (args) => fns.generateMcpUrl(args),
  },
  getNanoId: {
    description: "The nano id of a legacy UUID (GET /migration/get-nanoid).",
    args: GetNanoIdQuery,
    result: z.object({ nanoid: z.string() }),
    call: async (args) => ({ nanoid: await fns.getNanoId(args) }),
  },
};
