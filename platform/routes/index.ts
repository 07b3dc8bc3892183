/**
 * The handler of every route of API v3, by route name: typed as `RouteHandlers`, so a route of
 * api/routes.ts without a handler here is a compile error. Each area's handlers live in its
 * own module; adding a route is an entry in the api/ table plus its handler in one of them.
 */
import type { RouteHandlers } from "../http/handlers";
import { authConfigHandlers } from "./auth-configs";
import { configHandlers } from "./config";
import { connectedAccountHandlers } from "./connected-accounts";
import { mcpHandlers } from "./mcp";
import { migrationHandlers } from "./migration";
import { projectHandlers } from "./projects";
import { toolRouterHandlers } from "./tool-router";
import { toolkitHandlers } from "./toolkits";
import { toolHandlers } from "./tools";
import { triggerHandlers } from "./triggers";
import { webhookSubscriptionHandlers } from "./webhook-subscriptions";

export const handlers: RouteHandlers = {
  ...projectHandlers,
  ...configHandlers,
  ...authConfigHandlers,
  ...toolkitHandlers,
  ...toolHandlers,
  ...connectedAccountHandlers,
  ...mcpHandlers,
  ...toolRouterHandlers,
  ...triggerHandlers,
  ...migrationHandlers,
  ...webhookSubscriptionHandlers,
};
