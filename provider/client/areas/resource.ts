import type { RouteName, RouteResponse } from "../../../api/routes";
import type { CallParts, Core } from "../core";
import type { RequestOptions } from "../types";

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
