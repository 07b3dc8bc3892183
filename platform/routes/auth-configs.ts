/** Reading an auth config (its lifecycle routes: auth-config-lifecycle.ts). */
import type { FastifyInstance } from "fastify";
import type { AuthConfig, AuthMode } from "../../api";
import type { Catalog } from "../catalog";
import { notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { maskSecrets } from "../ids";
import type { AuthConfigRecord, ProxyConfigRecord, Store } from "../store";

/** The catalog's auth mode of a toolkit for a scheme, if the catalog knows it. */
export function authModeOf(catalog: Catalog, toolkit: string, scheme: string): AuthMode | undefined {
  return catalog.authMode(toolkit, scheme);
}

/** The proxy's key is a secret whatever its name says: masked like the credentials. */
function presentProxyConfig(proxy: ProxyConfigRecord | null): AuthConfig["proxy_config"] {
  if (!proxy) return null;
  const key = proxy.proxy_auth_key;
  return { proxy_url: proxy.proxy_url, ...(key ? { proxy_auth_key: maskSecrets({ secret: key }).secret as string } : {}) };
}

export function presentAuthConfig(store: Store, catalog: Catalog, record: AuthConfigRecord): AuthConfig {
  const mode = authModeOf(catalog, record.toolkit_slug, record.auth_scheme);
  const expected = mode
    ? [...mode.fields.connected_account_initiation.required, ...mode.fields.connected_account_initiation.optional]
    : [];
  const logo = catalog.toolkitLogo(record.toolkit_slug);
  return {
    id: record.id,
    uuid: record.uuid,
    type: record.type,
    toolkit: { slug: record.toolkit_slug, ...(logo ? { logo } : {}) },
    name: record.name,
    auth_scheme: record.auth_scheme,
    is_platform_managed: record.is_platform_managed,
    credentials: maskSecrets(record.credentials),
    proxy_config: presentProxyConfig(record.proxy_config),
    status: record.status,
    created_by: record.created_by,
    created_at: record.created_at,
    last_updated_at: record.updated_at,
    no_of_connections: store.authConfigs.connectionCount(record.id),
    expected_input_fields: expected.map((field) => ({ ...field })),
    restrict_to_following_tools: record.restrict_to_following_tools,
    tool_access_config: {
      tools_for_connected_account_creation: record.tools_for_connected_account_creation,
      tools_available_for_execution: record.restrict_to_following_tools,
    },
    shared_credentials: maskSecrets(record.shared_credentials),
    is_enabled_for_tool_router: true,
    deprecated_params: {
      default_connector_id: record.id,
      member_uuid: record.created_by,
      toolkit_id: record.toolkit_slug,
      expected_input_fields: [],
    },
  };
}

export default async function authConfigRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("getAuthConfig", ({ params, auth, store, catalog }) => {
      const record = store.authConfigs.get(auth.project.id, params.nanoid);
      if (!record) throw notFound("Auth config", params.nanoid);
      return presentAuthConfig(store, catalog, record);
    }),
  ]);
}
