import type { RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource } from "./resource";

export class MigrationResource extends APIResource {
  /** GET /api/v3/migration/get-nanoid: a legacy UUID's nano identifier. */
  getNanoId(query: RouteQuery<"getNanoId">, options?: RequestOptions): Promise<RouteResponse<"getNanoId">> {
    return this._call("getNanoId", { query }, options);
  }
}
