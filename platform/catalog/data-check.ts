/**
 * Checking a toolkit data file beyond its zod schema (schema.ts): the rules that tie its parts
 * together (versions oldest first, known categories, tools' prefixes and versions, trigger
 * revisions), and that the forms built from it (forms.ts) satisfy the api/ contract the
 * clients parse with. Every problem is a line `file: field: message`.
 */
import type { z } from "zod";
import { Tool } from "../../api/tool-router";
import { ToolkitDetail, ToolkitSummary } from "../../api/toolkits";
import { TriggerType } from "../../api/triggers";
import type { Category } from "./catalog";
import type { ToolkitForms } from "./forms";
import type { CategoryRecord, ToolkitFile } from "./schema";

export function formatPath(path: readonly PropertyKey[], data: unknown): string {
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

export function issuesOf(file: string, error: z.ZodError, data: unknown): string[] {
  return error.issues.map((issue) => `${file}: ${formatPath(issue.path, data)}: ${issue.message}`);
}

/** The problems of a parsed toolkit file, and its categories (resolved from the categories file). */
export function checkToolkitFile(
  file: string,
  r: ToolkitFile,
  categoryBySlug: ReadonlyMap<string, CategoryRecord>,
): { problems: string[]; categories: Category[] } {
  const problems: string[] = [];
  const at = (path: string, message: string) => problems.push(`${file}: ${path}: ${message}`);

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
  return { problems, categories };
}

/** The problems of the forms built from `file`: each must match its api/ schema. */
export function checkServedForms(file: string, forms: ToolkitForms): string[] {
  const problems: string[] = [];
  const at = (path: string, message: string) => problems.push(`${file}: ${path}: ${message}`);
  const check = <S extends z.ZodType>(schema: S, value: unknown, what: string) => {
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) at(`${what}${issue.path.length ? "." : ""}${formatPath(issue.path, value)}`, issue.message);
    }
  };
  check(ToolkitSummary, forms.summary, "(summary form)");
  for (const [v, d] of forms.details) check(ToolkitDetail, d, `(detail form at ${v})`);
  for (const t of forms.tools) check(Tool, t, `(tool ${t.slug})`);
  for (const [v, list] of forms.triggers) for (const t of list) check(TriggerType, t, `(trigger type ${t.slug} at ${v})`);
  return problems;
}
