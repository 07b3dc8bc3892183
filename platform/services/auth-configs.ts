/** Auth configs: creating one in a project (the local admin surface, the seed, tests) and its answer form. */
import { z } from "zod";
import type { AuthConfig, AuthMode } from "../../api";
import type { Catalog } from "../catalog";
import { badRequest } from "../errors";
import { maskSecrets } from "../ids";
import type { AuthConfigRecord, ProxyConfigRecord, Store } from "../store";
import { missingCredentials } from "./connected-accounts";

/** The input of `createAuthConfig`: the body of POST /_local/auth_configs. */
export const NewAuthConfigInput = z.strictObject({
  project_id: z.string().min(1),
  toolkit: z.string().min(1),
  name: z.string().min(1).max(100).optional(),
  auth_scheme: z.string().min(1).optional(),
  is_platform_managed: z.boolean().optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
  restrict_to_following_tools: z.array(z.string().min(1)).optional(),
});
export type NewAuthConfigInput = z.input<typeof NewAuthConfigInput>;

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

/** Creates an auth config in a project of the organization; a 400 names what is unknown or unsupported. */
export function createAuthConfig(
  store: Store,
  catalog: Catalog,
  orgId: string,
  createdBy: string,
  input: z.output<typeof NewAuthConfigInput>,
  at: string,
): AuthConfigRecord {
  const project = store.projects.getInOrg(orgId, input.project_id);
  if (!project) throw badRequest("Unknown project", [`project_id: no project ${JSON.stringify(input.project_id)} in this organization`]);
  const toolkit = catalog.getToolkit(input.toolkit);
  if (!toolkit) throw badRequest("Unknown toolkit", [`toolkit: unknown toolkit ${JSON.stringify(input.toolkit)}`]);
  const schemes = catalog.authSchemes(toolkit.slug) ?? [];
  const scheme = input.auth_scheme ?? schemes[0] ?? "NO_AUTH";
  if (schemes.length ? !schemes.includes(scheme) : scheme !== "NO_AUTH") {
    throw badRequest(`Toolkit ${toolkit.slug} does not support ${scheme}`, [
      `auth_scheme: must be one of: ${schemes.length ? schemes.join(", ") : "NO_AUTH"}`,
    ]);
  }
  const errors: string[] = [];
  input.restrict_to_following_tools?.forEach((slug, i) => {
    if (!catalog.getTool(slug)) errors.push(`restrict_to_following_tools[${i}]: unknown tool ${JSON.stringify(slug)}`);
  });
  if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
  return store.authConfigs.create({
    projectId: project.id,
    toolkitSlug: toolkit.slug,
    name: input.name ?? `${toolkit.name} ${scheme.toLowerCase()}`,
    authScheme: scheme,
    isPlatformManaged: input.is_platform_managed ?? scheme.startsWith("OAUTH"),
    credentials: input.credentials ?? {},
    restrictToFollowingTools: input.restrict_to_following_tools ?? [],
    createdBy,
    at,
  });
}

/** The tool lists of an auth config body (create or update). */
export interface AuthConfigToolLists {
  restrict_to_following_tools?: string[] | undefined;
  tool_access_config?: { tools_for_connected_account_creation?: string[] | undefined; tools_available_for_execution?: string[] | undefined } | undefined;
}

/** Problems of the tool slugs of a body: unknown tools and tools of another toolkit, each named by its field. */
export function toolProblems(catalog: Catalog, toolkit: string, body: AuthConfigToolLists, prefix: string): string[] {
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
export function credentialProblems(catalog: Catalog, toolkit: string, scheme: string, credentials: Record<string, unknown>, prefix: string): string[] {
  return missingCredentials(catalog, toolkit, scheme, credentials, "auth_config_creation").map(
    (name) => `${prefix}credentials.${name}: is required for a custom ${scheme} auth config`,
  );
}
