/**
 * The MCP server of one session: `tools/list` and `tools/call` over the platform's MCP server
 * object, read again from the store on every request (a PATCH shows on the next list).
 *
 * Calls never reach external applications. A call is checked the way the hosted service
 * checks it (the tool is offered, its arguments fit the input schema, the caller has an ACTIVE
 * connection when the toolkit needs one) and then answered with a simulated result.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpServerRecord, Store } from "../store";
import { findConnection, type Caller } from "./connections";
import { toolSelection, type McpSession } from "./sessions";
import { simulatedResult } from "./simulated-result";
import type { ServedTool, ToolSchemas } from "./tool-schemas";

/** Keys of `_meta` on call results; the prefix names the platform, as the protocol asks of custom keys. */
export const META = {
  simulated: "integration-platform/simulated",
  connectedAccountId: "integration-platform/connected_account_id",
} as const;

const INSTRUCTIONS =
  "Tools of the local Integration Platform. Calls are checked (arguments, connections) like on the hosted service, " +
  `but never reach external applications: every result is simulated and marked so in _meta["${META.simulated}"].`;

export interface ProtocolDeps {
  store: Store;
  tools: ToolSchemas;
}

function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }], _meta: { [META.simulated]: true } };
}

function liveServer(store: Store, serverId: string): McpServerRecord {
  const server = store.mcp.getById(serverId);
  if (!server) throw new McpError(ErrorCode.InvalidRequest, `MCP server ${JSON.stringify(serverId)} was deleted.`);
  return server;
}

/** The tool named `name` when the server offers it. */
function offered(tools: ToolSchemas, server: McpServerRecord, name: string): ServedTool | undefined {
  const tool = tools.get(name);
  if (!tool || tool.slug !== name) return undefined;
  if (server.allowed_tools.length) return server.allowed_tools.some((slug) => slug.toUpperCase() === tool.slug) ? tool : undefined;
  return server.toolkits.some((slug) => slug.toLowerCase() === tool.toolkit) ? tool : undefined;
}

function callTool(deps: ProtocolDeps, serverId: string, caller: Caller, name: string, args: Record<string, unknown>): CallToolResult {
  const server = liveServer(deps.store, serverId);
  const tool = offered(deps.tools, server, name);
  if (!tool) {
    const names = deps.tools.forServer(server).map((t) => t.slug);
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${JSON.stringify(name)}: this server offers ${names.join(", ") || "no tools"}.`);
  }
  const problems = tool.checkArguments(args);
  if (problems.length) return toolError(`Invalid arguments for ${tool.slug}: ${problems.join("; ")}.`);

  let accountId: string | undefined;
  if (!tool.noAuth) {
    const connection = findConnection(deps.store, server, caller, tool.toolkit, tool.slug);
    if ("missing" in connection) return toolError(connection.missing);
    accountId = connection.account.id;
  }
  const meta = { [META.simulated]: true, ...(accountId ? { [META.connectedAccountId]: accountId } : {}) };
  if (!tool.outputSchema) {
    return { content: [{ type: "text", text: `Simulated call of ${tool.slug}: nothing was sent to ${tool.toolkit}.` }], _meta: meta };
  }
  const structured = simulatedResult(tool.slug, args, tool.outputSchema);
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured, _meta: meta };
}

/** A new SDK server for a session of the platform's MCP server `record`. */
export function createProtocolServer(deps: ProtocolDeps, record: McpServerRecord, session: Pick<McpSession, "caller" | "seenSelection">): Server {
  const protocol = new Server(
    { name: record.name, version: "v3" },
    { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS },
  );
  protocol.setRequestHandler(ListToolsRequestSchema, async () => {
    const server = await deps.store.read(() => liveServer(deps.store, record.id));
    session.seenSelection = toolSelection(server);
    return { tools: deps.tools.forServer(server).map((tool) => tool.definition) };
  });
  protocol.setRequestHandler(CallToolRequestSchema, async (request) =>
    deps.store.read(() => callTool(deps, record.id, session.caller, request.params.name, request.params.arguments ?? {})),
  );
  return protocol;
}
