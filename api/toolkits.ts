/** Toolkits: the catalog of external applications, in detail and summary forms. */
import { z } from "zod";
import { CursorQuery, Timestamp, Version, VersionSelector, cursorPage, deprecated, queryEnum, QueryBoolean } from "./common";
import { QueryText } from "./common";

export const MANAGED_BY = ["platform", "all", "project"] as const;
export const TOOLKIT_SORT = ["usage", "alphabetically"] as const;

export const FieldDescriptor = z.looseObject({
  name: z.string(),
  displayName: z.string(),
  default: z.string().nullable().optional(),
  type: z.string(),
  description: z.string(),
  required: z.boolean(),
  legacy_template_name: z.string().optional(),
});
export type FieldDescriptor = z.infer<typeof FieldDescriptor>;

const RequiredOptional = z.looseObject({ required: z.array(FieldDescriptor), optional: z.array(FieldDescriptor) });

export const AuthMode = z.looseObject({
  mode: z.string(),
  name: z.string(),
  fields: z.looseObject({
    auth_config_creation: RequiredOptional,
    connected_account_initiation: RequiredOptional,
  }),
  proxy: z.looseObject({ base_url: z.string() }).optional(),
  deprecated_auth_provider_details: deprecated(
    z.looseObject({ authorization_url: z.string().optional(), token_url: z.string().optional() }).optional(),
  ),
});
export type AuthMode = z.infer<typeof AuthMode>;

const metaCommon = {
  created_at: Timestamp,
  updated_at: Timestamp,
  description: z.string(),
  logo: z.string(),
  app_url: z.string(),
  triggers_count: z.number().int(),
  tools_count: z.number().int(),
  version: Version,
};

export const ToolkitDetail = z.looseObject({
  slug: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  platform_managed_auth_schemes: z.array(z.string()),
  is_local_toolkit: z.boolean(),
  auth_config_details: z.array(AuthMode),
  base_url: z.string().optional(),
  meta: z.looseObject({
    ...metaCommon,
    categories: z.array(z.looseObject({ name: z.string(), slug: z.string() })),
    available_versions: z.array(Version),
  }),
  get_current_user_endpoint: z.string().optional(),
  get_current_user_endpoint_method: z.string().optional(),
  deprecated: deprecated(
    z
      .looseObject({
        toolkitId: z.string().optional(),
        getCurrentUserEndpoint: z.string().optional(),
        rawProxyInfoByAuthSchemes: z.array(z.record(z.string(), z.unknown())).optional(),
      })
      .optional(),
  ),
});
export type ToolkitDetail = z.infer<typeof ToolkitDetail>;

export const ToolkitSummary = z.looseObject({
  slug: z.string(),
  name: z.string(),
  auth_schemes: z.array(z.string()),
  platform_managed_auth_schemes: z.array(z.string()),
  is_local_toolkit: z.boolean(),
  no_auth: z.boolean(),
  deprecated: deprecated(z.looseObject({ toolkitId: z.string().optional() }).optional()),
  meta: z.looseObject({
    ...metaCommon,
    categories: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  }),
});
export type ToolkitSummary = z.infer<typeof ToolkitSummary>;

export const ToolkitParams = z.object({ slug: z.string().min(1) });
export const GetToolkitQuery = z.looseObject({
  version: z.preprocess((v) => (v === "" ? undefined : v), VersionSelector.default("latest")),
});
export type GetToolkitQuery = z.input<typeof GetToolkitQuery>;

/**
 * GET /toolkits. The spec gives the parameters' meanings in order but not
 * their names; these names match the multi-fetch body.
 */
export const ListToolkitsQuery = z.looseObject({
  category: QueryText,
  managed_by: queryEnum(MANAGED_BY),
  sort_by: queryEnum(TOOLKIT_SORT),
  include_deprecated: QueryBoolean,
  search: QueryText,
  ...CursorQuery,
});
export type ListToolkitsQuery = z.input<typeof ListToolkitsQuery>;
export const ToolkitPage = cursorPage("items", ToolkitSummary);
export type ToolkitPage = z.infer<typeof ToolkitPage>;

export const MultiToolkitsBody = z.strictObject({
  toolkits: z.array(z.string().min(1)).optional(),
  category: z.string().optional(),
  managed_by: z.enum(MANAGED_BY, { error: `must be one of: ${MANAGED_BY.join(", ")}` }).optional(),
  sort_by: z.enum(TOOLKIT_SORT, { error: `must be one of: ${TOOLKIT_SORT.join(", ")}` }).optional(),
  limit: z.number().int().min(1).max(1000, "must be at most 1000").nullable().optional(),
  cursor: z.string().optional(),
});
export type MultiToolkitsBody = z.input<typeof MultiToolkitsBody>;
