/**
 * Every resource kind once: its field table and its provider module. The
 * dynamic resource classes (index.ts) and the provider plugin
 * (plugin/resources.ts) are both made from this list, so a new resource is one
 * line here, one class line in index.ts and one in plugin/sdk.ts (which takes
 * the tables only, so programs on the plugin load no provider code; a unit
 * test checks it has every kind).
 *
 * Each provider module's exports object IS the dynamic provider (see
 * index.ts); a default import of an `export =` module is that object itself.
 */
import { AUTH_CONFIG } from "./auth-config.schema";
import { MCP_SERVER } from "./mcp-server.schema";
import { PROJECT_CONFIG } from "./project-config.schema";
import { PROJECT } from "./project.schema";
import { TRIGGER_INSTANCE } from "./trigger-instance.schema";
import { WEBHOOK_SUBSCRIPTION } from "./webhook-subscription.schema";
import authConfigProvider from "./auth-config.provider";
import mcpServerProvider from "./mcp-server.provider";
import projectConfigProvider from "./project-config.provider";
import projectProvider from "./project.provider";
import triggerInstanceProvider from "./trigger-instance.provider";
import webhookSubscriptionProvider from "./webhook-subscription.provider";

export const RESOURCE_KINDS = {
  Project: { schema: PROJECT, provider: projectProvider },
  ProjectConfig: { schema: PROJECT_CONFIG, provider: projectConfigProvider },
  McpServer: { schema: MCP_SERVER, provider: mcpServerProvider },
  TriggerInstance: { schema: TRIGGER_INSTANCE, provider: triggerInstanceProvider },
  AuthConfig: { schema: AUTH_CONFIG, provider: authConfigProvider },
  WebhookSubscription: { schema: WEBHOOK_SUBSCRIPTION, provider: webhookSubscriptionProvider },
} as const;
