/**
 * The read-only catalog of the local platform: toolkits, their tools and trigger
 * types, loaded from the JSON files under `data/`, validated against the `api/`
 * contract, with the query functions the route handlers call.
 *
 * Every query returns fresh copies: callers may change what they get.
 */
import { VERSION_PATTERN } from "../../api/common";
import type { Tool } from "../../api/tool-router";
import type { AuthMode, MANAGED_BY, TOOLKIT_SORT, ToolkitDetail, ToolkitSummary } from "../../api/toolkits";
import type { TriggerType } from "../../api/triggers";
import { checkServedForms, checkToolkitFile, issuesOf } from "./data-check";
import { CATEGORIES_FILE, type DataFile, TOOLKIT_FILES } from "./data-files";
import { CatalogDataError, CatalogError } from "./errors";
import { buildForms, type ToolkitForms } from "./forms";
import { CategoriesFile, type CategoryRecord, ToolkitFile } from "./schema";
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

interface Entry extends ToolkitForms {
  file: string;
  record: ToolkitFile;
  categories: Category[];
  searchText: string;
}

const LATEST = "latest";
const DEFAULT_SEARCH_LIMIT = 10;

const clone = <T>(value: T): T => structuredClone(value);
const lower = (s: string) => s.toLowerCase();
const isLatest = (v: string | undefined | null) => v === undefined || v === null || v === "" || lower(v) === LATEST;

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

/** A toolkit file checked and turned into the forms the catalog serves; undefined (and `problems` added) when it is wrong. */
function buildEntry(file: string, r: ToolkitFile, categoryBySlug: ReadonlyMap<string, CategoryRecord>, problems: string[]): Entry | undefined {
  const checked = checkToolkitFile(file, r, categoryBySlug);
  if (checked.problems.length) {
    problems.push(...checked.problems);
    return undefined;
  }
  const forms = buildForms(r, checked.categories);
  const contractProblems = checkServedForms(file, forms);
  if (contractProblems.length) {
    problems.push(...contractProblems);
    return undefined;
  }
  return { file, record: r, categories: checked.categories, ...forms, searchText: lower(`${r.name}\n${r.slug}\n${r.meta.description}`) };
}
