import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import { iteratePages, startPage } from "../pagination";
import type { RequestOptions } from "../types";
import { APIResource, type PageItems } from "./resource";

/** MCP servers and their per-user instances. */
export class McpResource extends APIResource {
  /** POST /api/v3/mcp/servers. Retried with an Idempotency-Key, so a retry never makes a second one. */
  create(body: RouteBody<"createMcpServer">, options?: RequestOptions): Promise<RouteResponse<"createMcpServer">> {
    return this._call("createMcpServer", { body }, options);
  }

  /** GET /api/v3/mcp/{id}: includes `deleted`. */
  get(id: string, options?: RequestOptions): Promise<RouteResponse<"getMcpServer">> {
    return this._call("getMcpServer", { params: { id } }, options);
  }

  /** PATCH /api/v3/mcp/{id}: only the fields sent change. */
  update(id: string, body: RouteBody<"updateMcpServer">, options?: RequestOptions): Promise<RouteResponse<"updateMcpServer">> {
    return this._call("updateMcpServer", { params: { id }, body }, options);
  }

  /** DELETE /api/v3/mcp/{id}: soft delete, not undoable. */
  delete(id: string, options?: RequestOptions): Promise<RouteResponse<"deleteMcpServer">> {
    return this._call("deleteMcpServer", { params: { id } }, options);
  }

  /** GET /api/v3/mcp/app/{appKey}: one page of the servers configured for a toolkit. */
  listByApp(appKey: string, query?: RouteQuery<"listMcpByApp">, options?: RequestOptions): Promise<RouteResponse<"listMcpByApp">> {
    return this._call("listMcpByApp", { params: { appKey }, query }, options);
  }

  /** Every server for a toolkit across pages (increments `page_no`). */
  iterateByApp(appKey: string, query?: RouteQuery<"listMcpByApp">, options?: RequestOptions): PageItems<"listMcpByApp", "items"> {
    return iteratePages((page_no) => this.listByApp(appKey, { ...query, page_no }, options), "items", startPage(query));
  }

  /** GET /api/v3/mcp/servers: one page of every server of the project. */
  list(query?: RouteQuery<"listMcpServers">, options?: RequestOptions): Promise<RouteResponse<"listMcpServers">> {
    return this._call("listMcpServers", { query }, options);
  }

  /** Every server of the project across pages (increments `page_no`). */
  iterate(query?: RouteQuery<"listMcpServers">, options?: RequestOptions): PageItems<"listMcpServers", "items"> {
    return iteratePages((page_no) => this.list({ ...query, page_no }, options), "items", startPage(query));
  }

  /** GET /api/v3/mcp/servers/{serverId}/instances: one page. */
  listInstances(serverId: string, query?: RouteQuery<"listMcpInstances">, options?: RequestOptions): Promise<RouteResponse<"listMcpInstances">> {
    return this._call("listMcpInstances", { params: { serverId }, query }, options);
  }

  /** Every instance of a server across pages (increments `page_no`). */
  iterateInstances(serverId: string, query?: RouteQuery<"listMcpInstances">, options?: RequestOptions): PageItems<"listMcpInstances", "instances"> {
    return iteratePages((page_no) => this.listInstances(serverId, { ...query, page_no }, options), "instances", startPage(query));
  }

  /** DELETE /api/v3/mcp/servers/{serverId}/instances/{instanceId}: also that user's connected accounts under the server's auth configs. */
  deleteInstance(serverId: string, instanceId: string, options?: RequestOptions): Promise<RouteResponse<"deleteMcpInstance">> {
    return this._call("deleteMcpInstance", { params: { serverId, instanceId } }, options);
  }

  /** POST /api/v3/mcp/servers/generate: URLs for an existing server (idempotent: retried like a read). */
  generateUrl(body: RouteBody<"generateMcpUrl">, options?: RequestOptions): Promise<RouteResponse<"generateMcpUrl">> {
    return this._call("generateMcpUrl", { body }, options);
  }
}
