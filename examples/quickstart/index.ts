// Quickstart: configure the project the API key belongs to, serve GitHub tools
// over MCP, and listen for commits. Credentials come from the stack config
// (integration-platform:baseUrl, :apiKey) or the INTEGRATION_PLATFORM_* variables.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-integration-platform";

const config = new pulumi.Config();

// The project's security settings: every field declared here is enforced on `pulumi up`.
const settings = new platform.ProjectConfig("settings", {
  displayName: "Quickstart",
  is2FAEnabled: true,
  requireMcpApiKey: true,
  maskSecretKeysInConnectedAccount: true,
  logVisibilitySetting: "dont_store_data",
  signedUrlFileExpiryInSeconds: 3600,
});

// An MCP server exposing two GitHub tools through the project's GitHub auth config.
const devTools = new platform.McpServer("dev-tools", {
  name: config.get("serverName") ?? "Dev Tools",
  authConfigIds: [config.require("githubAuthConfigId")],
  toolkits: ["github"],
  allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"],
});

// A trigger on a connected GitHub account: new commits on acme/api.
const commits = new platform.TriggerInstance("commits", {
  triggerName: "GITHUB_COMMIT_EVENT",
  connectedAccountId: config.require("githubConnectedAccountId"),
  triggerConfig: { owner: "acme", repo: "api" },
});

export const projectId = settings.projectId;
export const mcpServerId = devTools.id;
export const mcpUrl = devTools.mcpUrl;
export const cursorSetup = devTools.commands.apply((commands) => commands["cursor"]);
export const claudeSetup = devTools.commands.apply((commands) => commands["claude"]);
export const triggerId = commits.id;
