import type { RouteBody, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource } from "./resource";

/** The configuration of the project the API key belongs to. */
export class ConfigResource extends APIResource {
  /** GET /api/v3/org/project/config. */
  get(options?: RequestOptions): Promise<RouteResponse<"getProjectConfig">> {
    return this._call("getProjectConfig", {}, options);
  }

  /** PATCH /api/v3/org/project/config: only the fields sent change. */
  update(body: RouteBody<"updateProjectConfig">, options?: RequestOptions): Promise<RouteResponse<"updateProjectConfig">> {
    return this._call("updateProjectConfig", { body }, options);
  }
}
