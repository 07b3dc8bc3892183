/**
 * Connected accounts. OAuth schemes start in INITIALIZING with a redirect URL
 * to the local authorization page (`/_local/oauth/authorize/<id>`), which
 * marks the account ACTIVE and sends the browser on to the callback URL; other
 * schemes are ACTIVE at once. `validate_credentials` checks that every
 * required field of the scheme is present and non-empty. Accounts are listed
 * newest first, read with their user, toolkit and auth config, and deleted for real.
 */
import { badRequest, foundOr404 } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { paginateByCursor } from "../pagination";
import { authorizeUrl, missingCredentials, NO_AUTH_SCHEMES, OAUTH_SCHEMES, presentConnectedAccount, presentConnectedAccountDetail } from "../services/connected-accounts";
import type { ConnectedAccountRecord, Store } from "../store";

const connectedAccount = (store: Store, projectId: string, id: string): ConnectedAccountRecord => foundOr404(store.connectedAccounts.get(projectId, id), "Connected account", id);

export const connectedAccountHandlers = {
  createConnectedAccount: ({ body, auth, store, catalog, at, origin }) => {
    const authConfig = store.authConfigs.get(auth.project.id, body.auth_config.id);
    if (!authConfig) {
      throw badRequest(`Unknown auth config ${JSON.stringify(body.auth_config.id)}`, [
        `auth_config.id: no auth config ${JSON.stringify(body.auth_config.id)} in this project`,
      ]);
    }
    if (authConfig.status === "DISABLED") {
      throw badRequest(`Auth config ${JSON.stringify(authConfig.id)} is disabled`, [
        `auth_config.id: auth config ${JSON.stringify(authConfig.id)} is disabled; enable it with PATCH /api/v3/auth_configs/${authConfig.id}/ENABLED`,
      ]);
    }
    const scheme = authConfig.auth_scheme;
    const userId = body.connection.user_id ?? body.user_id ?? "default";
    const val = { ...(body.connection.state?.val ?? {}) };
    const oauth = OAUTH_SCHEMES.has(scheme);
    if (body.validate_credentials && !oauth && !NO_AUTH_SCHEMES.has(scheme)) {
      const missing = missingCredentials(catalog, authConfig.toolkit_slug, scheme, val);
      if (missing.length) {
        throw badRequest(
          `Credentials are incomplete for ${scheme}: ${missing.join(", ")}`,
          missing.map((name) => `connection.state.val.${name}: is required for ${scheme}`),
        );
      }
    }
    const record = store.connectedAccounts.create({
      projectId: auth.project.id,
      authConfigId: authConfig.id,
      userId,
      status: oauth ? "INITIALIZING" : "ACTIVE",
      authScheme: scheme,
      val: oauth ? {} : val,
      callbackUrl: body.connection.callback_url ?? null,
      redirectUrl: (id) => (oauth ? authorizeUrl(origin, id) : null),
      at,
    });
    return presentConnectedAccount(record);
  },

  refreshConnectedAccount: ({ params, query, body, auth, store, catalog, at, origin }) => {
    const account = connectedAccount(store, auth.project.id, params.nanoid);
    // The body's redirect_url wins over the query's (the spec leaves it open).
    const callback = body.redirect_url ?? query.redirect_url;
    if (OAUTH_SCHEMES.has(account.auth_scheme)) {
      const redirect = authorizeUrl(origin, account.id);
      store.connectedAccounts.update(
        account.id,
        { status: "INITIALIZING", redirectUrl: redirect, ...(callback ? { callbackUrl: callback } : {}) },
        at,
      );
      return { id: account.id, status: "INITIALIZING", redirect_url: redirect };
    }
    if (body.validate_credentials && !NO_AUTH_SCHEMES.has(account.auth_scheme)) {
      const authConfig = store.authConfigs.get(auth.project.id, account.auth_config_id);
      const missing = authConfig ? missingCredentials(catalog, authConfig.toolkit_slug, account.auth_scheme, account.val) : [];
      if (missing.length) {
        throw badRequest(
          `The stored credentials are incomplete for ${account.auth_scheme}: ${missing.join(", ")}`,
          missing.map((name) => `connection.state.val.${name}: is required for ${account.auth_scheme}`),
        );
      }
    }
    store.connectedAccounts.update(account.id, { status: "ACTIVE", redirectUrl: null }, at);
    return { id: account.id, status: "ACTIVE", redirect_url: null };
  },

  listConnectedAccounts: ({ query, auth, store }) => {
    const records = store.connectedAccounts.list(auth.project.id, {
      userIds: query.user_ids,
      toolkitSlugs: query.toolkit_slugs,
      authConfigIds: query.auth_config_ids,
      statuses: query.statuses,
      newestFirst: true,
    });
    // Page first: presenting masks every secret of a row, so only the page pays for it.
    const page = paginateByCursor(records, query);
    return { ...page, items: page.items.map(presentConnectedAccountDetail) };
  },

  getConnectedAccount: ({ params, auth, store }) => presentConnectedAccountDetail(connectedAccount(store, auth.project.id, params.nanoid)),

  deleteConnectedAccount: ({ params, auth, store }) => {
    const record = connectedAccount(store, auth.project.id, params.nanoid);
    store.connectedAccounts.delete(record.id);
    return { id: record.id, deleted: true };
  },
} satisfies HandlerGroup;
