// Quickstart: a whole project declared from nothing. The organization key
// (integration-platform:orgApiKey, or INTEGRATION_PLATFORM_ORG_API_KEY) makes
// the project; everything in it acts with the key the project issues:
// its settings, a GitHub OAuth app, an MCP server serving two GitHub tools,
// and a webhook subscription receiving events. The one thing made outside
// the program is an end user's GitHub connection: once `githubUser` names a
// user who connected, a trigger listens for commits on their account.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-integration-platform";

const config = new pulumi.Config();

const project = new platform.Project("project", {
  name: config.get("projectName") ?? "quickstart",
  createApiKey: true,
});
// Every resource below acts on the new project with its own key (a secret).
const apiKey = project.apiKey.apply((key) => key ?? "");

// The project's security settings: every field declared here is enforced on `pulumi up`.
const settings = new platform.ProjectConfig("settings", {
  apiKey,
  displayName: "Quickstart",
  is2FAEnabled: true,
  requireMcpApiKey: true,
  maskSecretKeysInConnectedAccount: true,
  logVisibilitySetting: "dont_store_data",
  signedUrlFileExpiryInSeconds: 3600,
});

// The team's own GitHub OAuth app: the secret comes from `pulumi config set --secret githubClientSecret`.
const github = new platform.AuthConfig("github", {
  apiKey,
  toolkit: "github",
  platformManaged: false,
  authScheme: "OAUTH2",
  credentials: {
    client_id: config.require("githubClientId"),
    client_secret: config.requireSecret("githubClientSecret"),
  },
  scopes: ["repo", "read:user"],
  restrictToFollowingTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"],
});

// An MCP server exposing two GitHub tools through that auth config.
const devTools = new platform.McpServer("dev-tools", {
  apiKey,
  name: config.get("serverName") ?? "Dev Tools",
  authConfigIds: [github.id],
  toolkits: ["github"],
  allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"],
});

// Where the platform POSTs events, signed per Standard Webhooks with `webhookSecret`.
// A new `webhookSecretRotation` value rotates the secret.
const events = new platform.WebhookSubscription("events", {
  apiKey,
  webhookUrl: config.require("webhookUrl"),
  enabledEvents: ["platform.trigger.message"],
  rotation: config.get("webhookSecretRotation"),
});

// A trigger on an end user's GitHub connection, found by user id once they connected.
const githubUser = config.get("githubUser");
const commits = githubUser
  ? new platform.TriggerInstance("commits", {
      apiKey,
      triggerName: "GITHUB_COMMIT_EVENT",
      connectedAccountId: platform
        .getConnectedAccountsOutput(github.id.apply((id) => ({ auth_config_ids: [id], user_ids: [githubUser], statuses: ["ACTIVE" as const] })), { apiKey })
        .apply((accounts) => {
          const account = accounts[0];
          if (!account) throw new Error(`user "${githubUser}" has no ACTIVE GitHub connection in this project yet: ask them to connect, or unset githubUser`);
          return account.id;
        }),
      triggerConfig: { owner: "acme", repo: "api" },
    })
  : undefined;

export const projectId = project.projectId;
export const projectApiKey = project.apiKey;
export const settingsProjectId = settings.projectId;
export const authConfigId = github.id;
export const mcpServerId = devTools.id;
export const mcpUrl = devTools.mcpUrl;
export const cursorSetup = devTools.commands.apply((commands) => commands["cursor"]);
export const claudeSetup = devTools.commands.apply((commands) => commands["claude"]);
export const webhookSubscriptionId = events.id;
export const webhookSecret = events.secret;
// null until `githubUser` is set: an undefined export would make every up warn that it is not shown.
export const triggerId = commits?.id ?? null;
