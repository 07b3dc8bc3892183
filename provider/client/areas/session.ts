import type { RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource } from "./resource";

export class SessionResource extends APIResource {
  /** GET /api/v3/auth/session/info: the calling key's project, API key record and organization member. */
  info(options?: RequestOptions): Promise<RouteResponse<"sessionInfo">> {
    return this._call("sessionInfo", {}, options);
  }
}
