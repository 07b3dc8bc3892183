import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

/** Projects of the organization; every call uses the organization key (`x-org-api-key`). */
export class ProjectsResource extends APIResource {
  /** POST /api/v3/org/owner/project/new. Retried with an Idempotency-Key, so a retry never makes a second one. */
  create(body: RouteBody<"createProject">, options?: RequestOptions): Promise<RouteResponse<"createProject">> {
    return this._call("createProject", { body }, options);
  }

  /** GET /api/v3/org/owner/project/list: newest first. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  list(query?: RouteQuery<"listProjects">, options?: RequestOptions): ListPromise<"listProjects", "data"> {
    return this._list("listProjects", "data", "cursor", { query }, options);
  }

  /** GET /api/v3/org/owner/project/{nano_id}. */
  get(nanoId: string, options?: RequestOptions): Promise<RouteResponse<"getProject">> {
    return this._call("getProject", { params: { nano_id: nanoId } }, options);
  }

  /** DELETE /api/v3/org/owner/project/{nano_id}: the project, its keys and everything in it. */
  delete(nanoId: string, options?: RequestOptions): Promise<RouteResponse<"deleteProject">> {
    return this._call("deleteProject", { params: { nano_id: nanoId } }, options);
  }

  /** POST /api/v3/org/owner/project/{nano_id}/regenerate_api_key: the old keys stop working. */
  regenerateApiKey(nanoId: string, options?: RequestOptions): Promise<RouteResponse<"regenerateApiKey">> {
    return this._call("regenerateApiKey", { params: { nano_id: nanoId } }, options);
  }
}
