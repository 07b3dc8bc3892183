import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

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

  /** GET /api/v3/connected_accounts: newest first. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  list(query?: RouteQuery<"listConnectedAccounts">, options?: RequestOptions): ListPromise<"listConnectedAccounts", "items"> {
    return this._list("listConnectedAccounts", "items", "cursor", { query }, options);
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
