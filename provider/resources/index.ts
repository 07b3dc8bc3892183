/**
 * The resource classes. Each is made from its field table (`*.schema.ts`) and
 * its provider module (`*.provider.ts`), whose exports ARE the dynamic
 * provider: Pulumi serializes an object that is a module's exports under
 * node_modules as `require("pulumi-integration-platform/dist/provider/resources/…")`,
 * so the state holds a short, stable reference instead of a copy of the code,
 * and refresh and delete of old resources run the installed version
 * (pulumi/pulumi#6490); kinds.ts lists each table with its provider module.
 * Their Args and properties are the interfaces generated from the tables
 * (types.generated.ts), so editors show each one's description.
 */
import { RESOURCE_KINDS as K } from "./kinds";
import { resourceClass, type ResourceClass } from "./resource-class";
import type * as T from "./types.generated";

export const Project: ResourceClass<T.ProjectArgs, T.ProjectProperties> = resourceClass(K.Project.schema, K.Project.provider);
export const ProjectConfig: ResourceClass<T.ProjectConfigArgs, T.ProjectConfigProperties> = resourceClass(K.ProjectConfig.schema, K.ProjectConfig.provider);
export const McpServer: ResourceClass<T.McpServerArgs, T.McpServerProperties> = resourceClass(K.McpServer.schema, K.McpServer.provider);
export const TriggerInstance: ResourceClass<T.TriggerInstanceArgs, T.TriggerInstanceProperties> = resourceClass(K.TriggerInstance.schema, K.TriggerInstance.provider);
export const AuthConfig: ResourceClass<T.AuthConfigArgs, T.AuthConfigProperties> = resourceClass(K.AuthConfig.schema, K.AuthConfig.provider);
export const WebhookSubscription: ResourceClass<T.WebhookSubscriptionArgs, T.WebhookSubscriptionProperties> = resourceClass(K.WebhookSubscription.schema, K.WebhookSubscription.provider);

/** Each class's instance type. */
export type Project = InstanceType<typeof Project>;
export type ProjectConfig = InstanceType<typeof ProjectConfig>;
export type McpServer = InstanceType<typeof McpServer>;
export type TriggerInstance = InstanceType<typeof TriggerInstance>;
export type AuthConfig = InstanceType<typeof AuthConfig>;
export type WebhookSubscription = InstanceType<typeof WebhookSubscription>;

export type * from "./types.generated";
