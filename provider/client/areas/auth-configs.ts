import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import { iterateCursor, startCursor } from "../pagination";
import type { RequestOptions } from "../types";
import { APIResource, type PageItems } from "./resource";

export class AuthConfigsResource extends APIResource {
  /** GET /api/v3/auth_configs/{nanoid}. */
  get(nanoid: string, options?: RequestOptions): Promise<RouteResponse<"getAuthConfig">> {
    return this._call("getAuthConfig", { params: { nanoid } }, options);
  }

  /** POST /api/v3/auth_configs: platform-managed, or custom with one of the toolkit's schemes. Retried with an Idempotency-Key, so a retry never makes a second one. */
  create(body: RouteBody<"createAuthConfig">, options?: RequestOptions): Promise<RouteResponse<"createAuthConfig">> {
    return this._call("createAuthConfig", { body }, options);
  }

  /** GET /api/v3/auth_configs: one page; disabled ones only with `show_disabled`. */
  list(query?: RouteQuery<"listAuthConfigs">, options?: RequestOptions): Promise<RouteResponse<"listAuthConfigs">> {
    return this._call("listAuthConfigs", { query }, options);
  }

  /** Every auth config across pages (follows `next_cursor`). */
  iterate(query?: RouteQuery<"listAuthConfigs">, options?: RequestOptions): PageItems<"listAuthConfigs", "items"> {
    return iterateCursor((cursor) => this.list({ ...query, cursor }, options), "items", startCursor(query));
  }

  /** PATCH /api/v3/auth_configs/{nanoid}: `custom` replaces credentials, `default` sets scopes. */
  update(nanoid: string, body: RouteBody<"updateAuthConfig">, options?: RequestOptions): Promise<RouteResponse<"updateAuthConfig">> {
    return this._call("updateAuthConfig", { params: { nanoid }, body }, options);
  }

  /** PATCH /api/v3/auth_configs/{nanoid}/{ENABLED|DISABLED}: a disabled config refuses new connected accounts. */
  setStatus(nanoid: string, status: "ENABLED" | "DISABLED", options?: RequestOptions): Promise<RouteResponse<"setAuthConfigStatus">> {
    return this._call("setAuthConfigStatus", { params: { nanoid, status } }, options);
  }

  /** DELETE /api/v3/auth_configs/{nanoid}: soft delete (404 after). */
  delete(nanoid: string, options?: RequestOptions): Promise<RouteResponse<"deleteAuthConfig">> {
    return this._call("deleteAuthConfig", { params: { nanoid } }, options);
  }
}
