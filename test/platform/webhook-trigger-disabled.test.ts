/**
 * `platform.trigger.disabled`: disabling an enabled trigger instance through the API sends the
 * project's subscription a signed notice, when the subscription enables that event type.
 * Checked against a real receiver on 127.0.0.1 with the Standard Webhooks library.
 */
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TriggerDisabledEvent } from "../../api";
import { harness, type Harness } from "./helpers";
import { deliveries, receiver, signed, subscribedTrigger, type Receiver } from "./webhooks";

let h: Harness | undefined;
let hook: Receiver | undefined;
afterEach(async () => {
  await h?.close();
  await hook?.close();
  h = undefined;
  hook = undefined;
});

async function setUp(enabledEvents: string[]) {
  hook = await receiver([200]);
  h = await harness({ webhookDelivery: { retryDelaysMs: [20], timeoutMs: 2000 } });
  return { h, hook, ...(await subscribedTrigger(h, hook.url, enabledEvents)) };
}

const manage = (h: Harness, triggerId: string, status: "enable" | "disable") =>
  h.call({ method: "PATCH", url: `/api/v3/trigger_instances/manage/${triggerId}`, apiKey: h.apiKey, body: { status } });

/** The trigger instance as the API lists it (disabled ones included). */
const listed = async (h: Harness, triggerId: string) =>
  (await h.call({ url: `/api/v3/trigger_instances/active?show_disabled=true&trigger_ids=${triggerId}`, apiKey: h.apiKey })).body.items[0];

describe("platform.trigger.disabled", () => {
  it("sends a signed notice when an enabled trigger is disabled, once per disabling", async () => {
    const { h, hook, triggerId, account, config, subscription } = await setUp(["platform.trigger.message", "platform.trigger.disabled"]);
    expect((await manage(h, triggerId, "disable")).status).toBe(200);
    await vi.waitFor(async () => expect((await deliveries(h))[0]?.status).toBe("delivered"));

    expect(hook.received).toHaveLength(1);
    const [sent] = hook.received;
    expect(sent!.headers["x-platform-webhook-version"]).toBe("V3");
    expect(sent!.headers["x-platform-delivery-attempt"]).toBe("1");
    const event = TriggerDisabledEvent.parse(new Webhook(subscription.secret).verify(sent!.body, signed(sent!)));
    const { disabled_at } = await listed(h, triggerId);
    expect(event).toEqual({
      id: sent!.headers["webhook-id"],
      type: "platform.trigger.disabled",
      timestamp: disabled_at,
      metadata: { project_id: h.projectId, trigger_id: triggerId, trigger_slug: "GITHUB_COMMIT_EVENT", toolkit_slug: "github", connected_account_id: account.id, auth_config_id: config.id, user_id: "alice" },
      data: { disabled_at, reason: "disabled_through_api" },
    });
    const [logged] = await deliveries(h);
    expect(logged).toMatchObject({ id: event.id, trigger_id: triggerId, event_type: "platform.trigger.disabled", attempts: [{ attempt: 1, status_code: 200 }] });

    // Disabling a disabled trigger changes nothing and sends nothing; disabling it again after enabling does.
    expect((await manage(h, triggerId, "disable")).status).toBe(200);
    expect((await manage(h, triggerId, "enable")).status).toBe(200);
    expect((await manage(h, triggerId, "disable")).status).toBe(200);
    await vi.waitFor(async () => expect((await deliveries(h)).map((d: { status: string }) => d.status)).toEqual(["delivered", "delivered"]));
    const second = TriggerDisabledEvent.parse(new Webhook(subscription.secret).verify(hook.received[1]!.body, signed(hook.received[1]!)));
    expect(second.id).not.toBe(event.id);
    expect(second.data.disabled_at).toBe((await listed(h, triggerId)).disabled_at);
    expect(hook.received).toHaveLength(2);
  });

  it("sends nothing when the subscription does not enable the type, or the project has none", async () => {
    const { h, hook, triggerId, subscription } = await setUp(["platform.trigger.message"]);
    expect((await manage(h, triggerId, "disable")).status).toBe(200);
    expect((await manage(h, triggerId, "enable")).status).toBe(200);
    await h.call({ method: "DELETE", url: `/api/v3/webhook_subscriptions/${subscription.id}`, apiKey: h.apiKey });
    expect((await manage(h, triggerId, "disable")).status).toBe(200);
    expect((await listed(h, triggerId)).disabled_at).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await deliveries(h)).toEqual([]);
    expect(hook.received).toEqual([]);
  });
});
