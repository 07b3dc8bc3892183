// WebhookSubscription through the real engine against the local platform:
// create, no-op preview, one-field update, rotation, drift on refresh, destroy,
// and the signing secret never in the state in clear (adoption: adoption.test.ts).
import type { WebhookSubscriptionArgs } from "pulumi-integration-platform";
import { describe, expect, it } from "vitest";
import { sdk, usePlatformStack, expectDestroyed, upLogged, expectUpCreates, expectNoCallPreview, expectUpdatedInPlace, expectDriftUndone } from "./harness";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

describe("WebhookSubscription (real engine)", () => {
  const p = useTestPlatform();
  const desired: Partial<WebhookSubscriptionArgs> = {};
  let subscriptionId = "";
  const secrets: string[] = [];

  const e2e = usePlatformStack(p, "e2e-webhook", async () => {
    const subscription = new (sdk().WebhookSubscription)("events", {
      webhookUrl: "https://hooks.example.com/platform",
      enabledEvents: ["platform.trigger.message"],
      ...desired,
    });
    return { id: subscription.id, secret: subscription.secret };
  });

  it("up creates the subscription with one POST and holds its secret as a secret", async () => {
    const up = await expectUpCreates(p, e2e, { route: "createWebhookSubscription", bodyFields: ["enabled_events", "version", "webhook_url"] });
    subscriptionId = String(up.outputs.id?.value);
    expect(up.outputs.secret?.secret).toBe(true);
    expect(String(up.outputs.secret?.value)).toMatch(/^whsec_/);
    secrets.push(String(up.outputs.secret?.value));
  });

  it("a no-op preview makes no call at all", async () => {
    await expectNoCallPreview(p, e2e, 2);
  });

  it("a changed input makes exactly one PATCH carrying only that field", async () => {
    desired.enabledEvents = ["platform.trigger.message", "platform.trigger.disabled"];
    const up = await expectUpdatedInPlace(p, e2e, { method: "PATCH", route: "updateWebhookSubscription", bodyFields: ["enabled_events"] });
    expect(up.outputs.secret?.value).toBe(secrets[0]);
  });

  it("a new rotation value rotates the secret with one call", async () => {
    desired.rotation = "2025-06";
    const up = await upLogged(p, e2e);
    expect(p.writes()).toEqual([{ method: "POST", route: "rotateWebhookSecret" }]);
    expect(up.outputs.secret?.value).not.toBe(secrets[0]);
    secrets.push(String(up.outputs.secret?.value));
  });

  it("refresh shows a change made out of band, and up puts it back", async () => {
    await p.client.webhookSubscriptions.update(subscriptionId, { webhook_url: "https://elsewhere.example.com/x" });
    await expectDriftUndone(p, e2e, [{ method: "PATCH", route: "updateWebhookSubscription", bodyFields: ["webhook_url"] }]);
    expect((await p.client.webhookSubscriptions.get(subscriptionId)).webhook_url).toBe("https://hooks.example.com/platform");
  });

  it("keeps neither a key nor a signing secret in the state in plain text", async () => {
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey, ...secrets]);
  });

  it("destroy deletes the subscription", async () => {
    await expectDestroyed(e2e, 2, () => p.client.webhookSubscriptions.get(subscriptionId));
  });
});
