/**
 * Shared by the webhook delivery tests: a real HTTP receiver on 127.0.0.1 that records what it got,
 * a GitHub trigger instance with the project subscribed to a URL, and
 * the local routes that fire events and list deliveries.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { COMMIT_PAYLOAD } from "../../scripts/end-user";
import type { Harness } from "./helpers";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** A receiver answering the given statuses in turn (the last one from then on); on `port` when given. */
export async function receiver(statuses: number[] = [200], port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hooks`,
    port: bound,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A GitHub trigger instance of the main project, and the project's subscription to `webhookUrl`. */
export async function subscribedTrigger(h: Harness, webhookUrl: string, enabledEvents = ["platform.trigger.message"]) {
  const config = await h.authConfig("github", "API_KEY");
  const account = await h.account(config.id, "alice");
  const trigger = await h.call({
    method: "POST",
    url: "/api/v3/trigger_instances/GITHUB_COMMIT_EVENT/upsert",
    apiKey: h.apiKey,
    body: { connected_account_id: account.id, trigger_config: { owner: "octo", repo: "demo" } },
  });
  const subscription = await h.call({ method: "POST", url: "/api/v3/webhook_subscriptions", apiKey: h.apiKey, body: { webhook_url: webhookUrl, enabled_events: enabledEvents } });
  expect(subscription.status).toBe(201);
  return { triggerId: trigger.body.trigger_id as string, account, config, subscription: subscription.body };
}

export const fire = (h: Harness, triggerId: string, payload: unknown = COMMIT_PAYLOAD, keys: { apiKey?: string; orgKey?: string } = { apiKey: h.apiKey }) =>
  h.call({ method: "POST", url: `/_local/trigger_instances/${triggerId}/events`, ...keys, body: { payload } });

/** The main project's delivery log, newest first. */
export const deliveries = async (h: Pick<Harness, "call" | "apiKey">) => (await h.call({ url: "/_local/webhook_deliveries", apiKey: h.apiKey })).body.items;
