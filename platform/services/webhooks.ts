/** Webhook subscriptions' answer form and the events the platform sends to them. */
import { WEBHOOK_SECRET_PREFIX, type TriggerMessageEvent, type WebhookSubscription } from "../../api";
import { newId } from "../ids";
import type { TriggerInstanceRecord, WebhookSubscriptionRecord } from "../store";

/** `whsec_…abcd`: enough to tell secrets apart, never enough to sign. */
function maskWebhookSecret(secret: string): string {
  return `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;
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

/** A trigger instance's event, in the V3 body every delivery carries. */
export function triggerMessageEvent(
  trigger: TriggerInstanceRecord,
  toolkitSlug: string,
  payload: Record<string, unknown>,
  at: string,
): TriggerMessageEvent {
  return {
    id: newId("msg"),
    type: "platform.trigger.message",
    timestamp: at,
    metadata: {
      project_id: trigger.project_id,
      trigger_id: trigger.id,
      trigger_slug: trigger.trigger_slug,
      toolkit_slug: toolkitSlug,
      connected_account_id: trigger.connected_account_id,
      auth_config_id: trigger.auth_config_id,
      user_id: trigger.user_id,
    },
    data: payload,
  };
}
