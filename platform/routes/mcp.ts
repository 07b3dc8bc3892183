/**
 * MCP servers and their per-user instances. URL generation records an instance of the server
 * for every user id it is given (api/mcp-urls.ts builds the URLs).
 */
import type { z } from "zod";
import { MCP_INSTANCES_DEFAULT_LIMIT, MCP_LIST_DEFAULT_LIMIT, generationIds, type ListMcpServersQuery, type McpServerPage } from "../../api";
import type { Catalog } from "../catalog";
import { badRequest, foundOr404, notFound } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { pageNumbers, pageWindow, type PageWindow } from "../pagination";
import { checkedGeneratedMcpUrls, mcpBaseUrl, presentMcpServer } from "../services/mcp";
import type { McpServerRecord, OrderBy, OrderDirection, Project, Store } from "../store";

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

/** The order and page of an MCP listing: newest change first unless asked otherwise. */
function listOrder(query: { order_by?: OrderBy | undefined; order_direction?: OrderDirection | undefined }, window: PageWindow) {
  return { orderBy: query.order_by ?? "updated_at", orderDirection: query.order_direction ?? "desc", offset: window.offset, limit: window.limit };
}

const liveServer = (store: Store, projectId: string, id: string): McpServerRecord => foundOr404(store.mcp.get(projectId, id), "MCP server", id);

/** One page of the project's live servers, of one toolkit when `toolkit` is given. */
function listServers(
  store: Store,
  catalog: Catalog,
  project: Project,
  query: z.output<typeof ListMcpServersQuery>,
  origin: string,
  toolkit?: string,
): McpServerPage {
  const window = pageWindow(query.page_no, query.limit, MCP_LIST_DEFAULT_LIMIT);
  const page = store.mcp.list(project.id, {
    toolkit,
    name: query.name,
    toolkits: query.toolkits,
    authConfigIds: query.auth_config_ids,
    ...listOrder(query, window),
  });
  return { items: page.items.map((record) => presentMcpServer(catalog, record, origin, project.config.require_mcp_api_key)), ...pageNumbers(page.total, window) };
}

export const mcpHandlers = {
  createMcpServer: ({ body, auth, store, catalog, at, origin }) => {
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
  },

  getMcpServer: ({ params, auth, store, catalog, origin }) =>
    presentMcpServer(catalog, liveServer(store, auth.project.id, params.id), origin, auth.project.config.require_mcp_api_key),

  updateMcpServer: ({ params, body, auth, store, catalog, at, origin }) => {
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
  },

  deleteMcpServer: ({ params, auth, store, at }) => {
    const server = liveServer(store, auth.project.id, params.id);
    store.mcp.softDelete(server.id, at);
    return { id: server.id, deleted: true };
  },

  listMcpByApp: ({ params, query, auth, store, catalog, origin }) => listServers(store, catalog, auth.project, query, origin, params.appKey),

  listMcpServers: ({ query, auth, store, catalog, origin }) => listServers(store, catalog, auth.project, query, origin),

  listMcpInstances: ({ params, query, auth, store }) => {
    const server = liveServer(store, auth.project.id, params.serverId);
    const window = pageWindow(query.page_no, query.limit, MCP_INSTANCES_DEFAULT_LIMIT);
    const page = store.mcp.listInstances(server.id, { search: query.search, ...listOrder(query, window) });
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
      ...pageNumbers(page.total, window),
    };
  },

  deleteMcpInstance: ({ params, auth, store }) => {
    const server = liveServer(store, auth.project.id, params.serverId);
    if (!store.mcp.getInstance(server.id, params.instanceId)) throw notFound("MCP server instance", params.instanceId);
    const deleted = store.connectedAccounts.deleteForUser(auth.project.id, params.instanceId, server.auth_config_ids);
    store.mcp.deleteInstance(server.id, params.instanceId);
    return {
      message: `Deleted instance ${params.instanceId} of MCP server ${server.id} and ${deleted} connected account(s)`,
      deleted_connected_accounts: deleted,
    };
  },

  generateMcpUrl: ({ body, auth, store, at, origin }) => {
    const server = liveServer(store, auth.project.id, body.mcp_server_id);
    // Repeats count once: each id costs a look-up or a write and a URL in the answer.
    const { accountIds, userIds } = generationIds(body);
    const errors: string[] = [];
    accountIds.forEach((id) => {
      if (!store.connectedAccounts.get(auth.project.id, id)) {
        const i = body.connected_account_ids!.indexOf(id);
        errors.push(`connected_account_ids[${i}]: no connected account ${JSON.stringify(id)} in this project`);
      }
    });
    if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
    // Everything is checked (the answer's size too) before the first instance is recorded.
    const urls = checkedGeneratedMcpUrls(mcpBaseUrl(origin, server.id), body);
    for (const userId of userIds) store.mcp.upsertInstance(server.id, userId, at);
    return urls;
  },
} satisfies HandlerGroup;
