import type { RouteName, RouteResponse } from "../../../api/routes";
import type { CallParts, Core } from "../core";
import { PagePromise, type Paging } from "../pagination";
import type { ItemOf, RequestOptions } from "../types";

/** What the list method of route `N` returns: its page when awaited, the items of its `K` list across pages when iterated. */
export type ListPromise<N extends RouteName, K extends keyof RouteResponse<N>> = PagePromise<RouteResponse<N>, ItemOf<RouteResponse<N>[K]>>;

/** Base of the per-area classes (`client.mcp`, `client.projects`, ...). */
export abstract class APIResource {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  protected _call<N extends RouteName>(name: N, parts: CallParts, options?: RequestOptions): Promise<RouteResponse<N>> {
    return this.#core.call(name, parts, options);
  }

  /** A list call of route `N` whose items sit under `key`, paged by `paging` from the page `parts.query` asks for. */
  protected _list<N extends RouteName, K extends keyof RouteResponse<N>>(
    name: N,
    key: K,
    paging: Paging,
    parts: CallParts,
    options?: RequestOptions,
  ): ListPromise<N, K> {
    return new PagePromise((query) => this._call(name, { ...parts, query }, options), parts.query, key, paging);
  }
}
