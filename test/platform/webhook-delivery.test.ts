/**
 * Firing a trigger instance's event (POST /_local/trigger_instances/{id}/events), disabling a
 * trigger instance (`platform.trigger.disabled`), and their deliveries to a real HTTP receiver on
 * 127.0.0.1, checked with the official Standard Webhooks library.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TriggerDisabledEvent, TriggerMessageEvent } from "../../api";
import type { WebhookDeliveryOptions } from "../../platform/services/webhook-delivery";
import { expectError, harness, type Harness } from "./helpers";
import { COMMIT_PAYLOAD } from "../../scripts/end-user";
import { standardHeaders } from "../../scripts/webhook-receiver";
import { deliveries, fire, receiver, subscribedTrigger, type Receiver } from "./webhooks";

let h: Harness | undefined;
let hook: Receiver | undefined;
afterEach(async () => {
  await h?.close();
  await hook?.close();
  h = undefined;
  hook = undefined;
});

/** A platform with a GitHub trigger instance and a subscription of the project to the receiver. */
async function setUp(statuses: number[], delivery: WebhookDeliveryOptions = { retryDelaysMs: [20, 40], timeoutMs: 2000 }, enabledEvents = ["platform.trigger.message"]) {
  hook = await receiver(statuses);
  h = await harness({ webhookDelivery: delivery });
  return { h, hook, ...(await subscribedTrigger(h, hook.url, enabledEvents)) };
}

