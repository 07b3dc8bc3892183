import type { RouteBody, RouteQuery, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource, type ListPromise } from "./resource";

/** The project's webhook subscription (one per project). The secret is answered in full by create and rotateSecret only. */
export class WebhookSubscriptionsResource extends APIResource {
  /** POST /api/v3/webhook_subscriptions: a second one is a ConflictError. Retried with an Idempotency-Key, so a retry never meets its own first attempt. */
  create(body: RouteBody<"createWebhookSubscription">, options?: RequestOptions): Promise<RouteResponse<"createWebhookSubscription">> {
    return this._call("createWebhookSubscription", { body }, options);
  }

  /** GET /api/v3/webhook_subscriptions: at most one item. Awaited: one page; `for await`: every item (follows `next_cursor`). */
  list(query?: RouteQuery<"listWebhookSubscriptions">, options?: RequestOptions): ListPromise<"listWebhookSubscriptions", "items"> {
    return this._list("listWebhookSubscriptions", "items", "cursor", { query }, options);
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
