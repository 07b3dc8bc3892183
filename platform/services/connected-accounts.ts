/** Connected accounts: which schemes start with an OAuth redirect, what credentials are missing, the answer form. */
import type { ConnectedAccount } from "../../api";
import type { Catalog } from "../catalog";
import { maskSecrets } from "../ids";
import type { ConnectedAccountRecord } from "../store";
import { authModeOf } from "./auth-configs";

export const OAUTH_SCHEMES = new Set(["OAUTH2", "OAUTH1", "OAUTH1A"]);
export const NO_AUTH_SCHEMES = new Set(["NO_AUTH", "NONE"]);

export function authorizeUrl(origin: string, accountId: string): string {
  return `${origin}/_local/oauth/authorize/${encodeURIComponent(accountId)}`;
}

/** Names of required connection fields of the scheme that are missing or empty in `val`. */
export function missingCredentials(catalog: Catalog, toolkit: string, scheme: string, val: Record<string, unknown>): string[] {
  const mode = authModeOf(catalog, toolkit, scheme);
  if (!mode) return [];
  return mode.fields.connected_account_initiation.required
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
