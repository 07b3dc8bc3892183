/** MCP servers, their per-user instances and URL generation. */
import { z } from "zod";
import { DeletedAnswer, Id, MAX_IDS_PER_REQUEST, MAX_LIST_ITEMS, PagePagination, queryEnum, queryLimit, QueryPageNo, QueryStringArray, Timestamp, UserId } from "./common";
import { QueryText } from "./common";

/** 4-30 characters of letters, digits, spaces and hyphens (spec: Limits). */
export const MCP_NAME_PATTERN = /^[A-Za-z0-9 -]{4,30}$/;
export const MCP_NAME_RULE = "must be 4-30 characters of letters, digits, spaces and hyphens";
export const McpServerName = z.string().regex(MCP_NAME_PATTERN, MCP_NAME_RULE);

export const McpServer = z.looseObject({
  id: z.string(),
  name: z.string(),
  auth_config_ids: z.array(z.string()),
  allowed_tools: z.array(z.string()),
  mcp_url: z.string(),
  commands: z.record(z.string(), z.string()),
  toolkits: z.array(z.string()),
  toolkit_icons: z.record(z.string(), z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  server_instance_count: z.number().int(),
  managed_auth_via_platform: z.boolean(),
  deleted: z.boolean().optional(),
});
export type McpServer = z.infer<typeof McpServer>;

const most = (max: number) => `must have at most ${max} items`;
const idList = z.array(Id).max(MAX_LIST_ITEMS, most(MAX_LIST_ITEMS));
const slugList = z.array(z.string().min(1)).max(MAX_LIST_ITEMS, most(MAX_LIST_ITEMS));

/** Lifecycle endpoint POST /mcp/servers (beyond the spec document). */
export const CreateMcpServerBody = z.strictObject({
  name: McpServerName,
  auth_config_ids: idList,
  allowed_tools: slugList.optional(),
  toolkits: slugList.optional(),
  managed_auth_via_platform: z.boolean().optional(),
});
export type CreateMcpServerBody = z.input<typeof CreateMcpServerBody>;

/** PATCH /mcp/{id}: only the fields sent change. */
export const UpdateMcpServerBody = z.strictObject({
  name: McpServerName.optional(),
  toolkits: slugList.optional(),
  allowed_tools: slugList.optional(),
  managed_auth_via_platform: z.boolean().optional(),
  auth_config_ids: idList.optional(),
});
export type UpdateMcpServerBody = z.input<typeof UpdateMcpServerBody>;

export const McpServerParams = z.object({ id: Id });
export const DeleteMcpServerResponse = DeletedAnswer;
export type DeleteMcpServerResponse = z.infer<typeof DeleteMcpServerResponse>;

export const ORDER_BY = ["created_at", "updated_at"] as const;
export const ORDER_DIRECTION = ["asc", "desc"] as const;

export const ListMcpByAppParams = z.object({ appKey: Id });
export const ListMcpByAppQuery = z.looseObject({
  name: QueryText,
  toolkits: QueryStringArray,
  auth_config_ids: QueryStringArray,
  order_by: queryEnum(ORDER_BY),
  order_direction: queryEnum(ORDER_DIRECTION),
  page_no: QueryPageNo,
  limit: queryLimit(),
});
export type ListMcpByAppQuery = z.input<typeof ListMcpByAppQuery>;
export const McpServerPage = PagePagination.extend({ items: z.array(McpServer) });
export type McpServerPage = z.infer<typeof McpServerPage>;
export const MCP_LIST_DEFAULT_LIMIT = 10;

export const McpServerInstance = z.looseObject({
  id: z.string(),
  /** The user ID. */
  instance_id: z.string(),
  mcp_server_id: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type McpServerInstance = z.infer<typeof McpServerInstance>;

export const McpInstancesParams = z.object({ serverId: Id });
export const ListMcpInstancesQuery = z.looseObject({
  page_no: QueryPageNo,
  limit: queryLimit(),
  search: QueryText,
  order_by: queryEnum(ORDER_BY),
  order_direction: queryEnum(ORDER_DIRECTION),
});
export type ListMcpInstancesQuery = z.input<typeof ListMcpInstancesQuery>;
export const McpInstancePage = PagePagination.extend({
  instances: z.array(McpServerInstance),
  server_id: z.string(),
  server_name: z.string(),
});
export type McpInstancePage = z.infer<typeof McpInstancePage>;
export const MCP_INSTANCES_DEFAULT_LIMIT = 20;

export const McpInstanceParams = z.object({ serverId: Id, instanceId: UserId });
export const DeleteMcpInstanceResponse = z.looseObject({
  message: z.string(),
  deleted_connected_accounts: z.number().int(),
});
export type DeleteMcpInstanceResponse = z.infer<typeof DeleteMcpInstanceResponse>;

export const GenerateMcpUrlBody = z.strictObject({
  mcp_server_id: Id,
  managed_auth_by_platform: z.boolean().default(false),
  /** Repeats count once; at most MAX_IDS_PER_REQUEST. */
  user_ids: z.array(UserId).max(MAX_IDS_PER_REQUEST, most(MAX_IDS_PER_REQUEST)).optional(),
  connected_account_ids: z.array(Id).max(MAX_IDS_PER_REQUEST, most(MAX_IDS_PER_REQUEST)).optional(),
});
export type GenerateMcpUrlBody = z.input<typeof GenerateMcpUrlBody>;
export const GenerateMcpUrlResponse = z.looseObject({
  mcp_url: z.string(),
  connected_account_urls: z.array(z.string()),
  user_ids_url: z.array(z.string()),
});
export type GenerateMcpUrlResponse = z.infer<typeof GenerateMcpUrlResponse>;

/** GET /mcp/servers (companion endpoint): every live server of the project, with the filters of listMcpByApp. */
export const ListMcpServersQuery = ListMcpByAppQuery;
export type ListMcpServersQuery = z.input<typeof ListMcpServersQuery>;
