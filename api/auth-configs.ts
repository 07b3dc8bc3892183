/** Auth configs: stored authentication configurations for a toolkit. */
import { z } from "zod";
import { CursorQuery, DeletedAnswer, Id, QueryBoolean, QueryText, cursorPage, deprecated } from "./common";

export const AuthConfig = z.looseObject({
  id: z.string(),
  uuid: deprecated(z.string().optional(), "id"),
  type: z.string(),
  toolkit: z.looseObject({ slug: z.string(), logo: z.string().optional() }),
  name: z.string(),
  auth_scheme: z.string(),
  is_platform_managed: z.boolean(),
  /** May hold client secrets: the platform masks them. */
  credentials: z.record(z.string(), z.unknown()).optional(),
  proxy_config: z.looseObject({ proxy_url: z.string(), proxy_auth_key: z.string().optional() }).nullable().optional(),
  status: z.string(),
  created_by: z.string().optional(),
  created_at: z.string(),
  last_updated_at: z.string(),
  no_of_connections: z.number().int(),
  expected_input_fields: z.array(z.record(z.string(), z.unknown())).optional(),
  restrict_to_following_tools: z.array(z.string()).optional(),
  tool_access_config: z
    .looseObject({
      tools_for_connected_account_creation: z.array(z.string()).optional(),
      tools_available_for_execution: z.array(z.string()).optional(),
    })
    .optional(),
  shared_credentials: z.record(z.string(), z.unknown()).optional(),
  is_enabled_for_tool_router: z.boolean().optional(),
  deprecated_params: deprecated(
    z
      .looseObject({
        default_connector_id: z.string().optional(),
        member_uuid: z.string().optional(),
        toolkit_id: z.string().optional(),
        expected_input_fields: z.array(z.record(z.string(), z.unknown())).optional(),
      })
      .optional(),
  ),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

export const AuthConfigParams = z.object({ nanoid: Id });

// ---------------------------------------------------------------- lifecycle (companion endpoints of DESIGN.md)

/** What an auth config's status can be set to (PATCH /auth_configs/{nanoid}/{status}). */
export const AUTH_CONFIG_STATUSES = ["ENABLED", "DISABLED"] as const;
export type AuthConfigStatus = (typeof AUTH_CONFIG_STATUSES)[number];

const ToolSlugs = z.array(z.string().min(1, "must not be empty"));
/** Scopes as the public service takes them: one comma-separated string or a list. */
const Scopes = z.union([z.string(), z.array(z.string().min(1))], { error: "must be a string or an array of strings" });
const SecretMap = z.record(z.string(), z.unknown());
export const ProxyConfig = z.strictObject({
  proxy_url: z.url({ error: (issue) => (issue.input === undefined ? undefined : "must be an absolute URL") }),
  proxy_auth_key: z.string().optional(),
});

/** Which tools connecting and executing may use; the same shape on create and on update. */
const ToolAccessConfig = z.strictObject({
  tools_for_connected_account_creation: ToolSlugs.optional(),
  tools_available_for_execution: ToolSlugs.optional(),
});

const AuthConfigName = z.string().min(1, "must not be empty").max(100, "must be at most 100 characters");

/** The platform holds the OAuth app: only for schemes the toolkit lists in platform_managed_auth_schemes. */
export const PlatformManagedAuthConfigInput = z.strictObject({
  type: z.literal("use_platform_managed_auth"),
  name: AuthConfigName.optional(),
  credentials: z.strictObject({ scopes: Scopes.optional(), user_scopes: Scopes.optional() }).optional(),
  shared_credentials: SecretMap.optional(),
  tool_access_config: ToolAccessConfig.optional(),
  restrict_to_following_tools: ToolSlugs.optional(),
});

/** The caller's own app or credentials, for one of the toolkit's auth schemes. */
export const CustomAuthConfigInput = z.strictObject({
  type: z.literal("use_custom_auth"),
  authScheme: z.string().min(1, "must not be empty"),
  name: AuthConfigName.optional(),
  /** Client ids, secrets, scopes...: the fields of the scheme's auth_config_creation. Secret. */
  credentials: SecretMap.optional(),
  proxy_config: ProxyConfig.optional(),
  shared_credentials: SecretMap.optional(),
  tool_access_config: ToolAccessConfig.optional(),
  restrict_to_following_tools: ToolSlugs.optional(),
});

export const CreateAuthConfigBody = z.strictObject({
  toolkit: z.strictObject({ slug: Id }),
  /** Absent: platform-managed auth with the toolkit's first platform-managed scheme. */
  auth_config: z
    .discriminatedUnion("type", [PlatformManagedAuthConfigInput, CustomAuthConfigInput], {
      error: "must be use_platform_managed_auth or use_custom_auth",
    })
    .optional(),
});
export type CreateAuthConfigBody = z.input<typeof CreateAuthConfigBody>;

export const CreateAuthConfigResponse = z.looseObject({
  auth_config: z.looseObject({
    id: z.string(),
    auth_scheme: z.string(),
    is_platform_managed: z.boolean(),
    restrict_to_following_tools: z.array(z.string()).optional(),
  }),
  toolkit: z.looseObject({ slug: z.string() }),
});
export type CreateAuthConfigResponse = z.infer<typeof CreateAuthConfigResponse>;

export const ListAuthConfigsQuery = z.looseObject({
  toolkit_slug: QueryText,
  is_platform_managed: QueryBoolean,
  search: QueryText.meta({ description: "Matched against the name, id and toolkit slug, case-insensitively." }),
  show_disabled: QueryBoolean.meta({ description: "Default false: only ENABLED auth configs." }),
  ...CursorQuery,
});
export type ListAuthConfigsQuery = z.input<typeof ListAuthConfigsQuery>;
export const AuthConfigPage = cursorPage("items", AuthConfig);
export type AuthConfigPage = z.infer<typeof AuthConfigPage>;

/** PATCH of a custom auth config: `credentials` replace the stored ones whole. */
export const UpdateCustomAuthConfigBody = z.strictObject({
  type: z.literal("custom"),
  credentials: SecretMap,
  proxy_config: ProxyConfig.nullable().optional(),
  shared_credentials: SecretMap.optional(),
  tool_access_config: ToolAccessConfig.optional(),
});
/** PATCH of a platform-managed auth config. */
export const UpdateDefaultAuthConfigBody = z.strictObject({
  type: z.literal("default"),
  scopes: Scopes.optional(),
  shared_credentials: SecretMap.optional(),
  tool_access_config: ToolAccessConfig.optional(),
});
export const UpdateAuthConfigBody = z.discriminatedUnion("type", [UpdateCustomAuthConfigBody, UpdateDefaultAuthConfigBody], {
  error: "must be custom or default",
});
export type UpdateAuthConfigBody = z.input<typeof UpdateAuthConfigBody>;

export const AuthConfigStatusParams = z.object({
  nanoid: Id,
  status: z.enum(AUTH_CONFIG_STATUSES, { error: `must be one of: ${AUTH_CONFIG_STATUSES.join(", ")}` }),
});
export const AuthConfigStatusResponse = z.looseObject({ id: z.string(), status: z.enum(AUTH_CONFIG_STATUSES) });
export type AuthConfigStatusResponse = z.infer<typeof AuthConfigStatusResponse>;
export const DeleteAuthConfigResponse = DeletedAnswer;
export type DeleteAuthConfigResponse = z.infer<typeof DeleteAuthConfigResponse>;
