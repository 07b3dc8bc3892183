import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import { iterateCursor, startCursor } from "../pagination";
import type { RequestOptions } from "../types";
import { APIResource, type PageItems } from "./resource";

/** The project's webhook subscription (one per project). The secret is answered in full by create and rotateSecret only. */
export class WebhookSubscriptionsResource extends APIResource {
  /** POST /api/v3/webhook_subscriptions: a second one is a ConflictError. Retried with an Idempotency-Key, so a retry never meets its own first attempt. */
  create(body: RouteBody<"createWebhookSubscription">, options?: RequestOptions): Promise<RouteResponse<"createWebhookSubscription">> {
    return this._call("createWebhookSubscription", { body }, options);
  }

  /** GET /api/v3/webhook_subscriptions: one page (at most one item). */
  list(query?: RouteQuery<"listWebhookSubscriptions">, options?: RequestOptions): Promise<RouteResponse<"listWebhookSubscriptions">> {
    return this._call("listWebhookSubscriptions", { query }, options);
  }

  /** Every subscription across pages (follows `next_cursor`). */
  iterate(query?: RouteQuery<"listWebhookSubscriptions">, options?: RequestOptions): PageItems<"listWebhookSubscriptions", "items"> {
    return iterateCursor((cursor) => this.list({ ...query, cursor }, options), "items", startCursor(query));
  }

  /** GET /api/v3/webhook_subscriptions/{id}: the secret masked. */
  get(id: string, options?: RequestOptions): Promise<RouteResponse<"getWebhookSubscription">> {
    return this._call("getWebhookSubscription", { params: { id } }, options);
  }

  /** PATCH /api/v3/webhook_subscriptions/{id}: only the fields sent change. */
  update(id: string, body: RouteBody<"updateWebhookSubscription">, options?: RequestOptions): Promise<RouteResponse<"updateWebhookSubscription">> {
    return this._call("updateWebhookSubscription", { params: { id }, body }, options);
  }

  /** DELETE /api/v3/webhook_subscriptions/{id}: deliveries stop. */
  delete(id: string, options?: RequestOptions): Promise<RouteResponse<"deleteWebhookSubscription">> {
    return this._call("deleteWebhookSubscription", { params: { id } }, options);
  }

  /** POST /api/v3/webhook_subscriptions/{id}/rotate_secret: the new secret. Retried with an Idempotency-Key, so a retry answers the same secret. */
  rotateSecret(id: string, options?: RequestOptions): Promise<RouteResponse<"rotateWebhookSecret">> {
    return this._call("rotateWebhookSecret", { params: { id } }, options);
  }

  /** GET /api/v3/webhook_subscriptions/event_types. */
  eventTypes(options?: RequestOptions): Promise<RouteResponse<"listWebhookEventTypes">> {
    return this._call("listWebhookEventTypes", {}, options);
  }
}
