/**
 * The forms the catalog serves for one toolkit file, built once at load: the summary, the
 * detail at every version, the tools of the latest version and the trigger types at every
 * version (each revision of a trigger type applies from its version on).
 */
import type { Tool } from "../../api/tool-router";
import type { ToolkitDetail, ToolkitSummary } from "../../api/toolkits";
import type { TriggerType } from "../../api/triggers";
import type { Category } from "./catalog";
import type { ToolkitFile, ToolRecord, TriggerTypeRecord } from "./schema";

export interface ToolkitForms {
  authSchemes: string[];
  noAuth: boolean;
  /** Newest first. */
  versions: string[];
  latest: string;
  summary: ToolkitSummary;
  /** Detail form per version. */
  details: Map<string, ToolkitDetail>;
  /** Tools of the latest version. */
  tools: Tool[];
  /** Trigger types per version. */
  triggers: Map<string, TriggerType[]>;
}

const clone = <T>(value: T): T => structuredClone(value);

/** The forms of a toolkit file that checkToolkitFile (data-check.ts) found right. */
export function buildForms(r: ToolkitFile, categories: readonly Category[]): ToolkitForms {
  const authSchemes = r.auth_config_details.map((m) => m.mode);
  const noAuth = authSchemes.length === 0;
  const versionsDesc = [...r.versions].reverse();
  const latest = versionsDesc[0] as string;
  const logo = r.meta.logo;
  const toolkitRef = { slug: r.slug, name: r.name, logo };
  /** What the summary's and every detail's `meta` share. */
  const meta = () => ({
    created_at: r.meta.created_at,
    updated_at: r.meta.updated_at,
    description: r.meta.description,
    logo,
    app_url: r.meta.app_url,
    categories: categories.map((c) => ({ ...c })),
  });
  const since = (t: ToolRecord) => t.since ?? (r.versions[0] as string);

  const toolOf = (t: ToolRecord): Tool => {
    const available = versionsDesc.filter((v) => v >= since(t));
    const isDeprecated = t.is_deprecated ?? r.is_deprecated;
    return {
      slug: t.slug,
      name: t.name,
      description: t.description,
      toolkit: { ...toolkitRef },
      input_parameters: clone(t.input_parameters),
      output_parameters: clone(t.output_parameters),
      no_auth: t.no_auth ?? noAuth,
      available_versions: available,
      version: latest,
      scopes: [...t.scopes],
      tags: [...t.tags],
      is_deprecated: isDeprecated,
      deprecated: {
        displayName: t.name,
        version: latest,
        available_versions: [...available],
        is_deprecated: isDeprecated,
        toolkit: { logo },
      },
    };
  };

  const triggerAt = (t: TriggerTypeRecord, version: string): TriggerType | undefined => {
    const revisions = [{ version: t.version }, ...(t.previous_versions ?? [])]
      .filter((rev) => rev.version <= version)
      .sort((a, b) => b.version.localeCompare(a.version));
    const rev = revisions[0];
    if (!rev) return undefined;
    const base = {
      slug: t.slug,
      name: t.name,
      description: t.description,
      instructions: t.instructions,
      type: t.type,
      toolkit: { ...toolkitRef },
      config: clone(t.config),
      payload: clone(t.payload),
      version: rev.version,
    };
    return rev.version === t.version ? base : { ...base, ...clone(rev) };
  };

  const triggers = new Map<string, TriggerType[]>();
  const details = new Map<string, ToolkitDetail>();
  for (const v of versionsDesc) {
    const list = r.trigger_types.map((t) => triggerAt(t, v)).filter((t): t is TriggerType => t !== undefined);
    triggers.set(v, list.sort((a, b) => a.slug.localeCompare(b.slug)));
    const toolsCount = r.tools.filter((t) => since(t) <= v).length;
    details.set(v, {
      slug: r.slug,
      name: r.name,
      enabled: r.enabled,
      is_deprecated: r.is_deprecated,
      platform_managed_auth_schemes: [...r.platform_managed_auth_schemes],
      is_local_toolkit: r.is_local_toolkit,
      auth_config_details: clone(r.auth_config_details),
      base_url: r.base_url,
      meta: { ...meta(), triggers_count: list.length, tools_count: toolsCount, version: v, available_versions: [...versionsDesc] },
      ...(r.get_current_user_endpoint ? { get_current_user_endpoint: r.get_current_user_endpoint } : {}),
      ...(r.get_current_user_endpoint_method ? { get_current_user_endpoint_method: r.get_current_user_endpoint_method } : {}),
      deprecated: {
        toolkitId: r.legacy_id,
        ...(r.get_current_user_endpoint ? { getCurrentUserEndpoint: r.get_current_user_endpoint } : {}),
        rawProxyInfoByAuthSchemes: r.auth_config_details.map((m) => ({
          auth_scheme: m.mode,
          ...(m.proxy ? { base_url: m.proxy.base_url } : {}),
        })),
      },
    });
  }

  const tools = r.tools.map(toolOf).sort((a, b) => a.slug.localeCompare(b.slug));
  const latestDetail = details.get(latest) as ToolkitDetail;
  const summary: ToolkitSummary = {
    slug: r.slug,
    name: r.name,
    auth_schemes: [...authSchemes],
    platform_managed_auth_schemes: [...r.platform_managed_auth_schemes],
    is_local_toolkit: r.is_local_toolkit,
    no_auth: noAuth,
    is_deprecated: r.is_deprecated,
    deprecated: { toolkitId: r.legacy_id },
    meta: { ...meta(), triggers_count: latestDetail.meta.triggers_count, tools_count: latestDetail.meta.tools_count, version: latest },
  };

  return { authSchemes, noAuth, versions: versionsDesc, latest, summary, details, tools, triggers };
}
