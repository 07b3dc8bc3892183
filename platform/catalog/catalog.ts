/**
 * The read-only catalog of the local platform: toolkits, their tools and trigger
 * types, loaded from the JSON files under `data/`, validated against the `api/`
 * contract, with the query functions the route handlers call.
 *
 * Every query returns fresh copies: callers may change what they get.
 */
import type { z } from "zod";
import { VERSION_PATTERN } from "../../api/common";
import { Tool } from "../../api/tool-router";
import { type AuthMode, type MANAGED_BY, type TOOLKIT_SORT, ToolkitDetail, ToolkitSummary } from "../../api/toolkits";
import { TriggerType } from "../../api/triggers";
import { CATEGORIES_FILE, type DataFile, TOOLKIT_FILES } from "./data-files";
import { CatalogDataError, CatalogError } from "./errors";
import {
  CategoriesFile,
  type CategoryRecord,
  ToolkitFile,
  type ToolRecord,
  type TriggerTypeRecord,
} from "./schema";
import { checkAgainstSchema } from "./schema-check";
import { rankTools } from "./search";

export type { Tool } from "../../api/tool-router";
export type { ToolkitDetail, ToolkitSummary, AuthMode } from "../../api/toolkits";
export type { TriggerType } from "../../api/triggers";

export type ManagedBy = (typeof MANAGED_BY)[number];
export type ToolkitSort = (typeof TOOLKIT_SORT)[number];

export interface ListToolkitsFilter {
  /** Category id, slug or name, case-insensitive. */
  category?: string | undefined;
  /** `platform`: platform toolkits; `project`: the project's own (local) toolkits; `all` (default): both. */
  managed_by?: ManagedBy | undefined;
  /** `usage` (default): most used first; `alphabetically`: by name. Ties by slug. */
  sort_by?: ToolkitSort | undefined;
  /** Deprecated toolkits are left out unless true or requested by slug. */
  include_deprecated?: boolean | undefined;
  /** Case-insensitive substring of name, slug or description. */
  search?: string | undefined;
  /** Only these slugs (case-insensitive); unknown slugs are ignored. */
  slugs?: readonly string[] | undefined;
}

/** `latest`, one version for every toolkit, or a version (or `latest`) per toolkit slug. */
export type ToolkitVersionsSelector = string | Readonly<Record<string, string>>;

export interface ListTriggerTypesFilter {
  toolkit_slugs?: readonly string[] | undefined;
  toolkit_versions?: ToolkitVersionsSelector | undefined;
}

export interface SearchToolsOptions {
  /** Only tools of these toolkits; deprecated toolkits named here are searched too. */
  toolkits?: readonly string[] | undefined;
  /** At most this many tools (10 unless set). */
  limit?: number | undefined;
}

export interface Category {
  id: string;
  slug: string;
  name: string;
}

interface Entry {
  file: string;
  record: ToolkitFile;
  categories: Category[];
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
  searchText: string;
}

const LATEST = "latest";
const DEFAULT_SEARCH_LIMIT = 10;

const clone = <T>(value: T): T => structuredClone(value);
const lower = (s: string) => s.toLowerCase();
const isLatest = (v: string | undefined | null) => v === undefined || v === null || v === "" || lower(v) === LATEST;

function formatPath(path: readonly PropertyKey[], data: unknown): string {
  let out = "";
  let node: unknown = data;
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : out === "" ? String(key) : `.${String(key)}`;
    node = node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    // Name list members by their slug: tools[3] (GITHUB_STAR_REPOSITORY).
    if (typeof key === "number" && node !== null && typeof node === "object") {
      const slug = (node as Record<string, unknown>).slug;
      if (typeof slug === "string") out += ` (${slug})`;
    }
  }
  return out === "" ? "(root)" : out;
}

function issuesOf(file: string, error: z.ZodError, data: unknown): string[] {
  return error.issues.map((issue) => `${file}: ${formatPath(issue.path, data)}: ${issue.message}`);
}

export class Catalog {
  private static cached: Catalog | undefined;

  private readonly entries: Entry[];
  private readonly bySlug: Map<string, Entry>;
  private readonly toolIndex: Map<string, { entry: Entry; tool: Tool }>;
  private readonly triggerIndex: Map<string, { entry: Entry; slug: string }>;
  private readonly categoryList: Category[];