describe("webhook delivery", () => {
  it("delivers a signed event that a Standard Webhooks verifier accepts, and rejects when tampered", async () => {
    const { h, hook, triggerId, account, config, subscription } = await setUp([200]);
    const fired = await fire(h, triggerId);
    expect(fired.status, JSON.stringify(fired.body)).toBe(202);
    expect(fired.body).toMatchObject({ status: "queued", reason: null });
    await vi.waitFor(() => expect(hook.received).toHaveLength(1));

    const [delivery] = hook.received;
    expect(delivery!.headers["webhook-id"]).toBe(fired.body.delivery_id);
    expect(delivery!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(delivery!.headers["x-platform-webhook-version"]).toBe("V3");
    expect(delivery!.headers["x-platform-delivery-attempt"]).toBe("1");
    const verified = TriggerMessageEvent.parse(new Webhook(subscription.secret).verify(delivery!.body, standardHeaders(delivery!.headers)));
    expect(verified).toMatchObject({
      id: fired.body.delivery_id,
      type: "platform.trigger.message",
      metadata: { project_id: h.projectId, trigger_id: triggerId, trigger_slug: "GITHUB_COMMIT_EVENT", toolkit_slug: "github", connected_account_id: account.id, auth_config_id: config.id, user_id: "alice" },
      data: COMMIT_PAYLOAD,
    });

    const tampered = delivery!.body.replace("Fix the build", "Break the build");
    expect(() => new Webhook(subscription.secret).verify(tampered, standardHeaders(delivery!.headers))).toThrow(WebhookVerificationError);
    const otherSecret = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;
    expect(() => new Webhook(otherSecret).verify(delivery!.body, standardHeaders(delivery!.headers))).toThrow(WebhookVerificationError);

    await vi.waitFor(async () => expect((await deliveries(h))[0]?.status).toBe("delivered"));
    const [logged] = await deliveries(h);
    expect(logged).toMatchObject({ id: fired.body.delivery_id, trigger_id: triggerId, webhook_url: hook.url, attempts: [{ attempt: 1, status_code: 200 }] });
    expect(logged.event).toEqual(verified);
  });

  it("retries non-2xx answers with the same id, each attempt signed", async () => {
    const { h, hook, triggerId, subscription } = await setUp([500, 503, 200]);
    const fired = await fire(h, triggerId);
    await vi.waitFor(async () => expect((await deliveries(h))[0]?.status).toBe("delivered"));
    expect(hook.received.map((r) => r.headers["x-platform-delivery-attempt"])).toEqual(["1", "2", "3"]);
    expect(new Set(hook.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([fired.body.delivery_id]));
    for (const r of hook.received) expect(() => new Webhook(subscription.secret).verify(r.body, standardHeaders(r.headers))).not.toThrow();
    expect((await deliveries(h))[0].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
  });

  it("gives up after the retries when the receiver keeps failing or cannot be reached", async () => {
    const { h, hook, triggerId } = await setUp([500]);
    const fired = await fire(h, triggerId);
    await vi.waitFor(async () => expect((await deliveries(h))[0]?.status).toBe("failed"));
    expect(hook.received).toHaveLength(3);
    expect((await deliveries(h))[0].attempts.map((a: { attempt: number; status_code: number }) => [a.attempt, a.status_code])).toEqual([[1, 500], [2, 500], [3, 500]]);
    expect((await deliveries(h))[0].id).toBe(fired.body.delivery_id);

    await hook.close();
    const unreachable = await fire(h, triggerId);
    await vi.waitFor(async () => expect((await deliveries(h))[0]?.status).toBe("failed"));
    const [logged] = await deliveries(h);
    expect(logged.id).toBe(unreachable.body.delivery_id);
    expect(logged.attempts).toHaveLength(3);
    expect(logged.attempts[0].error).toBe("ECONNREFUSED");
  });

  it("delivers nothing for a disabled trigger, an event not enabled, or a project without a subscription", async () => {
    const { h, hook, triggerId, subscription } = await setUp([200], undefined, ["platform.trigger.disabled"]);
    expect((await fire(h, triggerId)).body).toEqual({ status: "skipped", reason: "event_not_enabled", delivery_id: null });
    await h.call({ method: "PATCH", url: `/api/v3/webhook_subscriptions/${subscription.id}`, apiKey: h.apiKey, body: { enabled_events: ["platform.trigger.message"] } });
    await h.call({ method: "PATCH", url: `/api/v3/trigger_instances/manage/${triggerId}`, apiKey: h.apiKey, body: { status: "disable" } });
    expect((await fire(h, triggerId)).body).toEqual({ status: "skipped", reason: "trigger_disabled", delivery_id: null });
    await h.call({ method: "PATCH", url: `/api/v3/trigger_instances/manage/${triggerId}`, apiKey: h.apiKey, body: { status: "enable" } });
    await h.call({ method: "DELETE", url: `/api/v3/webhook_subscriptions/${subscription.id}`, apiKey: h.apiKey });
    const none = await fire(h, triggerId);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ status: "skipped", reason: "no_webhook_subscription", delivery_id: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hook.received).toEqual([]);
    expect(await deliveries(h)).toEqual([]);
  });

  it("signs with the rotated secret after rotate_secret", async () => {
    const { h, hook, triggerId, subscription } = await setUp([200]);
    const rotated = (await h.call({ method: "POST", url: `/api/v3/webhook_subscriptions/${subscription.id}/rotate_secret`, apiKey: h.apiKey })).body.secret as string;
    await fire(h, triggerId);
    await vi.waitFor(() => expect(hook.received).toHaveLength(1));
    const r = hook.received[0]!;
    expect(() => new Webhook(rotated).verify(r.body, standardHeaders(r.headers))).not.toThrow();
    expect(() => new Webhook(subscription.secret).verify(r.body, standardHeaders(r.headers))).toThrow(WebhookVerificationError);
  });

  it("checks the payload against the trigger type's schema and scopes triggers to the caller", async () => {
    const { h, triggerId } = await setUp([200]);
    const bad = expectError(await fire(h, triggerId, { ...COMMIT_PAYLOAD, author: "octo", extra: 1 }), 400, "validation_error");
    expect(bad.errors).toEqual(["payload.author: must be a object", "payload.extra: not a field of GITHUB_COMMIT_EVENT (fields: id, message, author, timestamp, url, branch)"]);
    expect(expectError(await fire(h, triggerId, "text"), 400).errors).toEqual(["payload: Invalid input: expected record, received string"]);
    expectError(await fire(h, "ti_unknown"), 404, "not_found");
    expectError(await fire(h, triggerId, COMMIT_PAYLOAD, { apiKey: h.otherApiKey }), 404, "not_found");
    expectError(await fire(h, triggerId, COMMIT_PAYLOAD, {}), 401, "unauthorized");
    // The organization key reaches every project of the organization.
    expect((await fire(h, triggerId, { id: "1" }, { orgKey: h.orgKey })).status).toBe(202);
    expect((await h.call({ url: "/_local/webhook_deliveries", apiKey: h.otherApiKey })).body.items).toEqual([]);
    expect((await h.call({ url: "/_local/webhook_deliveries", orgKey: h.orgKey })).body.items).toHaveLength(1);
    expect(expectError(await h.call({ url: "/_local/webhook_deliveries?limit=0", apiKey: h.apiKey }), 400).errors).toEqual(["limit: must be at least 1"]);
  });

  it("keeps at most maxConcurrent attempts in flight, and delivers every one in the end", async () => {
    // A receiver that holds every request open until the test answers it, counting how many are open at once.
    const open = new Set<ServerResponse>();
    let most = 0;
    const holding = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        open.add(response);
        most = Math.max(most, open.size);
      });
    });
    await new Promise<void>((resolve) => holding.listen(0, "127.0.0.1", resolve));
    try {
      h = await harness({ webhookDelivery: { retryDelaysMs: [], timeoutMs: 10_000, maxConcurrent: 2 } });
      const { triggerId } = await subscribedTrigger(h, `http://127.0.0.1:${(holding.address() as AddressInfo).port}/hooks`);
      for (let i = 0; i < 5; i++) expect((await fire(h, triggerId)).status).toBe(202);
      let answered = 0;
      while (answered < 5) {
        await vi.waitFor(() => expect(open.size).toBeGreaterThan(0));
        // Held a moment, so that a third attempt, if one were sent, would be open beside them.
        await new Promise((resolve) => setTimeout(resolve, 100));
        for (const response of open) {
          response.end("ok");
          open.delete(response);
          answered++;
        }
      }
      expect(most).toBe(2);
      await vi.waitFor(async () => expect((await deliveries(h!)).map((d: { status: string }) => d.status)).toEqual(Array(5).fill("delivered")));
    } finally {
      holding.closeAllConnections();
      await new Promise<void>((resolve) => holding.close(() => resolve()));
    }
  });

  it("answers before the receiver does, and stops scheduled retries when the app closes", async () => {
    const slow = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const { h: platform, triggerId, subscription } = await setUp([500], { retryDelaysMs: [60_000], timeoutMs: 60_000 });
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/never`;
      await platform.call({ method: "PATCH", url: `/api/v3/webhook_subscriptions/${subscription.id}`, apiKey: platform.apiKey, body: { webhook_url: url } });
      const started = Date.now();
      expect((await fire(platform, triggerId)).status).toBe(202);
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = Date.now();
      await platform.close();
      h = undefined;
      // The attempt in flight was aborted, not waited for: closing took far less than its time limit.
      expect(Date.now() - closing).toBeLessThan(2000);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

const manage = (h: Harness, triggerId: string, status: "enable" | "disable") =>
  h.call({ method: "PATCH", url: `/api/v3/trigger_instances/manage/${triggerId}`, apiKey: h.apiKey, body: { status } });

/** The trigger instance as the API lists it (disabled ones included). */
const listed = async (h: Harness, triggerId: string) =>
  (await h.call({ url: `/api/v3/trigger_instances/active?show_disabled=true&trigger_ids=${triggerId}`, apiKey: h.apiKey })).body.items[0];

describe("platform.trigger.disabled", () => {
  it("sends a signed notice when an enabled trigger is disabled, once per disabling", async () => {
    const { h, hook, triggerId, account, config, subscription } = await setUp([200], undefined, ["platform.trigger.message", "platform.trigger.disabled"]);
    expect((await manage(h, triggerId, "disable")).status).toBe(200);
    await vi.waitFor(async () => expect((await deliveries(h))[0]?.status).toBe("delivered"));

    expect(hook.received).toHaveLength(1);
    const [sent] = hook.received;
    expect(sent!.headers["x-platform-webhook-version"]).toBe("V3");
    expect(sent!.headers["x-platform-delivery-attempt"]).toBe("1");
    const event = TriggerDisabledEvent.parse(new Webhook(subscription.secret).verify(sent!.body, standardHeaders(sent!.headers)));
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
    const second = TriggerDisabledEvent.parse(new Webhook(subscription.secret).verify(hook.received[1]!.body, standardHeaders(hook.received[1]!.headers)));
    expect(second.id).not.toBe(event.id);
    expect(second.data.disabled_at).toBe((await listed(h, triggerId)).disabled_at);
    expect(hook.received).toHaveLength(2);
  });

  it("sends nothing when the subscription does not enable the type, or the project has none", async () => {
    const { h, hook, triggerId, subscription } = await setUp([200], undefined, ["platform.trigger.message"]);
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
