import type { RouteQuery, RouteResponse } from "../../../api/routes";
import { iterateCursor, startCursor } from "../pagination";
import type { RequestOptions } from "../types";
import { APIResource, type PageItems } from "./resource";

/** The catalog's tools (the slugs `allowedTools` and tool restrictions take). */
export class ToolsResource extends APIResource {
  /** GET /api/v3/tools: one page, filtered by toolkit, slugs or search text. */
  list(query?: RouteQuery<"listTools">, options?: RequestOptions): Promise<RouteResponse<"listTools">> {
    return this._call("listTools", { query }, options);
  }

  /** Every tool across pages (follows `next_cursor`). */
  iterate(query?: RouteQuery<"listTools">, options?: RequestOptions): PageItems<"listTools", "items"> {
    return iterateCursor((cursor) => this.list({ ...query, cursor }, options), "items", startCursor(query));
  }

  /** GET /api/v3/tools/{tool_slug}. */
  get(toolSlug: string, options?: RequestOptions): Promise<RouteResponse<"getTool">> {
    return this._call("getTool", { params: { tool_slug: toolSlug } }, options);
  }
}
