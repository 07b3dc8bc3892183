import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import webhook from "../../provider/resources/webhook-subscription.provider";
import { useTestPlatform } from "../support/platform";

describe("WebhookSubscription provider", () => {
  const t = useTestPlatform({ configureProvider: true });
  const inputs = { webhookUrl: "https://hooks.example.com/platform", enabledEvents: ["platform.trigger.message"] };

  it("check refuses an unknown event type, naming the input, before any call", async () => {
    t.clearLog();
    const result = await webhook.check({} as never, { ...inputs, enabledEvents: ["platform.nope"] });
    expect((result.failures ?? []).map((f) => f.property)).toEqual(["enabledEvents.0"]);
    expect(t.platform.app.requestLog.count()).toBe(0);
  });

  it("creates with a usable secret, patches one field, rotates on a new `rotation`, refreshes and deletes", async () => {
    const created = await webhook.create(inputs);
    const secret = created.outs!.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(created.outs).toMatchObject({ ...inputs, version: "V3" });
    expect((await webhook.diff(created.id, created.outs!, inputs)).changes).toBe(false);

    t.clearLog();
    const moved = { ...inputs, webhookUrl: "https://hooks.example.com/v2" };
    const updated = await webhook.update(created.id, created.outs!, moved);
    expect(t.writes()).toEqual([{ method: "PATCH", route: "updateWebhookSubscription", bodyFields: ["webhook_url"] }]);
    expect(updated.outs?.secret).toBe(secret);

    t.clearLog();
    const rotated = await webhook.update(created.id, updated.outs!, { ...moved, rotation: "2025-01" });
    expect(t.writes()).toEqual([{ method: "POST", route: "rotateWebhookSecret" }]);
    expect(rotated.outs?.secret).toMatch(/^whsec_/);
    expect(rotated.outs?.secret).not.toBe(secret);

    // A refresh keeps the full secret while the live (masked) one still ends like it.
    const same = await webhook.read(created.id, rotated.outs);
    expect(same.props?.secret).toBe(rotated.outs?.secret);
    await t.client.webhookSubscriptions.update(created.id, { enabled_events: ["platform.trigger.disabled"] });
    const drifted = await webhook.read(created.id, rotated.outs);
    expect(drifted.props?.enabledEvents).toEqual(["platform.trigger.disabled"]);
    expect((await webhook.diff(created.id, drifted.props!, { ...moved, rotation: "2025-01" })).changes).toBe(true);

    await webhook.delete(created.id, rotated.outs!);
    expect(await webhook.read(created.id, rotated.outs)).toEqual({});
  });

  it("a second subscription in the project fails saying which one exists and how to adopt it", async () => {
    const first = await webhook.create(inputs);
    await expect(webhook.create(inputs)).rejects.toThrow(new RegExp(`409 Conflict: This project already has a webhook subscription \\(${first.id}\\).* declare adoptId`));
    // Adopting with a `rotation` rotates once, so the stack knows the secret.
    t.clearLog();
    const adopted = await webhook.create({ ...inputs, adoptId: first.id, rotation: "1" });
    expect(adopted.id).toBe(first.id);
    expect(t.writes()).toEqual([{ method: "POST", route: "rotateWebhookSecret" }]);
    expect(adopted.outs?.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await webhook.delete(first.id, adopted.outs!);
  });
});
