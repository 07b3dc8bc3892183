/** MCP functions: every server of the project or of a toolkit, their instances (auto-paged), URL generation. */
import {
  generatedMcpUrls,
  type GenerateMcpUrlBody,
  type GenerateMcpUrlResponse,
  type ListMcpByAppQuery,
  type ListMcpInstancesQuery,
  type ListMcpServersQuery,
  type McpServer,
  type McpServerInstance,
} from "../../api";
import { collect, outputForm, withProject, type InvokeOptions } from "./invoke";

export interface GetMcpServersArgs extends ListMcpByAppQuery {
  /** Toolkit slug (the API's `appKey`). */
  appKey: string;
}

export interface GetMcpServerInstancesArgs extends ListMcpInstancesQuery {
  serverId: string;
}

/** Every MCP server configured for a toolkit (all pages). */
export function getMcpServers({ appKey, ...query }: GetMcpServersArgs, opts?: InvokeOptions): Promise<McpServer[]> {
  return withProject(`getMcpServers("${appKey}")`, opts, (client) => collect(client.mcp.listByApp(appKey, query)));
}
export const getMcpServersOutput = outputForm(getMcpServers);

/** Every MCP server of the project, whatever its toolkits (all pages). */
export function getProjectMcpServers(args: Omit<ListMcpServersQuery, "page_no"> = {}, opts?: InvokeOptions): Promise<McpServer[]> {
  return withProject("getProjectMcpServers", opts, (client) => collect(client.mcp.list(args)));
}
export const getProjectMcpServersOutput = outputForm(getProjectMcpServers);

/** Every instance (one per user) of a server (all pages). */
export function getMcpServerInstances({ serverId, ...query }: GetMcpServerInstancesArgs, opts?: InvokeOptions): Promise<McpServerInstance[]> {
  return withProject(`getMcpServerInstances("${serverId}")`, opts, (client) => collect(client.mcp.listInstances(serverId, query)));
}
export const getMcpServerInstancesOutput = outputForm(getMcpServerInstances);

/**
 * The MCP URLs of an existing server, built from its `mcp_url` exactly as
 * `POST /mcp/servers/generate` builds them, but without that POST: it records
 * an instance per user id, and a function must change nothing. Only the server
 * is read; connected account ids are not checked (the API has no read of one).
 */
export function generateMcpUrl(args: GenerateMcpUrlBody, opts?: InvokeOptions): Promise<GenerateMcpUrlResponse> {
  return withProject(`generateMcpUrl("${args.mcp_server_id}")`, opts, async (client) => {
    const server = await client.mcp.get(args.mcp_server_id);
    if (server.deleted) throw new Error(`MCP server "${server.id}" was deleted; generate URLs of a live server.`);
    return generatedMcpUrls(server.mcp_url, args);
  });
}
export const generateMcpUrlOutput = outputForm(generateMcpUrl);
