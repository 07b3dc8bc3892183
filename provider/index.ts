/**
 * pulumi-integration-platform: Pulumi resources and functions for the
 * Integration Platform API v3.
 */
export {
  Project,
  type ProjectArgs,
  ProjectConfig,
  type ProjectConfigArgs,
  McpServer,
  type McpServerArgs,
  TriggerInstance,
  type TriggerInstanceArgs,
} from "./resources";
export { TYPE_TOKENS } from "./resources/tokens";
export * from "./functions";
export { CONFIG_NAMESPACE, SETTINGS } from "./settings";
export * as client from "./client";
