/**
 * Reading and deleting connected accounts (companion endpoints of DESIGN.md). Creating and
 * refreshing one are in connected-accounts.ts.
 */
import type { FastifyInstance } from "fastify";
import type { ConnectedAccountDetail } from "../../api";
import { notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { cursorPage } from "../http/pagination";
import type { ConnectedAccountRecord } from "../store";
import { presentConnectedAccount } from "./connected-accounts";

/** The create form (secrets masked) plus the user, toolkit and auth config of the account. */
export function presentConnectedAccountDetail(record: ConnectedAccountRecord): ConnectedAccountDetail {
  return {
    ...presentConnectedAccount(record),
    user_id: record.user_id,
    toolkit: { slug: record.toolkit_slug },
    auth_config: {
      id: record.auth_config_id,
      auth_scheme: record.auth_scheme,
      is_platform_managed: record.auth_config_is_platform_managed,
      is_disabled: record.auth_config_status === "DISABLED",
    },
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export default async function connectedAccountLifecycleRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("listConnectedAccounts", ({ query, auth, store }) => {
      const records = store.connectedAccounts.list(auth.project.id, {
        userIds: query.user_ids,
        toolkitSlugs: query.toolkit_slugs,
        authConfigIds: query.auth_config_ids,
        statuses: query.statuses,
        newestFirst: true,
      });
      return cursorPage(records.map(presentConnectedAccountDetail), query);
    }),

    defineHandler("getConnectedAccount", ({ params, auth, store }) => {
      const record = store.connectedAccounts.get(auth.project.id, params.nanoid);
      if (!record) throw notFound("Connected account", params.nanoid);
      return presentConnectedAccountDetail(record);
    }),

    defineHandler("deleteConnectedAccount", ({ params, auth, store }) => {
      const record = store.connectedAccounts.get(auth.project.id, params.nanoid);
      if (!record) throw notFound("Connected account", params.nanoid);
      store.connectedAccounts.delete(record.id);
      return { id: record.id, deleted: true };
    }),
  ]);
}
