/**
 * Auth configs through the v3 API: create (platform-managed where the toolkit offers it, or custom
 * with one of the toolkit's schemes and the credentials that scheme needs), list, read, change,
 * enable/disable, soft delete. The local admin surface also creates them (/_local/auth_configs).
 */
import { badRequest, foundOr404 } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { paginateByCursor } from "../pagination";
import { credentialProblems, presentAuthConfig, toolProblems } from "../services/auth-configs";
import type { AuthConfigRecord, Store } from "../store";

function throwIfAny(problems: string[]): void {
  if (problems.length) throw badRequest(`Invalid body: ${problems.join("; ")}`, problems);
}

const liveAuthConfig = (store: Store, projectId: string, id: string): AuthConfigRecord => foundOr404(store.authConfigs.get(projectId, id), "Auth config", id);

export const authConfigHandlers = {
  createAuthConfig: ({ body, auth, store, catalog, at }) => {
    const toolkit = catalog.getToolkit(body.toolkit.slug);
    if (!toolkit) throw badRequest("Unknown toolkit", [`toolkit.slug: unknown toolkit ${JSON.stringify(body.toolkit.slug)}`]);
    const schemes = catalog.authSchemes(toolkit.slug) ?? [];
    const offered = schemes.length ? schemes : ["NO_AUTH"];
    const managed = catalog.platformManagedAuthSchemes(toolkit.slug) ?? [];
    // No auth_config: platform-managed where offered; a toolkit without auth needs no credentials at all.
    const input = body.auth_config ?? (schemes.length ? { type: "use_platform_managed_auth" as const } : { type: "use_custom_auth" as const, authScheme: "NO_AUTH" });
    const problems = toolProblems(catalog, toolkit.slug, input, "auth_config.");
    let scheme: string;
    if (input.type === "use_platform_managed_auth") {
      if (!managed.length) {
        throw badRequest(`Toolkit ${toolkit.slug} offers no platform-managed auth`, [
          `auth_config.type: ${toolkit.slug} offers no platform-managed auth; use use_custom_auth with one of: ${offered.join(", ")}`,
        ]);
      }
      scheme = managed[0]!;
    } else {
      const found = offered.find((s) => s.toLowerCase() === input.authScheme.toLowerCase());
      if (!found) {
        throw badRequest(`Toolkit ${toolkit.slug} does not support ${input.authScheme}`, [
          `auth_config.authScheme: must be one of: ${offered.join(", ")}`,
        ]);
      }
      scheme = found;
    }
    const credentials = { ...(input.credentials ?? {}) };
    const custom = input.type === "use_custom_auth";
    if (custom) problems.push(...credentialProblems(catalog, toolkit.slug, scheme, credentials, "auth_config."));
    throwIfAny(problems);
    const record = store.authConfigs.create({
      projectId: auth.project.id,
      toolkitSlug: toolkit.slug,
      name: input.name ?? `${toolkit.name} ${scheme.toLowerCase()}`,
      authScheme: scheme,
      type: custom ? "custom" : "default",
      isPlatformManaged: !custom,
      credentials,
      proxyConfig: custom ? (input.proxy_config ?? null) : null,
      sharedCredentials: input.shared_credentials ?? {},
      restrictToFollowingTools: input.restrict_to_following_tools ?? input.tool_access_config?.tools_available_for_execution ?? [],
      toolsForConnectedAccountCreation: input.tool_access_config?.tools_for_connected_account_creation ?? [],
      createdBy: auth.key.org_member_id,
      at,
    });
    return {
      auth_config: {
        id: record.id,
        auth_scheme: record.auth_scheme,
        is_platform_managed: record.is_platform_managed,
        restrict_to_following_tools: record.restrict_to_following_tools,
      },
      toolkit: { slug: record.toolkit_slug },
    };
  },

  listAuthConfigs: ({ query, auth, store, catalog }) => {
    const records = store.authConfigs.list(auth.project.id, {
      toolkitSlug: query.toolkit_slug,
      isPlatformManaged: query.is_platform_managed,
      search: query.search,
      showDisabled: query.show_disabled === true,
    });
    // Page first: presenting masks secrets and counts connections (a query per row), so only the page pays for it.
    const page = paginateByCursor(records, query);
    return { ...page, items: page.items.map((record) => presentAuthConfig(store, catalog, record)) };
  },

  getAuthConfig: ({ params, auth, store, catalog }) => presentAuthConfig(store, catalog, liveAuthConfig(store, auth.project.id, params.nanoid)),

  updateAuthConfig: ({ params, body, auth, store, catalog, at }) => {
    const record = liveAuthConfig(store, auth.project.id, params.nanoid);
    if (body.type === "custom" && record.is_platform_managed) {
      throw badRequest("This auth config is platform-managed", [`type: ${record.id} is platform-managed; send type "default"`]);
    }
    if (body.type === "default" && !record.is_platform_managed) {
      throw badRequest("This auth config uses custom auth", [`type: ${record.id} uses custom auth; send type "custom" with its credentials`]);
    }
    const problems = toolProblems(catalog, record.toolkit_slug, body, "");
    if (body.type === "custom") problems.push(...credentialProblems(catalog, record.toolkit_slug, record.auth_scheme, body.credentials, ""));
    throwIfAny(problems);
    const tools = body.tool_access_config;
    store.authConfigs.update(
      record.id,
      {
        ...(body.type === "custom" ? { credentials: body.credentials } : {}),
        ...(body.type === "custom" && body.proxy_config !== undefined ? { proxyConfig: body.proxy_config } : {}),
        ...(body.type === "default" && body.scopes !== undefined ? { credentials: { ...record.credentials, scopes: body.scopes } } : {}),
        ...(body.shared_credentials !== undefined ? { sharedCredentials: body.shared_credentials } : {}),
        ...(tools?.tools_available_for_execution !== undefined ? { restrictToFollowingTools: tools.tools_available_for_execution } : {}),
        ...(tools?.tools_for_connected_account_creation !== undefined
          ? { toolsForConnectedAccountCreation: tools.tools_for_connected_account_creation }
          : {}),
      },
      at,
    );
    return presentAuthConfig(store, catalog, liveAuthConfig(store, auth.project.id, record.id));
  },

  setAuthConfigStatus: ({ params, auth, store, at }) => {
    const record = liveAuthConfig(store, auth.project.id, params.nanoid);
    if (record.status !== params.status) store.authConfigs.setStatus(record.id, params.status, at);
    return { id: record.id, status: params.status };
  },

  deleteAuthConfig: ({ params, auth, store, at }) => {
    const record = liveAuthConfig(store, auth.project.id, params.nanoid);
    store.authConfigs.softDelete(record.id, at);
    return { id: record.id, deleted: true };
  },
} satisfies HandlerGroup;
