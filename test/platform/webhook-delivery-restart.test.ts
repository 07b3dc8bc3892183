/**
 * Webhook deliveries outlive the process: a delivery left pending when the platform stops is sent
 * by the next run on the same store file, after what remains of its retry delay, with its earlier
 * attempts kept. Checked against real receivers on 127.0.0.1 with the Standard Webhooks library.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TriggerMessageEvent } from "../../api";
import { buildApp } from "../../platform/app";
import { Catalog } from "../../platform/catalog";
import { nextAttempt, type WebhookDeliveryOptions } from "../../platform/services/webhook-delivery";
import { recordDelivery, triggerMessageEvent } from "../../platform/services/webhooks";
import { Store } from "../../platform/store";
import { harness, type Answer, type Call, type Harness } from "./helpers";
import { COMMIT_PAYLOAD } from "../../scripts/end-user";
import { standardHeaders } from "../../scripts/webhook-receiver";
import { deliveries, fire, receiver, subscribedTrigger, type Receiver } from "./webhooks";

/** What the tests close: platforms, receivers and the folder of the store file. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function storeFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "ip-deliveries-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, "platform.db");
}

async function tracked(made: Promise<Receiver>): Promise<Receiver> {
  const hook = await made;
  cleanups.push(() => hook.close());
  return hook;
}

/** A URL on a port nothing listens on (the receiver is down), and that port. */
async function downUrl(): Promise<{ url: string; port: number }> {
  const probe = await receiver();
  await probe.close();
  return { url: probe.url, port: probe.port };
}

/** The first run: a platform on the store file, with a trigger subscribed to `url`. */
async function firstRun(path: string, url: string, webhookDelivery: WebhookDeliveryOptions, enabledEvents?: string[]) {
  const h = await harness({ store: new Store(path), webhookDelivery });
  let open = true;
  const close = async () => {
    if (open) await h.close();
    open = false;
  };
  cleanups.push(close);
  return { h, close, ...(await subscribedTrigger(h, url, enabledEvents)) };
}

/** A later run on the same store file, ready (so it has resumed what was pending); calls with the main project's key. */
async function laterRun(path: string, apiKey: string, webhookDelivery: WebhookDeliveryOptions) {
  const store = new Store(path);
  const app = buildApp({ store, catalog: Catalog.load(), webhookDelivery });
  cleanups.push(async () => {
    await app.close();
    store.close();
  });
  const call = async ({ url }: Call): Promise<Answer> => {
    const answer = await app.inject({ url, headers: { "x-api-key": apiKey } });
    return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
  };
  await app.ready();
  return { app, store, apiKey, call };
}

/** Waits until the first run has logged `count` failed attempts of its newest delivery, and returns that delivery. */
async function attemptsLogged(h: Harness, count: number) {
  await vi.waitFor(async () => expect((await deliveries(h))[0]?.attempts).toHaveLength(count));
  return (await deliveries(h))[0];
}

