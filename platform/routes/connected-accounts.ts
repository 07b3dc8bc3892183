/**
 * Connected accounts. OAuth schemes start in INITIALIZING with a redirect URL
 * to the local authorization page (`/_local/oauth/authorize/<id>`), which
 * marks the account ACTIVE and sends the browser on to the callback URL; other
 * schemes are ACTIVE at once. `validate_credentials` checks that every
 * required field of the scheme is present and non-empty.
 */
import type { FastifyInstance } from "fastify";
import type { ConnectedAccount } from "../../api";
import type { Catalog } from "../catalog";
import { badRequest, notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { maskSecrets } from "../ids";
import type { ConnectedAccountRecord } from "../store";
import { authModeOf } from "./auth-configs";

export const OAUTH_SCHEMES = new Set(["OAUTH2", "OAUTH1", "OAUTH1A"]);
const NO_AUTH_SCHEMES = new Set(["NO_AUTH", "NONE"]);

export function authorizeUrl(origin: string, accountId: string): string {
  return `${origin}/_local/oauth/authorize/${encodeURIComponent(accountId)}`;
}

/**
 * Names of required fields of the scheme that are missing or empty in `val`: the fields a
 * connection needs (`connected_account_initiation`), or those an auth config needs (`auth_config_creation`).
 */
export function missingCredentials(
  catalog: Catalog,
  toolkit: string,
  scheme: string,
  val: Record<string, unknown>,
  phase: "connected_account_initiation" | "auth_config_creation" = "connected_account_initiation",
): string[] {
  const mode = authModeOf(catalog, toolkit, scheme);
  if (!mode) return [];
  return mode.fields[phase].required
    .map((field) => field.name)
    .filter((name) => {
      const value = val[name];
      return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
    });
}

export function presentConnectedAccount(record: ConnectedAccountRecord): ConnectedAccount {
  const val: Record<string, unknown> = { ...maskSecrets(record.val), status: record.status };
  if (record.redirect_url) val.redirectUrl = record.redirect_url;
  if (record.callback_url) val.callbackUrl = record.callback_url;
  return {
    id: record.id,
    connectionData: { authScheme: record.auth_scheme, val },
    status: record.status,
    redirect_url: record.redirect_url,
    redirect_uri: record.redirect_url,
    deprecated: { uuid: record.uuid, authConfigUuid: record.auth_config_uuid },
  };
}

export default async function connectedAccountRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("createConnectedAccount", ({ body, auth, store, catalog, at, origin }) => {
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
    }),

    defineHandler("refreshConnectedAccount", ({ params, query, body, auth, store, catalog, at, origin }) => {
      const account = store.connectedAccounts.get(auth.project.id, params.nanoid);
      if (!account) throw notFound("Connected account", params.nanoid);
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
    }),
  ]);
}
