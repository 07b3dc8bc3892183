/** The WebhookSubscription resource, declared once: see fields.ts for what each column means. */
import { WEBHOOK_VERSIONS } from "../../api/webhooks";
import type { InputsOf, OutputsOf, ResourceSchema } from "./fields";
import { PROJECT_ID, createdAt, projectChildInputs, updatedAt } from "./common-fields";

export const WEBHOOK_SUBSCRIPTION = {
  type: "WebhookSubscription",
  description:
    "The project's webhook subscription (one per project): where the platform delivers events, signed per Standard Webhooks. " +
    "create = POST /webhook_subscriptions, changes = one PATCH /webhook_subscriptions/{id}, a new `rotation` = POST …/rotate_secret, " +
    "delete = DELETE /webhook_subscriptions/{id}, refresh = GET /webhook_subscriptions/{id}.",
  key: "project",
  noun: "webhook subscription",
  shortNoun: "webhook subscription",
  // One per project: a replacement must delete the old subscription before making the new one.
  deleteBeforeReplace: true,
  inputs: {
    webhookUrl: { api: "webhook_url", type: "string", required: true, change: "update", description: "Where events are POSTed (https)." },
    enabledEvents: { api: "enabled_events", type: "string[]", required: true, change: "update", description: "Event types delivered, e.g. `platform.trigger.message` (see `getWebhookEventTypes`)." },
    version: { api: "version", type: "string", values: WEBHOOK_VERSIONS, change: "update", default: "V3", description: "Payload version." },
    rotation: { type: "string", change: "update", description: "Any value, e.g. a date; changing it rotates the signing secret (POST …/rotate_secret). On adoption, declaring it rotates once so the stack knows the secret." },
    ...projectChildInputs("webhook subscription"),
  },
  outputs: {
    projectId: PROJECT_ID,
    secret: { type: "string", secret: true, description: "The signing secret (`whsec_…`, secret). The API shows it in full only on create and rotation." },
    createdAt: createdAt("subscription"),
    updatedAt: updatedAt("subscription"),
  },
} as const satisfies ResourceSchema;

export type WebhookSubscriptionInputs = InputsOf<typeof WEBHOOK_SUBSCRIPTION>;
export type WebhookSubscriptionOutputs = OutputsOf<typeof WEBHOOK_SUBSCRIPTION>;
