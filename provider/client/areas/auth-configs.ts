import type { RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource } from "./resource";

export class AuthConfigsResource extends APIResource {
  /** GET /api/v3/auth_configs/{nanoid}. */
  get(nanoid: string, options?: RequestOptions): Promise<RouteResponse<"getAuthConfig">> {
    return this._call("getAuthConfig", { params: { nanoid } }, options);
  }
}
