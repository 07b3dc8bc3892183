/** Trigger instances (upsert, list, enable/disable, delete) and trigger types. */
import type { FastifyInstance } from "fastify";
import type { TriggerInstance } from "../../api";
import { badRequest, notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { catalogCall, cursorPage, cursorPageFrom, cursorQueryWindow } from "../http/pagination";
import type { TriggerInstanceRecord } from "../store";

export function presentTrigger(record: TriggerInstanceRecord): TriggerInstance {
  return {
    uuid: record.uuid,
    id: record.id,
    connected_account_id: record.connected_account_id,
    connected_account_uuid: record.connected_account_uuid,
    trigger_name: record.trigger_slug,
    user_id: record.user_id,
    trigger_data: "",
    trigger_config: record.trigger_config,
    state: record.state,
    updated_at: record.updated_at,
    disabled_at: record.disabled_at,
    disabledAt: record.disabled_at,
    connectedAccountId: record.connected_account_id,
    triggerName: record.trigger_slug,
    updatedAt: record.updated_at,
    triggerConfig: record.trigger_config,
    deprecated: { createdAt: record.created_at },
  };
}

/** Union of a parameter and its deprecated alias; undefined when neither was sent. */
function merged(...lists: (string[] | undefined)[]): string[] | undefined {
  const present = lists.filter((list): list is string[] => list !== undefined);
  return present.length ? [...new Set(present.flat())] : undefined;
}

export default async function triggerRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("upsertTrigger", ({ params, body, auth, store, catalog, at }) => {
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
    }),

    defineHandler("listActiveTriggers", ({ query, auth, store }) => {
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
      const window = cursorQueryWindow(query);
      const page = store.triggers.page(auth.project.id, filter, window);
      return cursorPageFrom(page.items.map(presentTrigger), page.total, window);
    }),

    defineHandler("manageTrigger", ({ params, body, auth, store, at }) => {
      const trigger = store.triggers.get(auth.project.id, params.triggerId);
      if (!trigger) throw notFound("Trigger instance", params.triggerId);
      if (body.status === "disable") {
        // Disabling a disabled trigger keeps its original disabled_at.
        if (trigger.disabled_at === null) store.triggers.setDisabled(trigger.id, at, at);
      } else if (trigger.disabled_at !== null) {
        store.triggers.setDisabled(trigger.id, null, at);
      }
      return { status: "success" };
    }),

    defineHandler("deleteTrigger", ({ params, auth, store }) => {
      const trigger = store.triggers.get(auth.project.id, params.triggerId);
      if (!trigger) throw notFound("Trigger instance", params.triggerId);
      store.triggers.delete(trigger.id);
      return { trigger_id: trigger.id };
    }),

    defineHandler("listTriggerTypes", ({ query, catalog }) => {
      const items = catalogCall(() =>
        catalog.listTriggerTypes({
          ...(query.toolkit_slugs !== undefined ? { toolkit_slugs: query.toolkit_slugs } : {}),
          ...(query.toolkit_versions !== undefined ? { toolkit_versions: query.toolkit_versions } : {}),
        }),
      );
      return cursorPage(items, query);
    }),
  ]);
}
