/**
 * Every resource kind once: its field table (schemas.ts) and its provider
 * module. The dynamic resource classes (index.ts) and the provider plugin
 * (plugin/resources.ts) are both made from this list, so a new resource is one
 * line in schemas.ts and here, one class line in index.ts and one in
 * plugin/sdk.ts (which takes the tables only, so programs on the plugin load no
 * provider code; a unit test checks it has every kind).
 *
 * Each provider module's exports object IS the dynamic provider (see
 * index.ts); a default import of an `export =` module is that object itself.
 */
import { RESOURCE_SCHEMAS as S } from "./schemas";
import authConfigProvider from "./auth-config.provider";
import mcpServerProvider from "./mcp-server.provider";
import projectConfigProvider from "./project-config.provider";
import projectProvider from "./project.provider";
import triggerInstanceProvider from "./trigger-instance.provider";
import webhookSubscriptionProvider from "./webhook-subscription.provider";

export const RESOURCE_KINDS = {
  Project: { schema: S.Project, provider: projectProvider },
  ProjectConfig: { schema: S.ProjectConfig, provider: projectConfigProvider },
  McpServer: { schema: S.McpServer, provider: mcpServerProvider },
  TriggerInstance: { schema: S.TriggerInstance, provider: triggerInstanceProvider },
  AuthConfig: { schema: S.AuthConfig, provider: authConfigProvider },
  WebhookSubscription: { schema: S.WebhookSubscription, provider: webhookSubscriptionProvider },
} as const;
