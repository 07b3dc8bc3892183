import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

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

  /** GET /api/v3/mcp/app/{appKey}: the servers configured for a toolkit. Awaited: one page; `for await`: every item (increments `page_no`). */
  listByApp(appKey: string, query?: RouteQuery<"listMcpByApp">, options?: RequestOptions): ListPromise<"listMcpByApp", "items"> {
    return this._list("listMcpByApp", "items", "page_no", { params: { appKey }, query }, options);
  }

  /** GET /api/v3/mcp/servers: every server of the project. Awaited: one page; `for await`: every item (increments `page_no`). */
  list(query?: RouteQuery<"listMcpServers">, options?: RequestOptions): ListPromise<"listMcpServers", "items"> {
    return this._list("listMcpServers", "items", "page_no", { query }, options);
  }

  /** GET /api/v3/mcp/servers/{serverId}/instances. Awaited: one page; `for await`: every item (increments `page_no`). */
  listInstances(serverId: string, query?: RouteQuery<"listMcpInstances">, options?: RequestOptions): ListPromise<"listMcpInstances", "instances"> {
    return this._list("listMcpInstances", "instances", "page_no", { params: { serverId }, query }, options);
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
