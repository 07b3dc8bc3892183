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
import { resourceClass } from "./resource-class";

// A class declaration is the value and the instance type at once (`const s: McpServer = new McpServer(…)`).
export class Project extends resourceClass(K.Project.schema, K.Project.provider) {}
export class ProjectConfig extends resourceClass(K.ProjectConfig.schema, K.ProjectConfig.provider) {}
export class McpServer extends resourceClass(K.McpServer.schema, K.McpServer.provider) {}
export class TriggerInstance extends resourceClass(K.TriggerInstance.schema, K.TriggerInstance.provider) {}
export class AuthConfig extends resourceClass(K.AuthConfig.schema, K.AuthConfig.provider) {}
export class WebhookSubscription extends resourceClass(K.WebhookSubscription.schema, K.WebhookSubscription.provider) {}

export type * from "./types.generated";
