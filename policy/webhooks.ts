/** Webhook subscriptions: only event types the platform sends. (Their URL is checked by https-urls, as webhookUrl.) */
import { WEBHOOK_EVENT_TYPES } from "../api/webhooks";
import type { WebhookSubscriptionInputs } from "../provider/resources/webhook-subscription.schema";
import { type ResourcePolicy, forResource, quoteList } from "./lib";

const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

export const webhookEventsKnown: ResourcePolicy = {
  name: "webhook-events-known",
  description:
    `A WebhookSubscription enables only event types the platform sends (${WEBHOOK_EVENT_TYPES.join(", ")}; getWebhookEventTypes lists them); ` +
    "a misspelt type would never be delivered. Fix: correct or remove the unknown event types in enabledEvents.",
  enforcementLevel: "mandatory",
  validateResource: forResource<WebhookSubscriptionInputs>("WebhookSubscription", ({ enabledEvents }, reportViolation) => {
    if (!Array.isArray(enabledEvents)) return;
    const unknown = enabledEvents.filter((event): event is string => typeof event === "string" && !KNOWN.has(event));
    if (unknown.length > 0) {
      reportViolation(`enabledEvents ${quoteList(unknown)} ${unknown.length === 1 ? "is not an event type" : "are not event types"} of the platform. Use one of: ${quoteList(WEBHOOK_EVENT_TYPES)}.`);
    }
  }),
};

export const webhookPolicies = [webhookEventsKnown];
