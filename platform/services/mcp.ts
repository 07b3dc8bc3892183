/**
 * MCP servers: their URLs and setup commands, and their answer form.
 *
 * A server's `mcp_url` is `<origin>/v3/mcp/<server id>/mcp`, where the platform speaks the MCP
 * protocol (platform/mcp-protocol/). URL generation appends `include_platform_helper_actions`
 * (= `managed_auth_by_platform`), `connected_account_ids` and `user_id`, comma-separated.
 */
import type { McpServer } from "../../api";
import type { Catalog } from "../catalog";
import { mcpCommands } from "../mcp-protocol/setup-commands";
import type { McpServerRecord } from "../store";

export function mcpBaseUrl(origin: string, serverId: string): string {
  return `${origin}/v3/mcp/${encodeURIComponent(serverId)}/mcp`;
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
 * `a,b,c` with each value encoded but the commas kept. A lone surrogate (valid in
 * JSON, not in UTF-8) would make encodeURIComponent throw: it is encoded as U+FFFD,
 * which is also what the store records for it.
 */
const csv = (values: readonly string[]) => values.map((value) => encodeURIComponent(Buffer.from(value, "utf8").toString("utf8"))).join(",");

/** The server's URL with the query string of URL generation. */
export function generatedMcpUrl(base: string, helperActions: boolean, accountIds: readonly string[], userIds: readonly string[]): string {
  const parts = [`include_platform_helper_actions=${helperActions}`];
  if (accountIds.length) parts.push(`connected_account_ids=${csv(accountIds)}`);
  if (userIds.length) parts.push(`user_id=${csv(userIds)}`);
  return `${base}?${parts.join("&")}`;
}
