/**
 * The AuthConfig provider: what is particular to it beside the shared
 * lifecycle. The API's create body nests the kind (`use_platform_managed_auth`
 * or `use_custom_auth`) and its PATCH differs by kind (`default` takes scopes,
 * `custom` takes the credentials whole), so both are built here; `enabled` is
 * a separate status call. Secret credentials come back masked (`…` and the
 * last four characters): a masked value that fits the declared one counts as
 * it, so refresh still sees a secret changed out of band.
 */
import { z } from "zod";
import { CreateAuthConfigBody, CustomAuthConfigInput, ProxyConfig, type AuthConfig, type UpdateAuthConfigBody } from "../../api";
import type { IntegrationPlatformClient } from "../client";
import { labelFailure, unlessNotFound } from "../errors";
import { projectClient } from "../clients";
import { changedKeys, definedOnly } from "./diff";
import { keysOf, outputsFromApi, providerInputs } from "./fields";
import { resourceProvider } from "./lifecycle";
import { AUTH_CONFIG, type AuthConfigInputs, type AuthConfigOutputs } from "./auth-config.schema";

const UPDATABLE = keysOf(AUTH_CONFIG, "update");
/** The inputs one PATCH /auth_configs/{id} carries; `enabled` has its own call. */
const PATCHED = UPDATABLE.filter((key) => key !== "enabled");

/** What `check` validates the table's API fields with: the create body's own rules. */
const DeclaredFields = z.object({
  name: CustomAuthConfigInput.shape.name,
  credentials: CustomAuthConfigInput.shape.credentials,
  restrict_to_following_tools: CustomAuthConfigInput.shape.restrict_to_following_tools,
  auth_scheme: CustomAuthConfigInput.shape.authScheme.optional(),
  is_platform_managed: z.boolean().optional(),
});

/** How the platform shows a secret: `…` and its last four characters. */
function fitsMasked(shown: unknown, declared: string | undefined): boolean {
  return typeof shown === "string" && declared !== undefined && (shown === declared || shown === `…${declared.slice(-4)}`);
}

/** Scopes as stored: a comma-separated string (custom OAuth's credential field) or a list. */
function scopesOf(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return value.split(",").map((s) => s.trim()).filter(Boolean);
  return undefined;
}

/**
 * The live value of each input; secrets that fit their masked form are the declared ones. A secret
 * not declared (`pulumi import`) stays out: the API shows it masked only, and the masked form recorded
 * as the input would be sent back as the secret by the next PATCH.
 */
function liveInputs(live: AuthConfig, declared: Partial<AuthConfigOutputs>): Partial<AuthConfigInputs> {
  const { scopes, ...shown } = live.credentials ?? {};
  const credentials =
    declared.credentials === undefined
      ? undefined
      : Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, fitsMasked(v, declared.credentials?.[k]) ? declared.credentials![k]! : String(v)]));
  const proxyKey = live.proxy_config?.proxy_auth_key;
  return {
    toolkit: live.toolkit.slug,
    platformManaged: live.is_platform_managed,
    authScheme: live.auth_scheme,
    name: live.name,
    credentials,
    scopes: scopesOf(scopes),
    proxyUrl: live.proxy_config?.proxy_url,
    proxyAuthKey: proxyKey === undefined || declared.proxyAuthKey === undefined || fitsMasked(proxyKey, declared.proxyAuthKey) ? declared.proxyAuthKey : proxyKey,
    restrictToFollowingTools: live.restrict_to_following_tools,
    toolsForConnectedAccountCreation: live.tool_access_config?.tools_for_connected_account_creation,
    enabled: live.status === "ENABLED",
  };
}

function outputs(_id: string, live: AuthConfig, declared: Partial<AuthConfigOutputs>): AuthConfigOutputs {
  return { ...providerInputs(AUTH_CONFIG, declared), ...liveInputs(live, declared), ...outputsFromApi(AUTH_CONFIG, live) } as AuthConfigOutputs;
}

/** Custom credentials as the API takes them: the scheme's fields, scopes as its comma-separated field. */
function customCredentials(inputs: AuthConfigInputs): Record<string, string> {
  return { ...inputs.credentials, ...(inputs.scopes ? { scopes: inputs.scopes.join(",") } : {}) };
}

function proxyConfig(inputs: AuthConfigInputs) {
  return inputs.proxyUrl === undefined ? undefined : definedOnly({ proxy_url: inputs.proxyUrl, proxy_auth_key: inputs.proxyAuthKey });
}

function toolAccess(inputs: AuthConfigInputs, keys: readonly string[]) {
  const access = definedOnly({
    tools_available_for_execution: keys.includes("restrictToFollowingTools") ? inputs.restrictToFollowingTools : undefined,
    tools_for_connected_account_creation: keys.includes("toolsForConnectedAccountCreation") ? inputs.toolsForConnectedAccountCreation : undefined,
  });
  return Object.keys(access).length ? access : undefined;
}

function createBody(inputs: AuthConfigInputs): CreateAuthConfigBody {
  const tool_access_config = toolAccess(inputs, UPDATABLE);
  const auth_config =
    inputs.platformManaged === false
      ? { type: "use_custom_auth" as const, authScheme: inputs.authScheme ?? "", name: inputs.name, credentials: customCredentials(inputs), proxy_config: proxyConfig(inputs), tool_access_config }
      : { type: "use_platform_managed_auth" as const, name: inputs.name, credentials: inputs.scopes ? { scopes: inputs.scopes } : undefined, tool_access_config };
  return { toolkit: { slug: inputs.toolkit }, auth_config: definedOnly(auth_config) as NonNullable<CreateAuthConfigBody["auth_config"]> };
}

