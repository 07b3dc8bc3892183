/**
 * MCP servers: their URLs and setup commands, and their answer form.
 *
 * A server's `mcp_url` is `<origin>/v3/mcp/<server id>/mcp` (the MCP protocol endpoint of the
 * hosted service). URL generation appends `include_platform_helper_actions`
 * (= `managed_auth_by_platform`), `connected_account_ids` and `user_id`, comma-separated.
 */
import type { McpServer } from "../../api";
import type { Catalog } from "../catalog";
import { badRequest } from "../errors";
import type { McpServerRecord } from "../store";

export function mcpBaseUrl(origin: string, serverId: string): string {
  return `${origin}/v3/mcp/${encodeURIComponent(serverId)}/mcp`;
}

/** Setup commands per client application. */
export function mcpCommands(url: string, name: string): Record<string, string> {
  return {
    cursor: `npx -y @integration-platform/mcp@latest setup "${url}" "${name}" --client cursor`,
    claude: `claude mcp add --transport http "${name}" "${url}"`,
    windsurf: `npx -y @integration-platform/mcp@latest setup "${url}" "${name}" --client windsurf`,
  };
}

export function presentMcpServer(catalog: Catalog, record: McpServerRecord, origin: string): McpServer {
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
    commands: mcpCommands(url, record.name),
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
 * A value encoded for a comma-separated list (its commas encoded, the list's kept). A lone
 * surrogate (valid in JSON, not in UTF-8) would make encodeURIComponent throw: it is encoded
 * as U+FFFD, which is also what the store records for it.
 */
const encoded = (value: string) => encodeURIComponent(Buffer.from(value, "utf8").toString("utf8"));

/** The server's URL with the query string of URL generation (lists already encoded, comma-separated). */
function urlWith(base: string, helperActions: boolean, accounts: string, users: string): string {
  const parts = [`include_platform_helper_actions=${helperActions}`];
  if (accounts) parts.push(`connected_account_ids=${accounts}`);
  if (users) parts.push(`user_id=${users}`);
  return `${base}?${parts.join("&")}`;
}

/** The most characters URL generation answers with (its URLs together). */
export const MAX_GENERATED_URLS_LENGTH = 1024 * 1024;

/**
 * The URLs of URL generation: the server's URL with every account and user, one per account
 * (with every user) and one per user (with every account). Each id list repeats in up to 100
 * URLs, so the answer grows as the product of the lists: its length is computed first, and one
 * over MAX_GENERATED_URLS_LENGTH is a 400 before anything is built (or recorded).
 */
export function generatedMcpUrls(
  base: string,
  helperActions: boolean,
  accountIds: readonly string[],
  userIds: readonly string[],
): { mcp_url: string; connected_account_urls: string[]; user_ids_url: string[] } {
  const accounts = accountIds.map(encoded);
  const users = userIds.map(encoded);
  const allAccounts = accounts.join(",");
  const allUsers = users.join(",");
  const fixed = urlWith(base, helperActions, "", "").length + 40;
  const length =
    fixed + allAccounts.length + allUsers.length +
    accounts.reduce((sum, one) => sum + fixed + one.length + allUsers.length, 0) +
    users.reduce((sum, one) => sum + fixed + allAccounts.length + one.length, 0);
  if (length > MAX_GENERATED_URLS_LENGTH) {
    throw badRequest(
      `The generated URLs would take ${length} characters, more than the ${MAX_GENERATED_URLS_LENGTH} URL generation answers with`,
      [`user_ids: with connected_account_ids, too many or too long ids for one answer (${length} characters); send fewer or shorter ids`],
    );
  }
  return {
    mcp_url: urlWith(base, helperActions, allAccounts, allUsers),
    connected_account_urls: accounts.map((one) => urlWith(base, helperActions, one, allUsers)),
    user_ids_url: users.map((one) => urlWith(base, helperActions, allAccounts, one)),
  };
}
