/** Connected accounts: which schemes start with an OAuth redirect, what credentials are missing, the answer form. */
import type { ConnectedAccount, ConnectedAccountDetail } from "../../api";
import type { Catalog } from "../catalog";
import { maskSecrets } from "../ids";
import type { ConnectedAccountRecord } from "../store";
import { authModeOf } from "./auth-configs";

export const OAUTH_SCHEMES = new Set(["OAUTH2", "OAUTH1", "OAUTH1A"]);
export const NO_AUTH_SCHEMES = new Set(["NO_AUTH", "NONE"]);

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
