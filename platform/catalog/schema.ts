/**
 * The format of the data files under `data/`. Strict objects, so a misspelt
 * key fails the load instead of silently vanishing. What the catalog serves is
 * built from these records and checked again against the `api/` schemas.
 */
import { z } from "zod";
import { Timestamp, Version } from "../../api/common";
import { ToolParameter } from "../../api/tool-router";
import { AuthMode } from "../../api/toolkits";

export const TOOLKIT_SLUG_PATTERN = /^[a-z][a-z0-9_]*$/;
const Slug = z.string().regex(TOOLKIT_SLUG_PATTERN, "must be lower case letters, digits and underscores");
const UpperSlug = z.string().regex(/^[A-Z][A-Z0-9_]*$/, "must be upper case letters, digits and underscores");

export const CategoryRecord = z.strictObject({
  id: z.string().min(1),
  slug: Slug.or(z.string().regex(/^[a-z][a-z0-9-]*$/, "must be lower case letters, digits and hyphens")),
  name: z.string().min(1),
});
export type CategoryRecord = z.infer<typeof CategoryRecord>;
export const CategoriesFile = z.strictObject({ categories: z.array(CategoryRecord).min(1) });

export const ToolRecord = z.strictObject({
  slug: UpperSlug,
  name: z.string().min(1),
  description: z.string().min(1),
  /** First toolkit version holding the tool; the toolkit's first version when absent. */
  since: Version.optional(),
  /** Defaults to the toolkit's: true when the toolkit has no auth modes. */
  no_auth: z.boolean().optional(),
  input_parameters: z.record(z.string(), ToolParameter.extend({ description: z.string(), required: z.boolean() })),
  output_parameters: z.record(z.string(), ToolParameter),
  scopes: z.array(z.string()),
  tags: z.array(z.string()),
  /** Defaults to the toolkit's deprecation. */
  is_deprecated: z.boolean().optional(),
});
export type ToolRecord = z.infer<typeof ToolRecord>;

export const SchemaFieldRecord = z.looseObject({
  type: z.string().min(1),
  description: z.string().optional(),
  required: z.boolean().optional(),
  options: z.array(z.unknown()).min(1).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
const SchemaMap = z.record(z.string(), SchemaFieldRecord);

/** An older revision of a trigger type: fields given replace the newest revision's. */
export const TriggerRevisionRecord = z.strictObject({
  version: Version,
  description: z.string().optional(),
  instructions: z.string().optional(),
  config: SchemaMap.optional(),
  payload: SchemaMap.optional(),
});

/**
 * A trigger type. `version` is the toolkit version of its newest revision; it
 * exists from its oldest revision on, and at a toolkit version shows the newest
 * revision not newer than that version.
 */
export const TriggerTypeRecord = z.strictObject({
  slug: UpperSlug,
  name: z.string().min(1),
  description: z.string().min(1),
  instructions: z.string().min(1),
  type: z.enum(["webhook", "poll"]),
  version: Version,
  config: SchemaMap,
  payload: SchemaMap,
  previous_versions: z.array(TriggerRevisionRecord).optional(),
});
export type TriggerTypeRecord = z.infer<typeof TriggerTypeRecord>;

export const ToolkitFile = z.strictObject({
  slug: Slug,
  name: z.string().min(1),
  /** Legacy UUID of the toolkit, served as `deprecated.toolkitId`. */
  legacy_id: z.uuid(),
  enabled: z.boolean(),
  /** A toolkit managed by the project (`managed_by=project`) rather than the platform. */
  is_local_toolkit: z.boolean(),
  is_deprecated: z.boolean(),
  /** Relative usage across the platform, for `sort_by=usage`. */
  usage: z.number().int().min(0),
  platform_managed_auth_schemes: z.array(z.string()),
  auth_config_details: z.array(AuthMode),
  base_url: z.url(),
  get_current_user_endpoint: z.string().optional(),
  get_current_user_endpoint_method: z.enum(["GET", "POST"]).optional(),
  meta: z.strictObject({
    created_at: Timestamp,
    updated_at: Timestamp,
    description: z.string().min(1),
    logo: z.url(),
    app_url: z.url(),
    /** Category slugs from categories.json. */
    categories: z.array(z.string()).min(1),
  }),
  /** Oldest first; the last one is `latest`. */
  versions: z.array(Version).min(1),
  tools: z.array(ToolRecord),
  trigger_types: z.array(TriggerTypeRecord),
});
export type ToolkitFile = z.infer<typeof ToolkitFile>;
