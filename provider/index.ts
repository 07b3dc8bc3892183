/**
 * pulumi-integration-platform: Pulumi resources and functions for the
 * Integration Platform API v3.
 */
export { Project, type ProjectArgs } from "./resources/project";
export { ProjectConfig, type ProjectConfigArgs } from "./resources/project-config";
export { McpServer, type McpServerArgs } from "./resources/mcp-server";
export { TriggerInstance, type TriggerInstanceArgs } from "./resources/trigger-instance";
export { TYPE_TOKENS } from "./resources/schema";
export * from "./functions";
export { CONFIG_NAMESPACE, SETTINGS } from "./settings";
export * as client from "./client";
