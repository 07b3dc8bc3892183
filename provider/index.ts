/**
 * pulumi-integration-platform: Pulumi resources and functions for the
 * Integration Platform API v3.
 */
import { assertInstalledAsPackage } from "./installation";

// First, before @pulumi/pulumi loads: a linked checkout fails here with what to do.
assertInstalledAsPackage(__filename);

export {
  Project,
  type ProjectArgs,
  ProjectConfig,
  type ProjectConfigArgs,
  McpServer,
  type McpServerArgs,
  TriggerInstance,
  type TriggerInstanceArgs,
  AuthConfig,
  type AuthConfigArgs,
  WebhookSubscription,
  type WebhookSubscriptionArgs,
} from "./resources";
export { TYPE_TOKENS } from "./resources/tokens";
export * from "./functions";
export { CONFIG_NAMESPACE, SETTINGS } from "./settings";
export * as client from "./client";
