import type { RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

/** The catalog's tools (the slugs `allowedTools` and tool restrictions take). */
export class ToolsResource extends APIResource {
  /** GET /api/v3/tools: filtered by toolkit, slugs or search text. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  list(query?: RouteQuery<"listTools">, options?: RequestOptions): ListPromise<"listTools", "items"> {
    return this._list("listTools", "items", "cursor", { query }, options);
  }

  /** GET /api/v3/tools/{tool_slug}. */
  get(toolSlug: string, options?: RequestOptions): Promise<RouteResponse<"getTool">> {
    return this._call("getTool", { params: { tool_slug: toolSlug } }, options);
  }
}
