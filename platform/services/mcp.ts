/**
 * MCP servers: their URLs and setup commands, and their answer form.
 *
 * A server's `mcp_url` is `<origin>/v3/mcp/<server id>/mcp`, where the platform speaks the MCP
 * protocol (platform/mcp-protocol/). The URLs of URL generation are api/mcp-urls.ts's.
 */
import {
  MAX_GENERATED_URLS_LENGTH,
  generatedMcpUrls,
  generatedMcpUrlsLength,
  type GenerateMcpUrlBody,
  type GenerateMcpUrlResponse,
  type McpServer,
} from "../../api";
import type { Catalog } from "../catalog";
import { mcpCommands } from "../mcp-protocol/setup-commands";
import { badRequest } from "../errors";
import type { McpServerRecord } from "../store";

/** The route of every server's `mcp_url`: mcp-protocol/plugin.ts serves it, `mcpBaseUrl` fills it in. */
export const MCP_ENDPOINT_PATH = "/v3/mcp/:serverId/mcp";

export function mcpBaseUrl(origin: string, serverId: string): string {
  return `${origin}${MCP_ENDPOINT_PATH.replace(":serverId", () => encodeURIComponent(serverId))}`;
}

/** `requireApiKey`: the project's `require_mcp_api_key`, which the setup commands must satisfy. */
export function presentMcpServer(catalog: Catalog, record: McpServerRecord, origin: string, requireApiKey: boolean): McpServer {
  const url = mcpBaseUrl(origin, record.id);
  const icons: Record<string, string> = {};
  for (const slug of record.toolkits) {
    const logo = catalog.toolkitLogo(slug);
    if (logo) icons[slug] = logo;
  }
  return {
    id: record.id,
    name: record.name,
    auth_config_ids: record.auth_config_ids,
    allowed_tools: record.allowed_tools,
    mcp_url: url,
    commands: mcpCommands(url, record.name, requireApiKey),
    toolkits: record.toolkits,
    toolkit_icons: icons,
    created_at: record.created_at,
    updated_at: record.updated_at,
    server_instance_count: record.server_instance_count,
    managed_auth_via_platform: record.managed_auth_via_platform,
    deleted: record.deleted_at !== null,
  };
}

/**
 * The URLs of URL generation (api/mcp-urls.ts), or a 400 when the answer would be longer than
 * MAX_GENERATED_URLS_LENGTH: its length is computed first, before anything is built or recorded.
 */
export function checkedGeneratedMcpUrls(base: string, body: GenerateMcpUrlBody): GenerateMcpUrlResponse {
  const length = generatedMcpUrlsLength(base, body);
  if (length > MAX_GENERATED_URLS_LENGTH) {
    throw badRequest(
      `The generated URLs would take ${length} characters, more than the ${MAX_GENERATED_URLS_LENGTH} URL generation answers with`,
      [`user_ids: with connected_account_ids, too many or too long ids for one answer (${length} characters); send fewer or shorter ids`],
    );
  }
  return generatedMcpUrls(base, body);
}
