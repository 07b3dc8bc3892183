/** Webhook functions: the event types a WebhookSubscription can enable. */
import type { WebhookEventTypes } from "../../api";
import { outputForm, withProject, type InvokeOptions } from "./invoke";

export type WebhookEventTypeInfo = WebhookEventTypes["items"][number];

/** Every event type with its description and payload versions (one answer: the list is not paged). */
export function getWebhookEventTypes(_args: Record<string, never> = {}, opts?: InvokeOptions): Promise<WebhookEventTypeInfo[]> {
  return withProject("getWebhookEventTypes", opts, async (client) => (await client.webhookSubscriptions.eventTypes()).items);
}
export const getWebhookEventTypesOutput = outputForm(getWebhookEventTypes);