describe("webhook deliveries across a restart", () => {
  it("sends a delivery left waiting for its retry on the next start, keeping its earlier attempts", async () => {
    const path = storeFile();
    const down = await downUrl();
    const first = await firstRun(path, down.url, { retryDelaysMs: [60_000], timeoutMs: 2000 });
    const fired = await fire(first.h, first.triggerId);
    expect(fired.status).toBe(202);
    const before = await attemptsLogged(first.h, 1);
    expect(before).toMatchObject({ id: fired.body.delivery_id, status: "pending", attempts: [{ attempt: 1, error: "ECONNREFUSED" }] });
    await first.close();

    const hook = await tracked(receiver([200], down.port));
    const later = await laterRun(path, first.h.apiKey, { retryDelaysMs: [20], timeoutMs: 2000 });
    await vi.waitFor(async () => expect((await deliveries(later))[0]?.status).toBe("delivered"));

    expect(hook.received).toHaveLength(1);
    const [sent] = hook.received;
    expect(sent!.headers["webhook-id"]).toBe(fired.body.delivery_id);
    expect(sent!.headers["x-platform-delivery-attempt"]).toBe("2");
    const verified = TriggerMessageEvent.parse(new Webhook(first.subscription.secret).verify(sent!.body, standardHeaders(sent!.headers)));
    expect(verified).toMatchObject({ id: fired.body.delivery_id, type: "platform.trigger.message", metadata: { trigger_id: first.triggerId }, data: COMMIT_PAYLOAD });
    const [logged] = await deliveries(later);
    expect(logged.attempts).toEqual([before.attempts[0], expect.objectContaining({ attempt: 2, status_code: 200 })]);
    expect(logged.event).toEqual(verified);
  });

  it("sends a delivery recorded but never attempted as its first attempt", async () => {
    const path = storeFile();
    const hook = await tracked(receiver([200]));
    const first = await firstRun(path, hook.url, { retryDelaysMs: [20], timeoutMs: 2000 });
    // Recorded as the event route records one, but the run stops before sending it.
    const trigger = first.h.store.triggers.get(first.h.projectId, first.triggerId)!;
    const event = triggerMessageEvent(trigger, first.h.catalog, COMMIT_PAYLOAD, new Date().toISOString());
    const recorded = first.h.store.transaction(() => recordDelivery(first.h.store, trigger, event));
    expect(recorded).toEqual({ deliveryId: event.id, skipped: null });
    await first.close();
    expect(hook.received).toEqual([]);

    const later = await laterRun(path, first.h.apiKey, { retryDelaysMs: [20], timeoutMs: 2000 });
    await vi.waitFor(async () => expect((await deliveries(later))[0]?.status).toBe("delivered"));
    expect(hook.received.map((r) => r.headers["x-platform-delivery-attempt"])).toEqual(["1"]);
    expect(new Webhook(first.subscription.secret).verify(hook.received[0]!.body, standardHeaders(hook.received[0]!.headers))).toEqual(event);
  });

  it("waits what remains of the retry delay, counted from the last attempt", async () => {
    // Long beside the restart, so a loaded machine cannot blur "what remains" into "the whole delay again".
    const delayMs = 4000;
    const path = storeFile();
    const down = await downUrl();
    const first = await firstRun(path, down.url, { retryDelaysMs: [delayMs], timeoutMs: 2000 });
    await fire(first.h, first.triggerId);
    const before = await attemptsLogged(first.h, 1);
    await first.close();
    const failedAt = Date.parse(before.attempts[0].at);
    // Restart a second before the delay is over: about a second of it remains.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, failedAt + delayMs - 1000 - Date.now())));

    const hook = await tracked(receiver([200], down.port));
    const restartedAt = Date.now();
    const later = await laterRun(path, first.h.apiKey, { retryDelaysMs: [delayMs], timeoutMs: 2000 });
    await vi.waitFor(async () => expect((await deliveries(later))[0]?.status).toBe("delivered"), { timeout: 10_000 });
    const retriedAt = Date.parse((await deliveries(later))[0].attempts[1].at);
    // Not before the delay has passed since the last attempt...
    expect(retriedAt - failedAt).toBeGreaterThanOrEqual(delayMs - 2);
    // ...and not the whole delay again from the restart.
    expect(retriedAt - restartedAt).toBeLessThan(delayMs);
    expect(hook.received).toHaveLength(1);
  });

  it("fails a pending delivery whose subscription was deleted, sending nothing", async () => {
    const path = storeFile();
    const down = await downUrl();
    const first = await firstRun(path, down.url, { retryDelaysMs: [60_000], timeoutMs: 2000 });
    await fire(first.h, first.triggerId);
    await attemptsLogged(first.h, 1);
    const deleted = await first.h.call({ method: "DELETE", url: `/api/v3/webhook_subscriptions/${first.subscription.id}`, apiKey: first.h.apiKey });
    expect(deleted.status).toBe(200);
    await first.close();

    const hook = await tracked(receiver([200], down.port));
    const later = await laterRun(path, first.h.apiKey, { retryDelaysMs: [20], timeoutMs: 2000 });
    await vi.waitFor(async () => expect((await deliveries(later))[0]?.status).toBe("failed"));
    expect((await deliveries(later))[0].attempts[1]).toMatchObject({ attempt: 2, error: "the webhook subscription was deleted" });
    expect(hook.received).toEqual([]);
  });
});

describe("nextAttempt", () => {
  const at = Date.parse("2026-01-01T00:00:00.000Z");
  const failed = (attempt: number, ms: number) => ({ attempt, at: new Date(ms).toISOString(), error: "ECONNREFUSED" });

  it("sends a delivery never attempted at once, as attempt 1", () => {
    expect(nextAttempt([], [20, 40], at)).toEqual({ attempt: 1, delayMs: 0 });
  });

  it("waits what remains of the delay after the last attempt, and nothing once it is over", () => {
    expect(nextAttempt([failed(1, at)], [20, 40], at + 5)).toEqual({ attempt: 2, delayMs: 15 });
    expect(nextAttempt([failed(1, at - 100), failed(2, at)], [20, 40], at + 10)).toEqual({ attempt: 3, delayMs: 30 });
    expect(nextAttempt([failed(1, at)], [20, 40], at + 500)).toEqual({ attempt: 2, delayMs: 0 });
  });

  it("makes the last attempt at once when the retries were shortened since", () => {
    expect(nextAttempt([failed(1, at), failed(2, at)], [20], at)).toEqual({ attempt: 3, delayMs: 0 });
  });
});
