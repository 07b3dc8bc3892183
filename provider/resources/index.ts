/**
 * The resource classes. Each is made from its field table (`*.schema.ts`) and
 * its provider module (`*.provider.ts`), whose exports ARE the dynamic
 * provider: Pulumi serializes an object that is a module's exports under
 * node_modules as `require("pulumi-integration-platform/dist/provider/resources/…")`,
 * so the state holds a short, stable reference instead of a copy of the code,
 * and refresh and delete of old resources run the installed version
 * (pulumi/pulumi#6490); kinds.ts lists each table with its provider module.
 */
import type { ArgsOf } from "./fields";
import { RESOURCE_KINDS as K } from "./kinds";
import { resourceClass, type ResourceClass } from "./resource-class";
import type { AUTH_CONFIG } from "./auth-config.schema";
import type { MCP_SERVER } from "./mcp-server.schema";
import type { PROJECT_CONFIG } from "./project-config.schema";
import type { PROJECT } from "./project.schema";
import type { TRIGGER_INSTANCE } from "./trigger-instance.schema";
import type { WEBHOOK_SUBSCRIPTION } from "./webhook-subscription.schema";

export const Project: ResourceClass<typeof PROJECT> = resourceClass(K.Project.schema, K.Project.provider);
export const ProjectConfig: ResourceClass<typeof PROJECT_CONFIG> = resourceClass(K.ProjectConfig.schema, K.ProjectConfig.provider);
export const McpServer: ResourceClass<typeof MCP_SERVER> = resourceClass(K.McpServer.schema, K.McpServer.provider);
export const TriggerInstance: ResourceClass<typeof TRIGGER_INSTANCE> = resourceClass(K.TriggerInstance.schema, K.TriggerInstance.provider);
export const AuthConfig: ResourceClass<typeof AUTH_CONFIG> = resourceClass(K.AuthConfig.schema, K.AuthConfig.provider);
export const WebhookSubscription: ResourceClass<typeof WEBHOOK_SUBSCRIPTION> = resourceClass(K.WebhookSubscription.schema, K.WebhookSubscription.provider);

/** Each class's instance type and the Args its constructor takes. */
export type Project = InstanceType<typeof Project>; export type ProjectArgs = ArgsOf<typeof PROJECT>;
export type ProjectConfig = InstanceType<typeof ProjectConfig>; export type ProjectConfigArgs = ArgsOf<typeof PROJECT_CONFIG>;
export type McpServer = InstanceType<typeof McpServer>; export type McpServerArgs = ArgsOf<typeof MCP_SERVER>;
export type TriggerInstance = InstanceType<typeof TriggerInstance>; export type TriggerInstanceArgs = ArgsOf<typeof TRIGGER_INSTANCE>;
export type AuthConfig = InstanceType<typeof AuthConfig>; export type AuthConfigArgs = ArgsOf<typeof AUTH_CONFIG>;
export type WebhookSubscription = InstanceType<typeof WebhookSubscription>; export type WebhookSubscriptionArgs = ArgsOf<typeof WEBHOOK_SUBSCRIPTION>;

