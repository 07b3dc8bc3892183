/**
 * Making and managing auth configs through the v3 API (the companion endpoints of DESIGN.md):
 * create (platform-managed where the toolkit offers it, or custom with one of the toolkit's
 * schemes and the credentials that scheme needs), list, change, enable/disable, soft delete.
 * Reading one is in auth-configs.ts.
 */
import type { FastifyInstance } from "fastify";
import type { AuthConfigRecord, Store } from "../store";
import type { Catalog } from "../catalog";
import { badRequest, notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { cursorPage } from "../http/pagination";
import { presentAuthConfig } from "./auth-configs";
import { missingCredentials } from "./connected-accounts";

interface ToolLists {
  restrict_to_following_tools?: string[] | undefined;
  tool_access_config?: { tools_for_connected_account_creation?: string[] | undefined; tools_available_for_execution?: string[] | undefined } | undefined;
}

/** Problems of the tool slugs of a body: unknown tools and tools of another toolkit, each named by its field. */
function toolProblems(catalog: Catalog, toolkit: string, body: ToolLists, prefix: string): string[] {
  const problems: string[] = [];
  const check = (field: string, slugs: string[] | undefined) =>
    slugs?.forEach((slug, i) => {
      const tool = catalog.getTool(slug);
      if (!tool) problems.push(`${prefix}${field}[${i}]: unknown tool ${JSON.stringify(slug)}`);
      else if (tool.toolkit.slug !== toolkit) problems.push(`${prefix}${field}[${i}]: ${tool.slug} is a tool of ${tool.toolkit.slug}, not ${toolkit}`);
    });
  check("restrict_to_following_tools", body.restrict_to_following_tools);
  check("tool_access_config.tools_for_connected_account_creation", body.tool_access_config?.tools_for_connected_account_creation);
  check("tool_access_config.tools_available_for_execution", body.tool_access_config?.tools_available_for_execution);
  return problems;
}

/** Required auth_config_creation fields of a custom scheme missing from `credentials`. */
function credentialProblems(catalog: Catalog, toolkit: string, scheme: string, credentials: Record<string, unknown>, prefix: string): string[] {
  return missingCredentials(catalog, toolkit, scheme, credentials, "auth_config_creation").map(
    (name) => `${prefix}credentials.${name}: is required for a custom ${scheme} auth config`,
  );
}

function throwIfAny(problems: string[]): void {
  if (problems.length) throw badRequest(`Invalid body: ${problems.join("; ")}`, problems);
}

function liveAuthConfig(store: Store, projectId: string, id: string): AuthConfigRecord {
  const record = store.authConfigs.get(projectId, id);
  if (!record) throw notFound("Auth config", id);
  return record;
}

export default async function authConfigLifecycleRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("createAuthConfig", ({ body, auth, store, catalog, at }) => {
      const toolkit = catalog.getToolkit(body.toolkit.slug);
      if (!toolkit) throw badRequest("Unknown toolkit", [`toolkit.slug: unknown toolkit ${JSON.stringify(body.toolkit.slug)}`]);
      const schemes = catalog.authSchemes(toolkit.slug) ?? [];
      const offered = schemes.length ? schemes : ["NO_AUTH"];
      const managed = catalog.platformManagedAuthSchemes(toolkit.slug) ?? [];
      // No auth_config: platform-managed where offered; a toolkit without auth needs no credentials at all.
      const input = body.auth_config ?? (schemes.length ? { type: "use_platform_managed_auth" as const } : { type: "use_custom_auth" as const, authScheme: "NO_AUTH" });
      const problems = toolProblems(catalog, toolkit.slug, input, "auth_config.");
      let scheme: string;
      let credentials: Record<string, unknown>;
      if (input.type === "use_platform_managed_auth") {
        if (!managed.length) {
          throw badRequest(`Toolkit ${toolkit.slug} offers no platform-managed auth`, [
            `auth_config.type: ${toolkit.slug} offers no platform-managed auth; use use_custom_auth with one of: ${offered.join(", ")}`,
          ]);
        }
        scheme = managed[0]!;
        credentials = { ...(input.credentials ?? {}) };
      } else {
        const found = offered.find((s) => s.toLowerCase() === input.authScheme.toLowerCase());
        if (!found) {
          throw badRequest(`Toolkit ${toolkit.slug} does not support ${input.authScheme}`, [
            `auth_config.authScheme: must be one of: ${offered.join(", ")}`,
          ]);
        }
        scheme = found;
        credentials = { ...(input.credentials ?? {}) };
        problems.push(...credentialProblems(catalog, toolkit.slug, scheme, credentials, "auth_config."));
      }
      throwIfAny(problems);
      const custom = input.type === "use_custom_auth";
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
    }),

    defineHandler("listAuthConfigs", ({ query, auth, store, catalog }) => {
      const records = store.authConfigs.list(auth.project.id, {
        toolkitSlug: query.toolkit_slug,
        isPlatformManaged: query.is_platform_managed,
        search: query.search,
        showDisabled: query.show_disabled === true,
      });
      return cursorPage(records.map((record) => presentAuthConfig(store, catalog, record)), query);
    }),

    defineHandler("updateAuthConfig", ({ params, body, auth, store, catalog, at }) => {
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
    }),

    defineHandler("setAuthConfigStatus", ({ params, auth, store, at }) => {
      const record = liveAuthConfig(store, auth.project.id, params.nanoid);
      if (record.status !== params.status) store.authConfigs.setStatus(record.id, params.status, at);
      return { id: record.id, status: params.status };
    }),

    defineHandler("deleteAuthConfig", ({ params, auth, store, at }) => {
      const record = liveAuthConfig(store, auth.project.id, params.nanoid);
      store.authConfigs.softDelete(record.id, at);
      return { id: record.id, deleted: true };
    }),
  ]);
}
