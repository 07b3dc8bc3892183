/** Trigger instances (upsert, list, enable/disable, delete) and trigger types. */
import { badRequest, catalogCall, notFound } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { cursorPageOf, cursorWindow, paginateByCursor } from "../pagination";
import { presentTrigger } from "../services/triggers";
import { recordDelivery, triggerDisabledEvent } from "../services/webhooks";

/** Union of a parameter and its deprecated alias; undefined when neither was sent. */
function merged(...lists: (string[] | undefined)[]): string[] | undefined {
  const present = lists.filter((list): list is string[] => list !== undefined);
  return present.length ? [...new Set(present.flat())] : undefined;
}

export const triggerHandlers = {
  upsertTrigger: ({ params, body, auth, store, catalog, at }) => {
    const type = catalog.getTriggerType(params.slug);
    if (!type) throw notFound("Trigger type", params.slug);
    const slug = type.slug;
    const account = store.connectedAccounts.get(auth.project.id, body.connected_account_id);
    if (!account) {
      throw badRequest(`Unknown connected account ${JSON.stringify(body.connected_account_id)}`, [
        `connected_account_id: no connected account ${JSON.stringify(body.connected_account_id)} in this project`,
      ]);
    }
    const errors: string[] = [];
    const authConfig = store.authConfigs.get(auth.project.id, account.auth_config_id);
    if (authConfig && authConfig.toolkit_slug.toLowerCase() !== type.toolkit.slug.toLowerCase()) {
      errors.push(
        `connected_account_id: the account is connected to ${authConfig.toolkit_slug}, but ${slug} is a trigger of ${type.toolkit.slug}`,
      );
    }
    errors.push(...(catalog.checkTriggerConfig(type.slug, body.trigger_config) ?? []));
    if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
    const { record } = store.triggers.upsert({
      projectId: auth.project.id,
      connectedAccountId: account.id,
      slug,
      config: body.trigger_config,
      at,
    });
    return { trigger_id: record.id };
  },

  listActiveTriggers: ({ query, auth, store }) => {
    const filter = {
      ...(query.user_ids ? { userIds: query.user_ids } : {}),
      connectedAccountIds: merged(query.connected_account_ids, query.connectedAccountIds),
      connectedAccountUuids: merged(query.deprecatedConnectedAccountUuids),
      authConfigIds: merged(query.auth_config_ids, query.authConfigIds),
      authConfigUuids: merged(query.deprecatedAuthConfigUuids),
      triggerIds: merged(query.trigger_ids, query.triggerIds),
      triggerNames: merged(query.trigger_names, query.triggerNames),
      showDisabled: (query.show_disabled ?? query.showDisabled) === true,
    };
    const window = cursorWindow(query);
    const page = store.triggers.page(auth.project.id, filter, window);
    return cursorPageOf(page.items.map(presentTrigger), page.total, window);
  },

  manageTrigger: ({ params, body, auth, store, catalog, at, deliver }) => {
    const trigger = store.triggers.get(auth.project.id, params.triggerId);
    if (!trigger) throw notFound("Trigger instance", params.triggerId);
    if (body.status === "disable") {
      // Disabling a disabled trigger keeps its original disabled_at and sends no second notice.
      if (trigger.disabled_at === null) {
        store.triggers.setDisabled(trigger.id, at, at);
        const { deliveryId } = recordDelivery(store, trigger, triggerDisabledEvent(trigger, catalog, at));
        if (deliveryId !== null) deliver(deliveryId);
      }
    } else if (trigger.disabled_at !== null) {
      store.triggers.setDisabled(trigger.id, null, at);
    }
    return { status: "success" };
  },

  deleteTrigger: ({ params, auth, store }) => {
    const trigger = store.triggers.get(auth.project.id, params.triggerId);
    if (!trigger) throw notFound("Trigger instance", params.triggerId);
    store.triggers.delete(trigger.id);
    return { trigger_id: trigger.id };
  },

  listTriggerTypes: ({ query, catalog }) => {
    const items = catalogCall(() =>
      catalog.listTriggerTypes({
        toolkit_slugs: query.toolkit_slugs,
        toolkit_versions: query.toolkit_versions,
      }),
    );
    return paginateByCursor(items, query);
  },
} satisfies HandlerGroup;
