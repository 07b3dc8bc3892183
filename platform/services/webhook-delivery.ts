/**
 * Sends recorded webhook deliveries (store/webhook-deliveries.ts) to their URL, signed per
 * Standard Webhooks with the project's current secret, by the official `standardwebhooks`
 * library. A 2xx answer delivers; any other answer, or none, is retried after the next of
 * `retryDelaysMs` (the list bounds the retries), then the delivery fails. Every attempt is
 * logged on the delivery.
 *
 * Nothing here runs inside a request: a request records a delivery and hands its id over
 * once committed (`enqueue`), and answers without waiting. `resume()` (the app's onReady)
 * schedules what an earlier run left pending, so a restart loses no delivery. At most
 * `maxConcurrent` attempts are in flight; the others wait their turn in the order they became
 * due, so a burst of events, or thousands of deliveries resumed at once after an outage, does
 * not open a connection each. `close()` (the
 * app's onClose) cancels what is scheduled, aborts what is in flight and waits for it, so
 * nothing touches the store after the app has closed.
 */
import { Webhook } from "standardwebhooks";
import { WEBHOOK_ATTEMPT_HEADER, WEBHOOK_VERSION_HEADER } from "../../api";
import type { DeliveryAttempt, DeliveryStatus, Store } from "../store";

export interface WebhookDeliveryOptions {
  /** The wait before each retry; its length is the number of retries. Default 5 s, 30 s, 2 min, 10 min. */
  retryDelaysMs?: readonly number[];
  /** Time limit of one attempt, in ms. Default 10000. */
  timeoutMs?: number;
  /** Attempts in flight at once, over all subscriptions. Default 32. */
  maxConcurrent?: number;
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000];
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_CONCURRENT_DELIVERIES = 32;

/** Why an attempt got no answer, without the URL or anything else the error may carry. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return "timed out";
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    return typeof code === "string" ? code : error.name;
  }
  return "failed";
}

/** The wait before the attempt after `attempt`, or undefined when `attempt` was the last one. */
function retryDelayAfter(retryDelaysMs: readonly number[], attempt: number): number | undefined {
  return retryDelaysMs[attempt - 1];
}

/**
 * The next attempt of a pending delivery, from the attempts it logged: the one after the last,
 * once what remains of its retry delay (counted from the last attempt) has passed; at once when
 * none was made yet or the delay is over. A delivery past the retries of `retryDelaysMs` (the
 * list was shortened since) gets its last attempt at once.
 */
export function nextAttempt(attempts: readonly DeliveryAttempt[], retryDelaysMs: readonly number[], now: number): { attempt: number; delayMs: number } {
  const last = attempts.at(-1);
  if (!last) return { attempt: 1, delayMs: 0 };
  const delayMs = retryDelayAfter(retryDelaysMs, last.attempt) ?? 0;
  return { attempt: last.attempt + 1, delayMs: Math.max(0, Date.parse(last.at) + delayMs - now) };
}

export class WebhookDispatcher {
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;
  private readonly maxConcurrent: number;
  /** Attempts holding a slot, and the attempts waiting for one (each resolves when handed a slot). */
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private closed = false;

  constructor(
    private readonly store: Store,
    options: WebhookDeliveryOptions = {},
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
    this.maxConcurrent = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_DELIVERIES;
    if (!Number.isInteger(this.maxConcurrent) || this.maxConcurrent < 1) throw new Error(`maxConcurrent must be a whole number >= 1, got ${this.maxConcurrent}`);
  }

  /** Sends a delivery the store has committed: its first attempt starts on a later turn of the event loop. */
  enqueue(deliveryId: string): void {
    this.schedule(deliveryId, 1, 0);
  }

  /** Schedules every delivery left pending by an earlier run on the store (see `nextAttempt`). */
  async resume(): Promise<void> {
    const pending = await this.store.read(() => this.store.webhookDeliveries.pending());
    const now = Date.now();
    for (const { id, attempts } of pending) {
      const next = nextAttempt(attempts, this.retryDelaysMs, now);
      this.schedule(id, next.attempt, next.delayMs);
    }
  }

  /** Cancels scheduled attempts, aborts running ones and waits for them to finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(deliveryId: string, attempt: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const running = this.withSlot(() => this.attempt(deliveryId, attempt)).catch((error: unknown) => {
        process.stderr.write(`[integration-platform] webhook delivery ${deliveryId} failed unexpectedly: ${reasonOf(error)}\n`);
      });
      this.inFlight.add(running);
      void running.finally(() => this.inFlight.delete(running));
    }, delayMs);
    this.timers.add(timer);
  }

  /** Runs `task` once fewer than `maxConcurrent` attempts are in flight, in the order asked. */
  private async withSlot(task: () => Promise<void>): Promise<void> {
    if (this.running < this.maxConcurrent) this.running++;
    // A finishing task hands its slot over directly, so a newcomer cannot take it in between.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private async attempt(deliveryId: string, attempt: number): Promise<void> {
    // Handed a slot after close (it waited in the queue): leave it pending for the next start.
    if (this.closed) return;
    const found = await this.store.read(() => {
      const delivery = this.store.webhookDeliveries.get(deliveryId);
      const subscription = delivery && this.store.webhookSubscriptions.get(delivery.project_id, delivery.subscription_id);
      return delivery && { delivery, subscription };
    });
    // Settled already (handed over twice): nothing more to send.
    if (!found || this.closed || found.delivery.status !== "pending") return;
    const { delivery, subscription } = found;
    // Real time, not the app's clock: receivers reject signatures whose timestamp is far from theirs.
    const sentAt = new Date();
    let outcome: DeliveryAttempt;
    if (!subscription) {
      // Deleting the subscription stops its deliveries, retries included.
      outcome = { attempt, at: sentAt.toISOString(), error: "the webhook subscription was deleted" };
    } else {
      const headers = {
        "content-type": "application/json",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": new Webhook(subscription.secret).sign(delivery.id, sentAt, delivery.body),
        [WEBHOOK_VERSION_HEADER]: subscription.version,
        [WEBHOOK_ATTEMPT_HEADER]: String(attempt),
      };
      try {
        const response = await fetch(delivery.webhook_url, {
          method: "POST",
          headers,
          body: delivery.body,
          redirect: "manual",
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.timeoutMs)]),
        });
        await response.arrayBuffer().catch(() => undefined);
        outcome = { attempt, at: sentAt.toISOString(), status_code: response.status };
      } catch (error) {
        // Aborted by close: no answer to record; the next start sends this attempt again.
        if (this.closed) return;
        outcome = { attempt, at: sentAt.toISOString(), error: reasonOf(error) };
      }
    }
    // An answer that arrived is recorded even when closing (close waits for it, the store is still
    // open): dropping it would make the next start send an answered attempt again.
    const delivered = outcome.status_code !== undefined && outcome.status_code >= 200 && outcome.status_code < 300;
    const delay = retryDelayAfter(this.retryDelaysMs, attempt);
    const retry = !delivered && subscription !== undefined && delay !== undefined;
    const status: DeliveryStatus = delivered ? "delivered" : retry ? "pending" : "failed";
    await this.store.write(() => this.store.webhookDeliveries.recordAttempt(delivery.id, outcome, status));
    if (retry) this.schedule(delivery.id, attempt + 1, delay);
  }
}
