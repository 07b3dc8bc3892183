/**
 * The webhook dispatcher (services/webhook-delivery.ts) lives as long as the app: once the app
 * is ready it resumes the deliveries an earlier run on the store left pending, and closing the
 * app stops its deliveries before the store closes. Routes hand it the deliveries they record
 * (`PlatformContext.webhooks`).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WebhookDispatcher } from "../services/webhook-delivery";

async function webhookDispatcher(app: FastifyInstance, { dispatcher }: { dispatcher: WebhookDispatcher }): Promise<void> {
  app.addHook("onReady", async () => dispatcher.resume());
  app.addHook("onClose", async () => dispatcher.close());
}

export default fp(webhookDispatcher, { name: "webhook-dispatcher", fastify: "5.x" });
