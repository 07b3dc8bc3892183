import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

/** Trigger instances and trigger types. */
export class TriggersResource extends APIResource {
  /** GET /api/v3/trigger_instances/active; disabled ones only with `show_disabled`. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  listActive(query?: RouteQuery<"listActiveTriggers">, options?: RequestOptions): ListPromise<"listActiveTriggers", "items"> {
    return this._list("listActiveTriggers", "items", "cursor", { query }, options);
  }

  /** POST /api/v3/trigger_instances/{slug}/upsert: create or update the trigger of a type on a connected account. */
  upsert(slug: string, body: RouteBody<"upsertTrigger">, options?: RequestOptions): Promise<RouteResponse<"upsertTrigger">> {
    return this._call("upsertTrigger", { params: { slug }, body }, options);
  }

  /** PATCH /api/v3/trigger_instances/manage/{triggerId}: enable or disable. */
  manage(triggerId: string, body: RouteBody<"manageTrigger">, options?: RequestOptions): Promise<RouteResponse<"manageTrigger">> {
    return this._call("manageTrigger", { params: { triggerId }, body }, options);
  }

  /** DELETE /api/v3/trigger_instances/manage/{triggerId}: permanent. */
  delete(triggerId: string, options?: RequestOptions): Promise<RouteResponse<"deleteTrigger">> {
    return this._call("deleteTrigger", { params: { triggerId } }, options);
  }

  /** GET /api/v3/triggers_types. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  listTypes(query?: RouteQuery<"listTriggerTypes">, options?: RequestOptions): ListPromise<"listTriggerTypes", "items"> {
    return this._list("listTriggerTypes", "items", "cursor", { query }, options);
  }
}
