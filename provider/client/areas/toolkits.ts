import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

export class ToolkitsResource extends APIResource {
  /** GET /api/v3/toolkits/{slug}: the detail form at `version` (default `latest`). */
  get(slug: string, query?: RouteQuery<"getToolkit">, options?: RequestOptions): Promise<RouteResponse<"getToolkit">> {
    return this._call("getToolkit", { params: { slug }, query }, options);
  }

  /** GET /api/v3/toolkits: summaries. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  list(query?: RouteQuery<"listToolkits">, options?: RequestOptions): ListPromise<"listToolkits", "items"> {
    return this._list("listToolkits", "items", "cursor", { query }, options);
  }

  /** POST /api/v3/toolkits/multi: several toolkits by slug or filter (a read; retried like one). */
  multi(body: RouteBody<"multiToolkits">, options?: RequestOptions): Promise<RouteResponse<"multiToolkits">> {
    return this._call("multiToolkits", { body }, options);
  }
}
