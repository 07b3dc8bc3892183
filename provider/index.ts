/**
 * pulumi-integration-platform: Pulumi resources and functions for the
 * Integration Platform API v3.
 */
import { assertInstalledAsPackage } from "./installation";

// First, before @pulumi/pulumi loads: a linked checkout fails here with what to do.
assertInstalledAsPackage(__filename);

export { Project, type ProjectArgs } from "./resources/project";
export { ProjectConfig, type ProjectConfigArgs } from "./resources/project-config";
export { McpServer, type McpServerArgs } from "./resources/mcp-server";
export { TriggerInstance, type TriggerInstanceArgs } from "./resources/trigger-instance";
export { TYPE_TOKENS } from "./resources/schema";
export * from "./functions";
export { CONFIG_NAMESPACE, SETTINGS } from "./settings";
export * as client from "./client";
