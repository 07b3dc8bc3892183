/**
 * The type tokens of the provider's resources. Free of runtime dependencies
 * so that the policy pack matches resources by the names the provider uses.
 */

/** Dynamic resources are typed `pulumi-nodejs:dynamic/<module>:<type>`. */
export const RESOURCE_MODULE = "integration-platform";
export const resourceType = (name: string) => `pulumi-nodejs:dynamic/${RESOURCE_MODULE}:${name}`;

export const TYPE_TOKENS = {
  Project: resourceType("Project"),
  ProjectConfig: resourceType("ProjectConfig"),
  McpServer: resourceType("McpServer"),
  TriggerInstance: resourceType("TriggerInstance"),
  AuthConfig: resourceType("AuthConfig"),
  WebhookSubscription: resourceType("WebhookSubscription"),
} as const;