  private constructor(entries: Entry[], categories: Category[]) {
    this.entries = entries;
    this.categoryList = categories;
    this.bySlug = new Map(entries.map((e) => [e.record.slug, e]));
    this.toolIndex = new Map();
    this.triggerIndex = new Map();
    for (const entry of entries) {
      for (const tool of entry.tools) this.toolIndex.set(tool.slug, { entry, tool });
      for (const list of entry.triggers.values()) {
        for (const t of list) this.triggerIndex.set(t.slug, { entry, slug: t.slug });
      }
    }
  }

  /** The catalog of the data files shipped with the package (loaded and validated once). */
  static load(): Catalog {
    Catalog.cached ??= Catalog.fromFiles(CATEGORIES_FILE, TOOLKIT_FILES);
    return Catalog.cached;
  }

  /**
   * A catalog from the given data; throws `CatalogDataError` listing every
   * problem as `file: field: message`.
   */
  static fromFiles(categoriesFile: DataFile, toolkitFiles: readonly DataFile[]): Catalog {
    const problems: string[] = [];
    const parsedCategories = CategoriesFile.safeParse(categoriesFile.data);
    if (!parsedCategories.success) {
      throw new CatalogDataError(issuesOf(categoriesFile.file, parsedCategories.error, categoriesFile.data));
    }
    const categories = parsedCategories.data.categories;
    const categoryBySlug = new Map<string, CategoryRecord>();
    for (const [i, c] of categories.entries()) {
      if (categoryBySlug.has(c.slug)) problems.push(`${categoriesFile.file}: categories[${i}].slug: duplicate category ${c.slug}`);
      categoryBySlug.set(c.slug, c);
    }

    const entries: Entry[] = [];
    const seenToolkits = new Map<string, string>();
    const seenSlugs = new Map<string, string>();
    for (const { file, data } of toolkitFiles) {
      const parsed = ToolkitFile.safeParse(data);
      if (!parsed.success) {
        problems.push(...issuesOf(file, parsed.error, data));
        continue;
      }
      const fileProblems: string[] = [];
      const entry = buildEntry(file, parsed.data, categoryBySlug, fileProblems);
      const where = (path: string) => `${file}: ${path}`;
      if (seenToolkits.has(parsed.data.slug)) {
        fileProblems.push(`${where("slug")}: toolkit ${parsed.data.slug} is also defined in ${seenToolkits.get(parsed.data.slug)}`);
      }
      seenToolkits.set(parsed.data.slug, file);
      const ownSlugs = [
        ...parsed.data.tools.map((t, i) => [t.slug, `tools[${i}].slug`] as const),
        ...parsed.data.trigger_types.map((t, i) => [t.slug, `trigger_types[${i}].slug`] as const),
      ];
      for (const [slug, path] of ownSlugs) {
        const other = seenSlugs.get(slug);
        if (other) fileProblems.push(`${where(path)}: ${slug} is also defined in ${other}`);
        seenSlugs.set(slug, file);
      }
      problems.push(...fileProblems);
      if (entry && fileProblems.length === 0) entries.push(entry);
    }
    if (problems.length > 0) throw new CatalogDataError(problems);
    entries.sort((a, b) => a.record.slug.localeCompare(b.record.slug));
    return new Catalog(entries, categories.map((c) => ({ ...c })));
  }

  // ---------------------------------------------------------------- toolkits

  /** Summary forms (latest versions), filtered and ordered, unpaginated. */
  listToolkits(filter: ListToolkitsFilter = {}): ToolkitSummary[] {
    const slugs = filter.slugs ? new Set(filter.slugs.map(lower)) : undefined;
    const category = filter.category?.trim() ? lower(filter.category.trim()) : undefined;
    const search = filter.search?.trim() ? lower(filter.search.trim()) : undefined;
    const managedBy = filter.managed_by ?? "all";
    const selected = this.entries.filter((e) => {
      const r = e.record;
      if (slugs && !slugs.has(r.slug)) return false;
      if (r.is_deprecated && !filter.include_deprecated && !slugs) return false;
      if (managedBy === "platform" && r.is_local_toolkit) return false;
      if (managedBy === "project" && !r.is_local_toolkit) return false;
      if (category && !e.categories.some((c) => [c.id, c.slug, c.name].some((v) => lower(v) === category))) return false;
      if (search && !e.searchText.includes(search)) return false;
      return true;
    });
    const bySlug = (a: Entry, b: Entry) => a.record.slug.localeCompare(b.record.slug);
    selected.sort(
      filter.sort_by === "alphabetically"
        ? (a, b) => a.record.name.localeCompare(b.record.name, "en", { sensitivity: "base" }) || bySlug(a, b)
        : (a, b) => b.record.usage - a.record.usage || bySlug(a, b),
    );
    return selected.map((e) => clone(e.summary));
  }

