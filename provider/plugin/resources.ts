/**
 * The resources the plugin serves: each field table with its provider module,
 * the same objects the dynamic resources use (`provider/resources/index.ts`).
 * A new resource is one more line here.
 */
import type { ResourceSchema } from "../resources/fields";
import type { ResourceProvider } from "../resources/lifecycle";
import { AUTH_CONFIG } from "../resources/auth-config.schema";
import { WEBHOOK_SUBSCRIPTION } from "../resources/webhook-subscription.schema";
import { MCP_SERVER } from "../resources/mcp-server.schema";
import { PROJECT_CONFIG } from "../resources/project-config.schema";
import { PROJECT } from "../resources/project.schema";
import { TRIGGER_INSTANCE } from "../resources/trigger-instance.schema";
import { pluginToken } from "../resources/tokens";
import authConfigProvider from "../resources/auth-config.provider";
import mcpServerProvider from "../resources/mcp-server.provider";
import projectConfigProvider from "../resources/project-config.provider";
import projectProvider from "../resources/project.provider";
import triggerInstanceProvider from "../resources/trigger-instance.provider";
import webhookSubscriptionProvider from "../resources/webhook-subscription.provider";

export interface PluginResource {
  readonly schema: ResourceSchema;
  // The lifecycle's functions take each resource's own inputs and outputs; the plugin passes what the engine sent.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly provider: ResourceProvider<any, any>;
}

export const RESOURCES: readonly PluginResource[] = [
  { schema: PROJECT, provider: projectProvider },
  { schema: PROJECT_CONFIG, provider: projectConfigProvider },
  { schema: MCP_SERVER, provider: mcpServerProvider },
  { schema: TRIGGER_INSTANCE, provider: triggerInstanceProvider },
  { schema: AUTH_CONFIG, provider: authConfigProvider },
  { schema: WEBHOOK_SUBSCRIPTION, provider: webhookSubscriptionProvider },
];

const BY_TOKEN = new Map(RESOURCES.map((r) => [pluginToken(r.schema.type), r]));

/** The resource of a URN (`urn:pulumi:<stack>::<project>::[<parent type>$]<type>::<name>`). */
export function resourceOfUrn(urn: string): PluginResource {
  const type = (urn.split("::")[2] ?? "").split("$").pop() ?? "";
  const resource = BY_TOKEN.get(type);
  if (!resource) {
    throw new Error(`integration-platform has no resource type "${type}"; it serves ${[...BY_TOKEN.keys()].join(", ")}.`);
  }
  return resource;
}
