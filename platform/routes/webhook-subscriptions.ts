/**
 * The project's webhook subscription (one per project; a second create is a 409). Its URL,
 * version and signing secret are also the project's `webhook_url`, `webhook_version` and
 * `webhook_secret` (ProjectStore.setWebhook, in the same write). The secret is answered in
 * full by create and rotate_secret only, masked everywhere else.
 */
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, WEBHOOK_VERSIONS } from "../../api";
import { conflict, foundOr404 } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { newWebhookSecret } from "../ids";
import { paginateByCursor } from "../pagination";
import { presentWebhookSubscription } from "../services/webhooks";
import type { Store, WebhookSubscriptionRecord } from "../store";

const subscription = (store: Store, projectId: string, id: string): WebhookSubscriptionRecord => foundOr404(store.webhookSubscriptions.get(projectId, id), "Webhook subscription", id);

export const webhookSubscriptionHandlers = {
  createWebhookSubscription: ({ body, auth, store, at }) => {
    const projectId = auth.project.id;
    const existing = store.webhookSubscriptions.ofProject(projectId);
    if (existing) {
      throw conflict(`This project already has a webhook subscription (${existing.id}); change it with PATCH or delete it first`, [
        `webhook_url: the project has subscription ${existing.id} already (one per project)`,
      ]);
    }
    // The secret first: the subscription reads it from the project.
    store.projects.setWebhook(projectId, { url: body.webhook_url, version: body.version, secret: newWebhookSecret() }, at);
    const record = store.webhookSubscriptions.create({
      projectId,
      webhookUrl: body.webhook_url,
      version: body.version,
      enabledEvents: [...new Set(body.enabled_events)],
      at,
    });
    return presentWebhookSubscription(record, true);
  },

  listWebhookSubscriptions: ({ query, auth, store }) => {
    const record = store.webhookSubscriptions.ofProject(auth.project.id);
    return paginateByCursor(record ? [presentWebhookSubscription(record)] : [], query);
  },

  listWebhookEventTypes: () => ({
    items: WEBHOOK_EVENT_TYPES.map((type) => ({
      event_type: type,
      description: WEBHOOK_EVENT_DESCRIPTIONS[type],
      supported_versions: [...WEBHOOK_VERSIONS],
    })),
  }),

  getWebhookSubscription: ({ params, auth, store }) => presentWebhookSubscription(subscription(store, auth.project.id, params.id)),

  updateWebhookSubscription: ({ params, body, auth, store, at }) => {
    const record = subscription(store, auth.project.id, params.id);
    store.webhookSubscriptions.update(
      record.id,
      {
        ...(body.webhook_url !== undefined ? { webhookUrl: body.webhook_url } : {}),
        ...(body.version !== undefined ? { version: body.version } : {}),
        ...(body.enabled_events !== undefined ? { enabledEvents: [...new Set(body.enabled_events)] } : {}),
      },
      at,
    );
    const updated = subscription(store, auth.project.id, record.id);
    store.projects.setWebhook(auth.project.id, { url: updated.webhook_url, version: updated.version }, at);
    return presentWebhookSubscription(updated);
  },

  deleteWebhookSubscription: ({ params, auth, store, at }) => {
    const record = subscription(store, auth.project.id, params.id);
    store.webhookSubscriptions.delete(record.id);
    store.projects.setWebhook(auth.project.id, { url: null, version: record.version }, at);
    return { id: record.id, deleted: true };
  },

  rotateWebhookSecret: ({ params, auth, store, at }) => {
    const record = subscription(store, auth.project.id, params.id);
    const secret = newWebhookSecret();
    store.projects.setWebhook(auth.project.id, { url: record.webhook_url, version: record.version, secret }, at);
    store.webhookSubscriptions.touch(record.id, at);
    return { id: record.id, secret };
  },
} satisfies HandlerGroup;