  /** Detail form at `version` (`latest` by default); undefined for an unknown slug or version. */
  getToolkit(slug: string, version?: string): ToolkitDetail | undefined {
    const entry = this.entry(slug);
    if (!entry) return undefined;
    const detail = entry.details.get(isLatest(version) ? entry.latest : (version as string));
    return detail ? clone(detail) : undefined;
  }

  /** Versions of a toolkit, newest first; undefined for an unknown slug. */
  availableVersions(slug: string): string[] | undefined {
    return this.entry(slug)?.versions.slice();
  }

  hasToolkit(slug: string): boolean {
    return this.entry(slug) !== undefined;
  }

  /** The canonical (lower case) slug of a toolkit, or undefined. */
  toolkitSlug(slug: string): string | undefined {
    return this.entry(slug)?.record.slug;
  }

  toolkitLogo(slug: string): string | undefined {
    return this.entry(slug)?.record.meta.logo;
  }

  /** Auth schemes (modes) of a toolkit; empty for a no-auth toolkit, undefined for an unknown slug. */
  authSchemes(slug: string): string[] | undefined {
    return this.entry(slug)?.authSchemes.slice();
  }

  /** The auth mode of a toolkit for a scheme (case-insensitive), with its field descriptors. */
  authMode(slug: string, scheme: string): AuthMode | undefined {
    const mode = this.entry(slug)?.record.auth_config_details.find((m) => lower(m.mode) === lower(scheme));
    return mode ? clone(mode) : undefined;
  }

  /** Schemes the platform can manage credentials for (no client id/secret needed). */
  platformManagedAuthSchemes(slug: string): string[] | undefined {
    return this.entry(slug)?.record.platform_managed_auth_schemes.slice();
  }

  isDeprecated(slug: string): boolean | undefined {
    return this.entry(slug)?.record.is_deprecated;
  }

  /** Every category any toolkit may carry. */
  categories(): Category[] {
    return this.categoryList.map((c) => ({ ...c }));
  }

  // ---------------------------------------------------------------- tools

  /** Tools of the latest toolkit versions, by toolkit slug then tool slug. */
  listTools(filter: { toolkits?: readonly string[] | undefined } = {}): Tool[] {
    return this.scope(filter.toolkits).flatMap((e) => e.tools.map(clone));
  }

  /** A tool by slug (case-insensitive). */
  getTool(slug: string): Tool | undefined {
    const hit = this.toolIndex.get(slug.toUpperCase());
    return hit ? clone(hit.tool) : undefined;
  }

  /**
   * Tools ranked by term match over slug, name, tags, toolkit and description.
   * Deprecated tools and toolkits are searched only when named in `toolkits`.
   */
  searchTools(query: string, opts: SearchToolsOptions = {}): Tool[] {
    const explicit = opts.toolkits !== undefined;
    const candidates = this.scope(opts.toolkits)
      .filter((e) => explicit || !e.record.is_deprecated)
      .flatMap((e) => e.tools.filter((t) => (explicit && e.record.is_deprecated) || !t.is_deprecated));
    return rankTools(candidates, query, Math.max(1, opts.limit ?? DEFAULT_SEARCH_LIMIT)).map(clone);
  }

  // ---------------------------------------------------------------- trigger types

  /**
   * Trigger types ordered by slug. `toolkit_versions`: `latest` (default), one
   * version for every selected toolkit, or a map from toolkit slug to version or
   * `latest` (toolkits not in the map use latest). An unknown toolkit or version
   * in it throws a `CatalogError` listing the available versions.
   */
  listTriggerTypes(filter: ListTriggerTypesFilter = {}): TriggerType[] {
    const selected = this.scope(filter.toolkit_slugs);
    const versions = this.resolveVersions(selected, filter.toolkit_versions, filter.toolkit_slugs !== undefined);
    return selected
      .filter((e) => versions.has(e))
      .flatMap((e) => e.triggers.get(versions.get(e) as string) ?? [])
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .map(clone);
  }

  /** A trigger type by slug (case-insensitive) at a toolkit version (latest by default). */
  getTriggerType(slug: string, version?: string): TriggerType | undefined {
    const hit = this.triggerIndex.get(slug.toUpperCase());
    if (!hit) return undefined;
    const at = isLatest(version) ? hit.entry.latest : (version as string);
    const found = hit.entry.triggers.get(at)?.find((t) => t.slug === hit.slug);
    return found ? clone(found) : undefined;
  }

