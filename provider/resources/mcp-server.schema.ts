/** The McpServer resource, declared once: see fields.ts for what each column means. */
import type { InputsOf, OutputsOf, ResourceSchema } from "./fields";
import { PROJECT_ID, createdAt, projectChildInputs, updatedAt } from "./common-fields";

export const MCP_SERVER = {
  type: "McpServer",
  description:
    "An MCP server of a project. create = POST /mcp/servers, update = PATCH /mcp/{id} with the changed fields only, " +
    "delete = DELETE /mcp/{id} (soft delete), refresh = GET /mcp/{id} (a server deleted out of band disappears).",
  key: "project",
  noun: "MCP server",
  shortNoun: "server",
  inputs: {
    name: { api: "name", type: "string", required: true, change: "update", description: "4-30 characters of letters, digits, spaces and hyphens." },
    authConfigIds: { api: "auth_config_ids", type: "string[]", required: true, change: "update", description: "Auth configs whose connected accounts the server uses." },
    toolkits: { api: "toolkits", type: "string[]", change: "update", description: "Toolkit slugs the server serves, e.g. `github`." },
    allowedTools: { api: "allowed_tools", type: "string[]", change: "update", description: "Tool slugs the server exposes, e.g. `GITHUB_CREATE_ISSUE`." },
    managedAuthViaPlatform: { api: "managed_auth_via_platform", type: "boolean", change: "update", description: "Let the platform manage users' authentication through the server." },
    ...projectChildInputs("MCP server"),
  },
  outputs: {
    projectId: PROJECT_ID,
    mcpUrl: { api: "mcp_url", type: "string", description: "The server's MCP endpoint." },
    commands: { api: "commands", type: "string map", description: "Setup command per client application (cursor, claude, ...)." },
    toolkitIcons: { api: "toolkit_icons", type: "string map", description: "Icon URL per toolkit." },
    serverInstanceCount: { api: "server_instance_count", type: "integer", description: "How many users have an instance of the server." },
    createdAt: createdAt("server"),
    updatedAt: updatedAt("server"),
  },
} as const satisfies ResourceSchema;

export type McpServerInputs = InputsOf<typeof MCP_SERVER>;
export type McpServerOutputs = OutputsOf<typeof MCP_SERVER>;
