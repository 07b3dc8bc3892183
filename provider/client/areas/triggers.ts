import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import { iterateCursor, startCursor } from "../pagination";
import type { RequestOptions } from "../types";
import { APIResource, type PageItems } from "./resource";

/** Trigger instances and trigger types. */
export class TriggersResource extends APIResource {
  /** GET /api/v3/trigger_instances/active: one page; disabled ones only with `show_disabled`. */
  listActive(query?: RouteQuery<"listActiveTriggers">, options?: RequestOptions): Promise<RouteResponse<"listActiveTriggers">> {
    return this._call("listActiveTriggers", { query }, options);
  }

  /** Every trigger instance across pages (follows `next_cursor`). */
  iterateActive(query?: RouteQuery<"listActiveTriggers">, options?: RequestOptions): PageItems<"listActiveTriggers", "items"> {
    return iterateCursor((cursor) => this.listActive({ ...query, cursor }, options), "items", startCursor(query));
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

  /** GET /api/v3/triggers_types: one page. */
  listTypes(query?: RouteQuery<"listTriggerTypes">, options?: RequestOptions): Promise<RouteResponse<"listTriggerTypes">> {
    return this._call("listTriggerTypes", { query }, options);
  }

  /** Every trigger type across pages (follows `next_cursor`). */
  iterateTypes(query?: RouteQuery<"listTriggerTypes">, options?: RequestOptions): PageItems<"listTriggerTypes", "items"> {
    return iterateCursor((cursor) => this.listTypes({ ...query, cursor }, options), "items", startCursor(query));
  }
}
