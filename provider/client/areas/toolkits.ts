import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import { iterateCursor, startCursor } from "../pagination";
import type { RequestOptions } from "../types";
import { APIResource, type PageItems } from "./resource";

export class ToolkitsResource extends APIResource {
  /** GET /api/v3/toolkits/{slug}: the detail form at `version` (default `latest`). */
  get(slug: string, query?: RouteQuery<"getToolkit">, options?: RequestOptions): Promise<RouteResponse<"getToolkit">> {
    return this._call("getToolkit", { params: { slug }, query }, options);
  }

  /** GET /api/v3/toolkits: one page of summaries. */
  list(query?: RouteQuery<"listToolkits">, options?: RequestOptions): Promise<RouteResponse<"listToolkits">> {
    return this._call("listToolkits", { query }, options);
  }

  /** Every toolkit across pages (follows `next_cursor`). */
  iterate(query?: RouteQuery<"listToolkits">, options?: RequestOptions): PageItems<"listToolkits", "items"> {
    return iterateCursor((cursor) => this.list({ ...query, cursor }, options), "items", startCursor(query));
  }

  /** POST /api/v3/toolkits/multi: several toolkits by slug or filter (a read; retried like one). */
  multi(body: RouteBody<"multiToolkits">, options?: RequestOptions): Promise<RouteResponse<"multiToolkits">> {
    return this._call("multiToolkits", { body }, options);
  }
}