/** The one PATCH for the changed inputs: `default` (platform-managed) or `custom` (credentials whole). */
function patchBody(inputs: AuthConfigInputs, changed: readonly string[]): UpdateAuthConfigBody {
  const tool_access_config = toolAccess(inputs, changed);
  if (inputs.platformManaged === false) {
    const proxy = changed.includes("proxyUrl") || changed.includes("proxyAuthKey") ? proxyConfig(inputs) : undefined;
    return definedOnly({ type: "custom" as const, credentials: customCredentials(inputs), proxy_config: proxy, tool_access_config }) as UpdateAuthConfigBody;
  }
  return definedOnly({ type: "default" as const, scopes: changed.includes("scopes") ? inputs.scopes : undefined, tool_access_config }) as UpdateAuthConfigBody;
}

/** Sends what differs: one PATCH, then the status call; answers the auth config as it now is. */
async function reconcile(client: IntegrationPlatformClient, id: string, changed: string[], wanted: AuthConfigInputs): Promise<AuthConfig> {
  const patched = changed.filter((key) => PATCHED.includes(key));
  let live = patched.length ? await labelFailure(`updating auth config "${id}"`, () => client.authConfigs.update(id, patchBody(wanted, patched))) : undefined;
  if (changed.includes("enabled")) {
    const status = wanted.enabled === false ? "DISABLED" : "ENABLED";
    await labelFailure(`setting auth config "${id}" ${status}`, () => client.authConfigs.setStatus(id, status));
    live = undefined;
  }
  return live ?? (await labelFailure(`reading auth config "${id}"`, () => client.authConfigs.get(id)));
}

/** Rules of the kinds the API schemas cannot state per input. */
function kindProblems(news: AuthConfigInputs): { property: string; reason: string }[] {
  const custom = news.platformManaged === false;
  const problems: { property: string; reason: string }[] = [];
  const customOnly = ["authScheme", "credentials", "proxyUrl", "proxyAuthKey"] as const;
  if (custom && news.authScheme === undefined) problems.push({ property: "authScheme", reason: "authScheme is required for custom auth (platformManaged: false), e.g. OAUTH2 or API_KEY" });
  if (!custom) {
    for (const key of customOnly) {
      if (news[key] !== undefined) problems.push({ property: key, reason: `${key} is for custom auth: set platformManaged: false, or remove ${key} (the platform's app has its own)` });
    }
  }
  if (news.credentials && "scopes" in news.credentials) problems.push({ property: "credentials.scopes", reason: "declare scopes with the scopes input, not in credentials" });
  if (news.proxyAuthKey !== undefined && news.proxyUrl === undefined) problems.push({ property: "proxyAuthKey", reason: "proxyAuthKey needs proxyUrl" });
  if (typeof news.proxyUrl === "string") {
    const proxy = ProxyConfig.safeParse({ proxy_url: news.proxyUrl });
    if (!proxy.success) problems.push({ property: "proxyUrl", reason: `proxyUrl ${proxy.error.issues[0]?.message ?? "is invalid"}` });
  }
  return problems;
}

export = resourceProvider({
  schema: AUTH_CONFIG,
  body: DeclaredFields,
  checkMore: kindProblems,

  find: (id, declared) => unlessNotFound(() => projectClient(declared.apiKey).authConfigs.get(id)),
  // A platform-managed config's scheme is the platform's choice: declared, it would fail check ("authScheme is for custom auth").
  readInputs: (live, props) => ({ ...providerInputs(AUTH_CONFIG, props), ...liveInputs(live, props), ...(live.is_platform_managed ? { authScheme: undefined } : {}) }),
  outputs,

  // The toolkit, kind, scheme and name cannot change in place: adopting one that differs would replace it at once.
  adoptMismatch(live, inputs) {
    const kind = (managed: boolean) => (managed ? "platform-managed" : "custom");
    if (live.toolkit.slug !== inputs.toolkit) return `it is an auth config of ${live.toolkit.slug}; declare toolkit "${live.toolkit.slug}".`;
    if (live.is_platform_managed !== (inputs.platformManaged !== false)) return `it uses ${kind(live.is_platform_managed)} auth; declare platformManaged: ${live.is_platform_managed}.`;
    if (inputs.authScheme !== undefined && inputs.authScheme.toUpperCase() !== live.auth_scheme.toUpperCase()) return `it uses ${live.auth_scheme}; declare authScheme "${live.auth_scheme}".`;
    if (inputs.name !== undefined && inputs.name !== live.name) return `it is named "${live.name}"; declare name "${live.name}".`;
    return undefined;
  },

  async adopt(live, inputs) {
    const changed = changedKeys(UPDATABLE, liveInputs(live, inputs), inputs);
    const adopted = changed.length ? await reconcile(projectClient(inputs.apiKey), live.id, changed, inputs) : live;
    return { id: live.id, outs: outputs(live.id, adopted, inputs) };
  },

  async create(inputs, request) {
    const client = projectClient(inputs.apiKey);
    const body = CreateAuthConfigBody.parse(createBody(inputs));
    const { auth_config: made } = await labelFailure(`creating ${inputs.toolkit} auth config`, () => client.authConfigs.create(body, request));
    const live = await reconcile(client, made.id, inputs.enabled === false ? ["enabled"] : [], inputs);
    return { id: made.id, outs: outputs(made.id, live, inputs) };
  },

  async update(id, olds, news, changed) {
    if (changed.length === 0) return { ...olds, ...definedOnly({ ...news }) };
    return outputs(id, await reconcile(projectClient(news.apiKey), id, changed, news), news);
  },

  async remove(id, props) {
    await projectClient(props.apiKey).authConfigs.delete(id);
  },
});
