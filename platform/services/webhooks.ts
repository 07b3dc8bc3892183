/** Webhook subscriptions' answer form, the events the platform sends to them and the recording of their deliveries. */
import { WEBHOOK_SECRET_PREFIX, type TriggerDisabledEvent, type TriggerMessageEvent, type WebhookSubscription } from "../../api";
import type { Catalog } from "../catalog";
import { maskKey, newId } from "../ids";
import type { Store, TriggerInstanceRecord, WebhookSubscriptionRecord } from "../store";

/** `whsec_…abcd`: enough to tell secrets apart, never enough to sign. */
function maskWebhookSecret(secret: string): string {
  return maskKey(WEBHOOK_SECRET_PREFIX, secret.slice(-4));
}

export function presentWebhookSubscription(record: WebhookSubscriptionRecord, revealSecret = false): WebhookSubscription {
  return {
    id: record.id,
    webhook_url: record.webhook_url,
    version: record.version,
    enabled_events: record.enabled_events,
    secret: revealSecret ? record.secret : maskWebhookSecret(record.secret),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** The metadata every event of a trigger instance carries. */
function triggerEventMetadata(trigger: TriggerInstanceRecord, catalog: Catalog): TriggerMessageEvent["metadata"] {
  return {
    project_id: trigger.project_id,
    trigger_id: trigger.id,
    trigger_slug: trigger.trigger_slug,
    toolkit_slug: catalog.getTriggerType(trigger.trigger_slug)?.toolkit.slug ?? "",
    connected_account_id: trigger.connected_account_id,
    auth_config_id: trigger.auth_config_id,
    user_id: trigger.user_id,
  };
}

/** A trigger instance's event from its application (the body is the same for every version). */
export function triggerMessageEvent(trigger: TriggerInstanceRecord, catalog: Catalog, payload: Record<string, unknown>, at: string): TriggerMessageEvent {
  return { id: newId("msg"), type: "platform.trigger.message", timestamp: at, metadata: triggerEventMetadata(trigger, catalog), data: payload };
}

/** The notice that a trigger instance was disabled at `at` (the body is the same for every version). */
export function triggerDisabledEvent(trigger: TriggerInstanceRecord, catalog: Catalog, at: string): TriggerDisabledEvent {
  return {
    id: newId("msg"),
    type: "platform.trigger.disabled",
    timestamp: at,
    metadata: triggerEventMetadata(trigger, catalog),
    data: { disabled_at: at, reason: "disabled_through_api" },
  };
}

/** Why an event of a project led to no delivery. */
export type NoDeliveryReason = "no_webhook_subscription" | "event_not_enabled";

/**
 * Records the delivery of a trigger's event to the project's webhook subscription, when the
 * project has one whose `enabled_events` include the event's type. Runs inside the write that
 * made the event; the delivery is sent once that write has committed (`deliver`, `enqueue`).
 */
export function recordDelivery(
  store: Store,
  trigger: TriggerInstanceRecord,
  event: TriggerMessageEvent | TriggerDisabledEvent,
): { deliveryId: string; skipped: null } | { deliveryId: null; skipped: NoDeliveryReason } {
  const subscription = store.webhookSubscriptions.ofProject(trigger.project_id);
  if (!subscription) return { deliveryId: null, skipped: "no_webhook_subscription" };
  if (!subscription.enabled_events.includes(event.type)) return { deliveryId: null, skipped: "event_not_enabled" };
  store.webhookDeliveries.create({
    id: event.id,
    projectId: trigger.project_id,
    subscriptionId: subscription.id,
    triggerId: trigger.id,
    eventType: event.type,
    webhookUrl: subscription.webhook_url,
    body: JSON.stringify(event),
    at: event.timestamp,
  });
  return { deliveryId: event.id, skipped: null };
}
