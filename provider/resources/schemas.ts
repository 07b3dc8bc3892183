/**
 * Every resource kind's field table once, without its provider module: for
 * what must load no provider code — the plugin's SDK classes (programs on the
 * plugin) and the generator of types.generated.ts. kinds.ts pairs each table
 * with its provider.
 */
import { AUTH_CONFIG } from "./auth-config.schema";
import { MCP_SERVER } from "./mcp-server.schema";
import { PROJECT_CONFIG } from "./project-config.schema";
import { PROJECT } from "./project.schema";
import { TRIGGER_INSTANCE } from "./trigger-instance.schema";
import { WEBHOOK_SUBSCRIPTION } from "./webhook-subscription.schema";

export const RESOURCE_SCHEMAS = {
  Project: PROJECT,
  ProjectConfig: PROJECT_CONFIG,
  McpServer: MCP_SERVER,
  TriggerInstance: TRIGGER_INSTANCE,
  AuthConfig: AUTH_CONFIG,
  WebhookSubscription: WEBHOOK_SUBSCRIPTION,
} as const;
