import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import { iterateCursor, startCursor } from "../pagination";
import type { RequestOptions } from "../types";
import { APIResource, type PageItems } from "./resource";

export class ConnectedAccountsResource extends APIResource {
  /** POST /api/v3/connected_accounts: starts a connection for a user. */
  create(body: RouteBody<"createConnectedAccount">, options?: RequestOptions): Promise<RouteResponse<"createConnectedAccount">> {
    return this._call("createConnectedAccount", { body }, options);
  }

  /** POST /api/v3/connected_accounts/{nanoid}/refresh: starts a new authentication flow. */
  refresh(
    nanoid: string,
    body?: RouteBody<"refreshConnectedAccount">,
    query?: RouteQuery<"refreshConnectedAccount">,
    options?: RequestOptions,
  ): Promise<RouteResponse<"refreshConnectedAccount">> {
    return this._call("refreshConnectedAccount", { params: { nanoid }, body, query }, options);
  }

  /** GET /api/v3/connected_accounts: one page, newest first. */
  list(query?: RouteQuery<"listConnectedAccounts">, options?: RequestOptions): Promise<RouteResponse<"listConnectedAccounts">> {
    return this._call("listConnectedAccounts", { query }, options);
  }

  /** Every connected account across pages (follows `next_cursor`). */
  iterate(query?: RouteQuery<"listConnectedAccounts">, options?: RequestOptions): PageItems<"listConnectedAccounts", "items"> {
    return iterateCursor((cursor) => this.list({ ...query, cursor }, options), "items", startCursor(query));
  }

  /** GET /api/v3/connected_accounts/{nanoid}: secrets masked. */
  get(nanoid: string, options?: RequestOptions): Promise<RouteResponse<"getConnectedAccount">> {
    return this._call("getConnectedAccount", { params: { nanoid } }, options);
  }

  /** DELETE /api/v3/connected_accounts/{nanoid}: also its trigger instances. */
  delete(nanoid: string, options?: RequestOptions): Promise<RouteResponse<"deleteConnectedAccount">> {
    return this._call("deleteConnectedAccount", { params: { nanoid } }, options);
  }
}
