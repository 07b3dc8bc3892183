/**
 * MCP servers and their per-user instances.
 *
 * URLs: a server's `mcp_url` is `<origin>/v3/mcp/<server id>/mcp`, where the
 * platform speaks the MCP protocol (platform/mcp-protocol/). URL generation appends
 * `include_platform_helper_actions` (= `managed_auth_by_platform`),
 * `connected_account_ids` and `user_id`, comma-separated, and records an
 * instance of the server for every user id it is given.
 */
import type { FastifyInstance } from "fastify";
import { MCP_INSTANCES_DEFAULT_LIMIT, MCP_LIST_DEFAULT_LIMIT, type McpServer } from "../../api";
import type { Catalog } from "../catalog";
import { badRequest, notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { pageWindow, totalPages } from "../http/pagination";
import { mcpCommands } from "../mcp-protocol/setup-commands";
import type { McpServerRecord, Store } from "../store";

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

/** Checks references of a create or update body; throws one 400 listing every unknown one. */
function checkReferences(
  store: Store,
  catalog: Catalog,
  projectId: string,
  body: { auth_config_ids?: string[] | undefined; toolkits?: string[] | undefined; allowed_tools?: string[] | undefined },
): void {
  const errors: string[] = [];
  body.auth_config_ids?.forEach((id, i) => {
    if (!store.authConfigs.get(projectId, id)) errors.push(`auth_config_ids[${i}]: no auth config ${JSON.stringify(id)} in this project`);
  });
  body.toolkits?.forEach((slug, i) => {
    if (!catalog.hasToolkit(slug)) errors.push(`toolkits[${i}]: unknown toolkit ${JSON.stringify(slug)}`);
  });
  body.allowed_tools?.forEach((slug, i) => {
    if (!catalog.getTool(slug)) errors.push(`allowed_tools[${i}]: unknown tool ${JSON.stringify(slug)}`);
  });
  if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
}

function liveServer(store: Store, projectId: string, id: string): McpServerRecord {
  const server = store.mcp.get(projectId, id);
  if (!server) throw notFound("MCP server", id);
  return server;
}

/**
 * `a,b,c` with each value encoded but the commas kept. A lone surrogate (valid in
 * JSON, not in UTF-8) would make encodeURIComponent throw: it is encoded as U+FFFD,
 * which is also what the store records for it.
 */
const csv = (values: readonly string[]) => values.map((value) => encodeURIComponent(Buffer.from(value, "utf8").toString("utf8"))).join(",");

function buildUrl(base: string, helperActions: boolean, accountIds: readonly string[], userIds: readonly string[]): string {
  const parts = [`include_platform_helper_actions=${helperActions}`];
  if (accountIds.length) parts.push(`connected_account_ids=${csv(accountIds)}`);
  if (userIds.length) parts.push(`user_id=${csv(userIds)}`);
  return `${base}?${parts.join("&")}`;
}

export default async function mcpRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("createMcpServer", ({ body, auth, store, catalog, at, origin }) => {
      checkReferences(store, catalog, auth.project.id, body);
      const toolkits =
        body.toolkits ??
        [...new Set(body.auth_config_ids.map((id) => store.authConfigs.get(auth.project.id, id)!.toolkit_slug))];
      const record = store.mcp.create({
        projectId: auth.project.id,
        name: body.name,
        authConfigIds: body.auth_config_ids,
        allowedTools: body.allowed_tools ?? [],
        toolkits,
        managedAuthViaPlatform: body.managed_auth_via_platform ?? false,
        at,
      });
      return presentMcpServer(catalog, record, origin, auth.project.config.require_mcp_api_key);
    }),

    defineHandler("getMcpServer", ({ params, auth, store, catalog, origin }) =>
      presentMcpServer(catalog, liveServer(store, auth.project.id, params.id), origin, auth.project.config.require_mcp_api_key),
    ),

    defineHandler("updateMcpServer", ({ params, body, auth, store, catalog, at, origin }) => {
      const server = liveServer(store, auth.project.id, params.id);
      checkReferences(store, catalog, auth.project.id, body);
      store.mcp.update(
        server.id,
        {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.auth_config_ids !== undefined ? { authConfigIds: body.auth_config_ids } : {}),
          ...(body.allowed_tools !== undefined ? { allowedTools: body.allowed_tools } : {}),
          ...(body.toolkits !== undefined ? { toolkits: body.toolkits } : {}),
          ...(body.managed_auth_via_platform !== undefined ? { managedAuthViaPlatform: body.managed_auth_via_platform } : {}),
        },
        at,
      );
      return presentMcpServer(catalog, liveServer(store, auth.project.id, server.id), origin, auth.project.config.require_mcp_api_key);
    }),

    defineHandler("deleteMcpServer", ({ params, auth, store, at }) => {
      const server = liveServer(store, auth.project.id, params.id);
      store.mcp.softDelete(server.id, at);
      return { id: server.id, deleted: true };
    }),

    defineHandler("listMcpByApp", ({ params, query, auth, store, catalog, origin }) => {
      const window = pageWindow(query.page_no, query.limit, MCP_LIST_DEFAULT_LIMIT);
      const page = store.mcp.list(auth.project.id, {
        toolkit: params.appKey,
        ...(query.name !== undefined ? { name: query.name } : {}),
        ...(query.toolkits !== undefined ? { toolkits: query.toolkits } : {}),
        ...(query.auth_config_ids !== undefined ? { authConfigIds: query.auth_config_ids } : {}),
        orderBy: query.order_by ?? "updated_at",
        orderDirection: query.order_direction ?? "desc",
        offset: window.offset,
        limit: window.limit,
      });
      return {
        items: page.items.map((record) => presentMcpServer(catalog, record, origin, auth.project.config.require_mcp_api_key)),
        total_pages: totalPages(page.total, window.limit),
        current_page: window.page,
      };
    }),

    defineHandler("listMcpInstances", ({ params, query, auth, store }) => {
      const server = liveServer(store, auth.project.id, params.serverId);
      const window = pageWindow(query.page_no, query.limit, MCP_INSTANCES_DEFAULT_LIMIT);
      const page = store.mcp.listInstances(server.id, {
        ...(query.search !== undefined ? { search: query.search } : {}),
        orderBy: query.order_by ?? "updated_at",
        orderDirection: query.order_direction ?? "desc",
        offset: window.offset,
        limit: window.limit,
      });
      return {
        instances: page.items.map((instance) => ({
          id: instance.id,
          instance_id: instance.user_id,
          mcp_server_id: instance.server_id,
          created_at: instance.created_at,
          updated_at: instance.updated_at,
        })),
        server_id: server.id,
        server_name: server.name,
        total_pages: totalPages(page.total, window.limit),
        current_page: window.page,
      };
    }),

    defineHandler("deleteMcpInstance", ({ params, auth, store }) => {
      const server = liveServer(store, auth.project.id, params.serverId);
      if (!store.mcp.getInstance(server.id, params.instanceId)) throw notFound("MCP server instance", params.instanceId);
      const deleted = store.connectedAccounts.deleteForUser(auth.project.id, params.instanceId, server.auth_config_ids);
      store.mcp.deleteInstance(server.id, params.instanceId);
      return {
        message: `Deleted instance ${params.instanceId} of MCP server ${server.id} and ${deleted} connected account(s)`,
        deleted_connected_accounts: deleted,
      };
    }),

    defineHandler("generateMcpUrl", ({ body, auth, store, at, origin }) => {
      const server = liveServer(store, auth.project.id, body.mcp_server_id);
      const accountIds = body.connected_account_ids ?? [];
      const userIds = body.user_ids ?? [];
      const errors: string[] = [];
      accountIds.forEach((id, i) => {
        if (!store.connectedAccounts.get(auth.project.id, id)) {
          errors.push(`connected_account_ids[${i}]: no connected account ${JSON.stringify(id)} in this project`);
        }
      });
      if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
      for (const userId of new Set(userIds)) store.mcp.upsertInstance(server.id, userId, at);
      const base = mcpBaseUrl(origin, server.id);
      const helper = body.managed_auth_by_platform;
      return {
        mcp_url: buildUrl(base, helper, accountIds, userIds),
        connected_account_urls: accountIds.map((id) => buildUrl(base, helper, [id], userIds)),
        user_ids_url: userIds.map((userId) => buildUrl(base, helper, accountIds, [userId])),
      };
    }),
  ]);
}
