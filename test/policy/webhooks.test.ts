import { describe, expect, it } from "vitest";
import { webhookEventsKnown } from "../../policy/webhooks";
import { httpsUrls } from "../../policy/urls";
import { unknown, validateResource } from "./harness";

describe("webhook-events-known", () => {
  it("passes the platform's event types and values not known yet", () => {
    expect(validateResource(webhookEventsKnown, "WebhookSubscription", { webhookUrl: "https://x.example.com", enabledEvents: ["platform.trigger.message", "platform.trigger.disabled"] })).toEqual([]);
    expect(validateResource(webhookEventsKnown, "WebhookSubscription", { enabledEvents: [unknown.string, "platform.trigger.message"] })).toEqual([]);
  });

  it("reports a misspelt event type and lists the real ones", () => {
    expect(validateResource(webhookEventsKnown, "WebhookSubscription", { enabledEvents: ["platform.trigger.messages"] })).toEqual([
      'enabledEvents "platform.trigger.messages" is not an event type of the platform. Use one of: "platform.trigger.message", "platform.connected_account.expired" and "platform.trigger.disabled".',
    ]);
  });
});

describe("https-urls on webhook subscriptions", () => {
  it("reports an http webhookUrl and passes https", () => {
    expect(validateResource(httpsUrls, "WebhookSubscription", { webhookUrl: "https://hooks.example.com/in" })).toEqual([]);
    expect(validateResource(httpsUrls, "WebhookSubscription", { webhookUrl: "http://hooks.example.com/in" })).toEqual([
      'WebhookSubscription webhookUrl "http://hooks.example.com/in" uses http, not https. Use an https:// URL.',
    ]);
  });
});