  /**
   * Problems of a trigger configuration against the type's config schema
   * (latest version): missing required fields, wrong types, values outside
   * the options. Empty when it is valid; undefined for an unknown slug.
   */
  checkTriggerConfig(slug: string, config: Readonly<Record<string, unknown>>): string[] | undefined {
    const type = this.getTriggerType(slug);
    return type ? checkAgainstSchema(type.config, config, "trigger_config", type.slug) : undefined;
  }

  /**
   * Problems of an event's payload against the type's payload schema (latest version), each
   * naming its field under `payload.`; undefined for an unknown slug.
   */
  checkTriggerPayload(slug: string, payload: Readonly<Record<string, unknown>>): string[] | undefined {
    const type = this.getTriggerType(slug);
    return type ? checkAgainstSchema(type.payload, payload, "payload", type.slug) : undefined;
  }

  // ---------------------------------------------------------------- internals

  private entry(slug: string): Entry | undefined {
    return this.bySlug.get(lower(slug));
  }

  /** Entries in catalog order (by slug), restricted to `slugs` when given. */
  private scope(slugs: readonly string[] | undefined): Entry[] {
    if (slugs === undefined) return this.entries;
    const wanted = new Set(slugs.map(lower));
    return this.entries.filter((e) => wanted.has(e.record.slug));
  }

  private resolveVersions(
    selected: readonly Entry[],
    selector: ToolkitVersionsSelector | undefined,
    explicitToolkits: boolean,
  ): Map<Entry, string> {
    const out = new Map<Entry, string>();
    const unknownVersion = (e: Entry, version: string) =>
      new CatalogError(
        `toolkit_versions: ${e.record.slug} has no version ${version}; available versions: ${e.versions.join(", ")} (or latest)`,
        "toolkit_versions",
      );
    if (selector === undefined || typeof selector === "string") {
      if (selector === undefined || isLatest(selector)) {
        for (const e of selected) out.set(e, e.latest);
        return out;
      }
      if (!VERSION_PATTERN.test(selector)) {
        throw new CatalogError(`toolkit_versions: ${selector} is neither latest nor a version like 20250905_00`, "toolkit_versions");
      }
      for (const e of selected) {
        if (e.details.has(selector)) out.set(e, selector);
        else if (explicitToolkits) throw unknownVersion(e, selector);
      }
      if (out.size === 0 && selected.length > 0) {
        throw new CatalogError(`toolkit_versions: no toolkit has version ${selector}; name toolkits in toolkit_slugs or use latest`, "toolkit_versions");
      }
      return out;
    }
    const perToolkit = new Map<string, string>();
    for (const [slug, version] of Object.entries(selector)) {
      const entry = this.entry(slug);
      if (!entry) {
        throw new CatalogError(`toolkit_versions: unknown toolkit ${slug}`, "toolkit_versions");
      }
      if (!isLatest(version) && !entry.details.has(version)) throw unknownVersion(entry, version);
      perToolkit.set(entry.record.slug, isLatest(version) ? entry.latest : version);
    }
    for (const e of selected) out.set(e, perToolkit.get(e.record.slug) ?? e.latest);
    return out;
  }
}

// ------------------------------------------------------------------ building entries

