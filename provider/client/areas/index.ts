/** The client's areas, by the property each has on the client (`client.mcp`, `client.projects`, ...). */
import { AuthConfigsResource } from "./auth-configs";
import { ConfigResource } from "./config";
import { ConnectedAccountsResource } from "./connected-accounts";
import { McpResource } from "./mcp";
import { MigrationResource } from "./migration";
import { ProjectsResource } from "./projects";
import { SessionResource } from "./session";
import { ToolRouterResource } from "./tool-router";
import { ToolkitsResource } from "./toolkits";
import { ToolsResource } from "./tools";
import { TriggersResource } from "./triggers";
import { WebhookSubscriptionsResource } from "./webhook-subscriptions";

export const AREAS = {
  session: SessionResource,
  projects: ProjectsResource,
  config: ConfigResource,
  authConfigs: AuthConfigsResource,
  toolkits: ToolkitsResource,
  connectedAccounts: ConnectedAccountsResource,
  mcp: McpResource,
  toolRouter: ToolRouterResource,
  triggers: TriggersResource,
  migration: MigrationResource,
  tools: ToolsResource,
  webhookSubscriptions: WebhookSubscriptionsResource,
};

/** One instance of each area, as the client holds them. */
export type Areas = { readonly [K in keyof typeof AREAS]: InstanceType<(typeof AREAS)[K]> };

export type {
  AuthConfigsResource,
  ConfigResource,
  ConnectedAccountsResource,
  McpResource,
  MigrationResource,
  ProjectsResource,
  SessionResource,
  ToolRouterResource,
  ToolkitsResource,
  ToolsResource,
  TriggersResource,
  WebhookSubscriptionsResource,
};
