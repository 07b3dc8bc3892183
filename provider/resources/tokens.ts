/**
 * The type tokens of the provider's resources, in both forms: dynamic
 * resources and the provider plugin's. Free of runtime dependencies so that
 * the policy pack matches resources by the names the provider uses.
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

/** The provider plugin's package name: resources are `integration-platform:index:<type>`, functions likewise. */
export const PACKAGE_NAME = RESOURCE_MODULE;
export const pluginToken = (name: string) => `${PACKAGE_NAME}:index:${name}`;

/** The plugin's token of each resource of TYPE_TOKENS. */
export const PLUGIN_TYPE_TOKENS = Object.fromEntries(
  Object.keys(TYPE_TOKENS).map((name) => [name, pluginToken(name)]),
) as { readonly [K in keyof typeof TYPE_TOKENS]: `${typeof PACKAGE_NAME}:index:${K}` };
