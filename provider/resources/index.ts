/**
 * The resource classes. Each is made from its field table (`*.schema.ts`) and
 * its provider module (`*.provider.ts`), whose exports ARE the dynamic
 * provider: Pulumi serializes an object that is a module's exports under
 * node_modules as `require("pulumi-integration-platform/dist/provider/resources/…")`,
 * so the state holds a short, stable reference instead of a copy of the code,
 * and refresh and delete of old resources run the installed version
 * (pulumi/pulumi#6490). `import x = require()` keeps that exports object as is.
 */
import type { ArgsOf } from "./fields";
import { resourceClass, type ResourceClass } from "./resource-class";
import { MCP_SERVER } from "./mcp-server.schema";
import { PROJECT_CONFIG } from "./project-config.schema";
import { PROJECT } from "./project.schema";
import { TRIGGER_INSTANCE } from "./trigger-instance.schema";
import { AUTH_CONFIG } from "./auth-config.schema";
import { WEBHOOK_SUBSCRIPTION } from "./webhook-subscription.schema";
import mcpServerProvider = require("./mcp-server.provider");
import projectConfigProvider = require("./project-config.provider");
import projectProvider = require("./project.provider");
import triggerInstanceProvider = require("./trigger-instance.provider");
import authConfigProvider = require("./auth-config.provider");
import webhookSubscriptionProvider = require("./webhook-subscription.provider");

export const Project: ResourceClass<typeof PROJECT> = resourceClass(PROJECT, projectProvider);
export const ProjectConfig: ResourceClass<typeof PROJECT_CONFIG> = resourceClass(PROJECT_CONFIG, projectConfigProvider);
export const McpServer: ResourceClass<typeof MCP_SERVER> = resourceClass(MCP_SERVER, mcpServerProvider);
export const TriggerInstance: ResourceClass<typeof TRIGGER_INSTANCE> = resourceClass(TRIGGER_INSTANCE, triggerInstanceProvider);
export const AuthConfig: ResourceClass<typeof AUTH_CONFIG> = resourceClass(AUTH_CONFIG, authConfigProvider);
export const WebhookSubscription: ResourceClass<typeof WEBHOOK_SUBSCRIPTION> = resourceClass(WEBHOOK_SUBSCRIPTION, webhookSubscriptionProvider);

/** Each class's instance type and the Args its constructor takes. */
export type Project = InstanceType<typeof Project>; export type ProjectArgs = ArgsOf<typeof PROJECT>;
export type ProjectConfig = InstanceType<typeof ProjectConfig>; export type ProjectConfigArgs = ArgsOf<typeof PROJECT_CONFIG>;
export type McpServer = InstanceType<typeof McpServer>; export type McpServerArgs = ArgsOf<typeof MCP_SERVER>;
export type TriggerInstance = InstanceType<typeof TriggerInstance>; export type TriggerInstanceArgs = ArgsOf<typeof TRIGGER_INSTANCE>;
export type AuthConfig = InstanceType<typeof AuthConfig>; export type AuthConfigArgs = ArgsOf<typeof AUTH_CONFIG>;
export type WebhookSubscription = InstanceType<typeof WebhookSubscription>; export type WebhookSubscriptionArgs = ArgsOf<typeof WEBHOOK_SUBSCRIPTION>;