function buildEntry(
  file: string,
  r: ToolkitFile,
  categoryBySlug: ReadonlyMap<string, CategoryRecord>,
  problems: string[],
): Entry | undefined {
  const at = (path: string, message: string) => problems.push(`${file}: ${path}: ${message}`);
  const start = problems.length;

  if (file !== `${r.slug}.json`) at("slug", `the file of toolkit ${r.slug} must be named ${r.slug}.json`);
  for (let i = 1; i < r.versions.length; i++) {
    if ((r.versions[i] as string) <= (r.versions[i - 1] as string)) at(`versions[${i}]`, "versions must be unique and oldest first");
  }
  const versionSet = new Set(r.versions);
  if (r.meta.updated_at < r.meta.created_at) at("meta.updated_at", "is before meta.created_at");

  const categories: Category[] = [];
  for (const [i, slug] of r.meta.categories.entries()) {
    const c = categoryBySlug.get(slug);
    if (c) categories.push({ ...c });
    else at(`meta.categories[${i}]`, `unknown category ${slug} (known: ${[...categoryBySlug.keys()].join(", ")})`);
  }

  const authSchemes = r.auth_config_details.map((m) => m.mode);
  for (const [i, mode] of authSchemes.entries()) {
    if (authSchemes.indexOf(mode) !== i) at(`auth_config_details[${i}].mode`, `duplicate auth mode ${mode}`);
  }
  for (const [i, scheme] of r.platform_managed_auth_schemes.entries()) {
    if (!authSchemes.includes(scheme)) at(`platform_managed_auth_schemes[${i}]`, `${scheme} is not one of the auth modes (${authSchemes.join(", ") || "none"})`);
  }
  for (const [i, mode] of r.auth_config_details.entries()) {
    for (const stage of ["auth_config_creation", "connected_account_initiation"] as const) {
      for (const kind of ["required", "optional"] as const) {
        for (const [j, field] of mode.fields[stage][kind].entries()) {
          if (field.required !== (kind === "required")) {
            at(`auth_config_details[${i}].fields.${stage}.${kind}[${j}].required`, `must be ${kind === "required"} in the ${kind} list`);
          }
        }
      }
    }
  }
  const noAuth = authSchemes.length === 0;

  const prefix = `${r.slug.toUpperCase()}_`;
  for (const [i, t] of r.tools.entries()) {
    if (!t.slug.startsWith(prefix)) at(`tools[${i}].slug`, `${t.slug} must start with ${prefix}`);
    if (t.since && !versionSet.has(t.since)) at(`tools[${i}].since`, `${t.since} is not one of the versions (${r.versions.join(", ")})`);
    if (noAuth && t.no_auth === false) at(`tools[${i}].no_auth`, "the toolkit has no auth modes, so its tools need none");
  }
  for (const [i, t] of r.trigger_types.entries()) {
    if (!t.slug.startsWith(prefix)) at(`trigger_types[${i}].slug`, `${t.slug} must start with ${prefix}`);
    const revisions = [t.version, ...(t.previous_versions ?? []).map((p) => p.version)];
    for (const [k, v] of revisions.entries()) {
      const path = k === 0 ? `trigger_types[${i}].version` : `trigger_types[${i}].previous_versions[${k - 1}].version`;
      if (!versionSet.has(v)) at(path, `${v} is not one of the versions (${r.versions.join(", ")})`);
      if (k > 0 && v >= (t.version as string)) at(path, `must be older than the newest revision ${t.version}`);
      if (revisions.indexOf(v) !== k) at(path, `duplicate revision ${v}`);
    }
    const schemas = [
      ["config", t.config],
      ...(t.previous_versions ?? []).map((p, k) => [`previous_versions[${k}].config`, p.config ?? {}] as const),
    ] as const;
    for (const [path, schema] of schemas) {
      for (const [name, field] of Object.entries(schema)) {
        if (field.type === "enum" && !field.options) at(`trigger_types[${i}].${path}.${name}.options`, "an enum field needs options");
      }
    }
  }
  if (problems.length > start) return undefined;

  const versionsDesc = [...r.versions].reverse();
  const latest = versionsDesc[0] as string;
  const logo = r.meta.logo;
  const toolkitRef = { slug: r.slug, name: r.name, logo };
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
      meta: {
        created_at: r.meta.created_at,
        updated_at: r.meta.updated_at,
        description: r.meta.description,
        logo,
        app_url: r.meta.app_url,
        categories: categories.map((c) => ({ ...c })),
        triggers_count: list.length,
        tools_count: toolsCount,
        version: v,
        available_versions: [...versionsDesc],
      },
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
    meta: {
      created_at: r.meta.created_at,
      updated_at: r.meta.updated_at,
      description: r.meta.description,
      logo,
      app_url: r.meta.app_url,
      categories: categories.map((c) => ({ ...c })),
      triggers_count: latestDetail.meta.triggers_count,
      tools_count: latestDetail.meta.tools_count,
      version: latest,
    },
  };

  // What is served must satisfy the contract the clients parse with.
  const check = <S extends z.ZodType>(schema: S, value: unknown, what: string) => {
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) at(`${what}${issue.path.length ? "." : ""}${formatPath(issue.path, value)}`, issue.message);
    }
  };
  check(ToolkitSummary, summary, "(summary form)");
  for (const [v, d] of details) check(ToolkitDetail, d, `(detail form at ${v})`);
  for (const t of tools) check(Tool, t, `(tool ${t.slug})`);
  for (const [v, list] of triggers) for (const t of list) check(TriggerType, t, `(trigger type ${t.slug} at ${v})`);
  if (problems.length > start) return undefined;

  return {
    file,
    record: r,
    categories,
    authSchemes,
    noAuth,
    versions: versionsDesc,
    latest,
    summary,
    details,
    tools,
    triggers,
    searchText: lower(`${r.name}\n${r.slug}\n${r.meta.description}`),
  };
}
