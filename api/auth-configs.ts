/** Auth configs: stored authentication configurations for a toolkit. */
import { z } from "zod";
import { Id, deprecated } from "./common";

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
