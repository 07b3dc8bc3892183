/** Tool router sessions and their meta tools. */
import { z } from "zod";
import { Id, MAX_LIST_ITEMS, UserId, Version } from "./common";

export const META_TOOL_SLUGS = [
  "PLATFORM_SEARCH_TOOLS",
  "PLATFORM_MULTI_EXECUTE_TOOL",
  "PLATFORM_MANAGE_CONNECTIONS",
  "PLATFORM_WAIT_FOR_CONNECTIONS",
  "PLATFORM_REMOTE_WORKBENCH",
  "PLATFORM_REMOTE_BASH_TOOL",
  "PLATFORM_GET_TOOL_SCHEMAS",
  "PLATFORM_UPSERT_RECIPE",
  "PLATFORM_GET_RECIPE",
] as const;
export type MetaToolSlug = (typeof META_TOOL_SLUGS)[number];

export const ToolParameter = z.looseObject({
  type: z.string(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  optional: z.array(z.unknown()).optional(),
  enum: z.array(z.unknown()).optional(),
  examples: z.array(z.unknown()).optional(),
});

export const Tool = z.looseObject({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  toolkit: z.looseObject({ slug: z.string(), name: z.string(), logo: z.string().optional() }),
  input_parameters: z.record(z.string(), ToolParameter),
  output_parameters: z.record(z.string(), ToolParameter),
  no_auth: z.boolean(),
  available_versions: z.array(Version),
  version: Version,
  scopes: z.array(z.string()),
  tags: z.array(z.string()),
  is_deprecated: z.boolean(),
  deprecated: z
    .looseObject({
      displayName: z.string().optional(),
      version: z.string().optional(),
      available_versions: z.array(z.string()).optional(),
      is_deprecated: z.boolean().optional(),
      toolkit: z.looseObject({ logo: z.string().optional() }).optional(),
    })
    .optional()
    .meta({ deprecated: true }),
});
export type Tool = z.infer<typeof Tool>;

/** Lifecycle endpoint POST /tool_router/session (beyond the spec document). */
export const CreateToolRouterSessionBody = z.strictObject({
  user_id: UserId,
  toolkits: z.array(z.string().min(1)).max(MAX_LIST_ITEMS, `must have at most ${MAX_LIST_ITEMS} items`).optional(),
});
export type CreateToolRouterSessionBody = z.input<typeof CreateToolRouterSessionBody>;
export const CreateToolRouterSessionResponse = z.looseObject({ session_id: z.string() });
export type CreateToolRouterSessionResponse = z.infer<typeof CreateToolRouterSessionResponse>;

export const ToolRouterSessionParams = z.object({ session_id: Id });
/** The spec accepts an optional JSON body holding an object `body`; its fields are not shown. */
export const ListSessionToolsBody = z.looseObject({ body: z.record(z.string(), z.unknown()).optional() }).optional();
export const SessionToolsResponse = z.looseObject({ items: z.array(Tool) });
export type SessionToolsResponse = z.infer<typeof SessionToolsResponse>;

export const ExecuteMetaBody = z.strictObject({
  slug: z.enum(META_TOOL_SLUGS, { error: `must be one of: ${META_TOOL_SLUGS.join(", ")}` }),
  arguments: z.record(z.string(), z.unknown()).optional(),
});
export type ExecuteMetaBody = z.input<typeof ExecuteMetaBody>;
export const ExecuteMetaResponse = z.looseObject({
  data: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  log_id: z.string(),
});
export type ExecuteMetaResponse = z.infer<typeof ExecuteMetaResponse>;
