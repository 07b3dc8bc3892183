import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource } from "./resource";

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
}
