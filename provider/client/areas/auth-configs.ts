import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

export class AuthConfigsResource extends APIResource {
  /** GET /api/v3/auth_configs/{nanoid}. */
  get(nanoid: string, options?: RequestOptions): Promise<RouteResponse<"getAuthConfig">> {
    return this._call("getAuthConfig", { params: { nanoid } }, options);
  }

  /** POST /api/v3/auth_configs: platform-managed, or custom with one of the toolkit's schemes. Retried with an Idempotency-Key, so a retry never makes a second one. */
  create(body: RouteBody<"createAuthConfig">, options?: RequestOptions): Promise<RouteResponse<"createAuthConfig">> {
    return this._call("createAuthConfig", { body }, options);
  }

  /** GET /api/v3/auth_configs; disabled ones only with `show_disabled`. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  list(query?: RouteQuery<"listAuthConfigs">, options?: RequestOptions): ListPromise<"listAuthConfigs", "items"> {
    return this._list("listAuthConfigs", "items", "cursor", { query }, options);
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
