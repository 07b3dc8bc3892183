/** MCP functions: servers of a toolkit and their instances (auto-paged), URL generation. */
import type {
  GenerateMcpUrlBody,
  GenerateMcpUrlResponse,
  ListMcpByAppQuery,
  ListMcpInstancesQuery,
  McpServer,
  McpServerInstance,
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

/** Every instance (one per user) of a server (all pages). */
export function getMcpServerInstances({ serverId, ...query }: GetMcpServerInstancesArgs, opts?: InvokeOptions): Promise<McpServerInstance[]> {
  return withProject(`getMcpServerInstances("${serverId}")`, opts, (client) => collect(client.mcp.listInstances(serverId, query)));
}
export const getMcpServerInstancesOutput = outputForm(getMcpServerInstances);

/** Builds MCP URLs for an existing server; reads only, changes nothing. */
export function generateMcpUrl(args: GenerateMcpUrlBody, opts?: InvokeOptions): Promise<GenerateMcpUrlResponse> {
  return withProject("generateMcpUrl", opts, (client) => client.mcp.generateUrl(args));
}
export const generateMcpUrlOutput = outputForm(generateMcpUrl);
