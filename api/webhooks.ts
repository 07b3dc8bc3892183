/**
 * The project's webhook subscription (one per project) and the events delivered to it.
 * Deliveries are signed per the Standard Webhooks specification: headers `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>` of
 * `<id>.<timestamp>.<body>` under the base64 key after the `whsec_` prefix of the secret).
 */
import { z } from "zod";
import { CursorQuery, DeletedAnswer, Id, Timestamp, cursorPage } from "./common";

export const WEBHOOK_EVENT_TYPES = [
  "platform.trigger.message",
  "platform.connected_account.expired",
  "platform.trigger.disabled",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event type means (GET /webhook_subscriptions/event_types). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "platform.trigger.message": "A trigger instance received an event from its connected account.",
  "platform.connected_account.expired": "A connected account expired and needs its user to authenticate again.",
  "platform.trigger.disabled": "A trigger instance was disabled.",
};

/** Payload versions; V3 is the current one and the default. */
export const WEBHOOK_VERSIONS = ["V1", "V2", "V3"] as const;
export type WebhookVersion = (typeof WEBHOOK_VERSIONS)[number];

/** `whsec_` then the base64 signing key: the form Standard Webhooks libraries take. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** Headers of a delivery besides the three of Standard Webhooks. */
export const WEBHOOK_VERSION_HEADER = "x-platform-webhook-version";
export const WEBHOOK_ATTEMPT_HEADER = "x-platform-delivery-attempt";

const WebhookUrl = z
  // A missing value keeps zod's own message, which the platform reports as "is required".
  .url({ protocol: /^https?$/, error: (issue) => (issue.input === undefined ? undefined : "must be an absolute http or https URL") })
  .max(2048, "must be at most 2048 characters");
const EnabledEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
  .min(1, "must name at least one event type");
const Version = z.enum(WEBHOOK_VERSIONS, { error: `must be one of: ${WEBHOOK_VERSIONS.join(", ")}` });

export const WebhookSubscription = z.looseObject({
  id: z.string(),
  webhook_url: z.string(),
  version: z.string(),
  enabled_events: z.array(z.string()),
  /** Secret. In full only in the answers of create and rotate_secret; masked (`whsec_…abcd`) elsewhere. */
  secret: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

export const CreateWebhookSubscriptionBody = z.strictObject({
  webhook_url: WebhookUrl,
  enabled_events: EnabledEvents,
  version: Version.default("V3"),
});
export type CreateWebhookSubscriptionBody = z.input<typeof CreateWebhookSubscriptionBody>;

/** Only the fields sent change. */
export const UpdateWebhookSubscriptionBody = z.strictObject({
  webhook_url: WebhookUrl.optional(),
  enabled_events: EnabledEvents.optional(),
  version: Version.optional(),
});
export type UpdateWebhookSubscriptionBody = z.input<typeof UpdateWebhookSubscriptionBody>;

export const WebhookSubscriptionParams = z.object({ id: Id });
export const ListWebhookSubscriptionsQuery = z.looseObject({ ...CursorQuery });
export type ListWebhookSubscriptionsQuery = z.input<typeof ListWebhookSubscriptionsQuery>;
export const WebhookSubscriptionPage = cursorPage("items", WebhookSubscription);
export type WebhookSubscriptionPage = z.infer<typeof WebhookSubscriptionPage>;
export const DeleteWebhookSubscriptionResponse = DeletedAnswer;
export type DeleteWebhookSubscriptionResponse = z.infer<typeof DeleteWebhookSubscriptionResponse>;
export const RotateWebhookSecretResponse = z.looseObject({ id: z.string(), secret: z.string() });
export type RotateWebhookSecretResponse = z.infer<typeof RotateWebhookSecretResponse>;

export const WebhookEventTypes = z.looseObject({
  items: z.array(
    z.looseObject({ event_type: z.string(), description: z.string(), supported_versions: z.array(z.string()) }),
  ),
});
export type WebhookEventTypes = z.infer<typeof WebhookEventTypes>;

/** The trigger instance an event is about. */
const TriggerEventMetadata = z.looseObject({
  project_id: z.string(),
  trigger_id: z.string(),
  trigger_slug: z.string(),
  toolkit_slug: z.string(),
  connected_account_id: z.string(),
  auth_config_id: z.string(),
  user_id: z.string(),
});

/** The body of a trigger instance's event: one envelope for every type and version; `data` is the type's own. */
function triggerEvent<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.looseObject({
    /** Equals the `webhook-id` header; stable across retries of one delivery. */
    id: z.string(),
    type: z.literal(type),
    timestamp: Timestamp,
    metadata: TriggerEventMetadata,
    data,
  });
}

/** `platform.trigger.message`: `data` is the event's payload, in the shape of the trigger type's payload schema. */
export const TriggerMessageEvent = triggerEvent("platform.trigger.message", z.record(z.string(), z.unknown()));
export type TriggerMessageEvent = z.infer<typeof TriggerMessageEvent>;

/** Why a trigger instance was disabled; today only through the API (PATCH /trigger_instances/manage/{id}). */
export const TRIGGER_DISABLED_REASONS = ["disabled_through_api"] as const;

/** `platform.trigger.disabled`: sent when a trigger instance goes from enabled to disabled. */
export const TriggerDisabledEvent = triggerEvent(
  "platform.trigger.disabled",
  z.looseObject({ disabled_at: Timestamp, reason: z.enum(TRIGGER_DISABLED_REASONS) }),
);
export type TriggerDisabledEvent = z.infer<typeof TriggerDisabledEvent>;
