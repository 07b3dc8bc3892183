/**
 * Local-only: firing a trigger instance's event, as the external application would, and the
 * log of the webhook deliveries it led to. Both answer for the caller's scope: a project key
 * (`x-api-key`) sees its project, an organization key (`x-org-api-key`) every project of the
 * organization. A delivery is handed to the app's webhook dispatcher (services/webhook-delivery.ts)
 * once its write has committed, and runs beside requests. Documented in platform/README.md; not
 * part of the API contract.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AUTH_HEADERS } from "../../api";
import { authenticate } from "../auth";
import { badRequest, notFound } from "../errors";
import type { PlatformContext } from "../http/handlers";
import { parseInput } from "../http/validation";
import { recordDelivery, triggerMessageEvent, type NoDeliveryReason } from "../services/webhooks";
import type { Store, WebhookDeliveryRecord } from "../store";

export const FireTriggerEventBody = z.strictObject({ payload: z.record(z.string(), z.unknown()) });
export type FireTriggerEventBody = z.input<typeof FireTriggerEventBody>;

export const ListDeliveriesQuery = z.looseObject({
  trigger_id: z.string().min(1).optional(),
  limit: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(1000, "must be at most 1000").default(100),
});

/** Why an event led to no delivery. */
export type SkipReason = "trigger_disabled" | "triggers_disabled_for_project" | NoDeliveryReason;

/** The ids of the projects the caller's key may see. */
function callerProjects(store: Store, request: FastifyRequest): string[] {
  if (request.headers[AUTH_HEADERS.apiKey] !== undefined) return [authenticate(store, "apiKey", request.headers).project.id];
  const org = authenticate(store, "orgApiKey", request.headers).org;
  return store.projects.list(org.id).map((project) => project.id);
}

function presentDelivery(record: WebhookDeliveryRecord) {
  const { body, ...rest } = record;
  return { ...rest, event: JSON.parse(body) as unknown };
}

export default async function localEventRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  const { store, catalog, webhooks } = ctx;

  app.post("/_local/trigger_instances/:id/events", { config: { routeName: "_local.fireTriggerEvent" } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const at = ctx.now().toISOString();
    const outcome = await store.write(() => {
      const projects = callerProjects(store, request);
      const body = parseInput(FireTriggerEventBody, request.body ?? {}, "body");
      const trigger = projects.map((projectId) => store.triggers.get(projectId, id)).find((t) => t !== undefined);
      if (!trigger) throw notFound("Trigger instance", id);
      const problems = catalog.checkTriggerPayload(trigger.trigger_slug, body.payload) ?? [];
      if (problems.length) throw badRequest(`Invalid body: ${problems.join("; ")}`, problems);
      const skipped = (reason: SkipReason) => ({ status: "skipped" as const, reason, delivery_id: null });
      if (trigger.disabled_at !== null) return skipped("trigger_disabled");
      if (!store.projects.get(trigger.project_id)?.triggers_enabled) return skipped("triggers_disabled_for_project");
      const recorded = recordDelivery(store, trigger, triggerMessageEvent(trigger, catalog, body.payload, at));
      if (recorded.skipped !== null) return skipped(recorded.skipped);
      return { status: "queued" as const, reason: null, delivery_id: recorded.deliveryId };
    });
    // Committed: the delivery runs on its own, after this answer.
    if (outcome.delivery_id !== null) webhooks.enqueue(outcome.delivery_id);
    reply.code(outcome.status === "queued" ? 202 : 200);
    return outcome;
  });

  app.get("/_local/webhook_deliveries", { config: { routeName: "_local.webhookDeliveries" } }, async (request) =>
    store.read(() => {
      const projects = callerProjects(store, request);
      const query = parseInput(ListDeliveriesQuery, request.query ?? {}, "query");
      return { items: store.webhookDeliveries.list(projects, { triggerId: query.trigger_id, limit: query.limit }).map(presentDelivery) };
    }),
  );
}
