import type { RouteName, RouteResponse } from "../../../api/routes";
import type { CallParts, Core } from "../core";
import type { ItemOf, RequestOptions } from "../types";

/** The items of every page of route `N`, read from its `K` list. */
export type PageItems<N extends RouteName, K extends keyof RouteResponse<N>> = AsyncGenerator<ItemOf<RouteResponse<N>[K]>>;

/** Base of the per-area classes (`client.mcp`, `client.projects`, ...). */
export abstract class APIResource {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  protected _call<N extends RouteName>(name: N, parts: CallParts, options?: RequestOptions): Promise<RouteResponse<N>> {
    return this.#core.call(name, parts, options);
  }
}
