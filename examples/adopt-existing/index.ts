// Adoption: find objects created outside Pulumi with the data-source
// functions, then declare them with `adoptId`. Create reads and reconciles
// them instead of creating new ones; from then on they are managed like any
// other resource. `retainOnDelete` hands them back untouched on destroy.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-integration-platform";

const config = new pulumi.Config();
const serverName = config.get("serverName") ?? "Dev Tools";
const toolkit = config.get("toolkit") ?? "github";

/** The object a lookup found; when there is none, the program stops with `missing` (what to do about it). */
function found<T>(object: T | undefined, missing: string): T {
  if (object === undefined) throw new Error(missing);
  return object;
}

const existingServer = platform
  .getMcpServersOutput({ appKey: toolkit, name: serverName })
  .apply((servers) => found(servers.find((s) => s.name === serverName), `no MCP server named "${serverName}" serves ${toolkit}; create one first or set serverName`));

const server = new platform.McpServer(
  "adopted-server",
  {
    adoptId: existingServer.apply((s) => s.id),
    name: existingServer.apply((s) => s.name),
    authConfigIds: existingServer.apply((s) => s.auth_config_ids),
    toolkits: existingServer.apply((s) => s.toolkits),
    // The one change this stack makes: narrow the server to a single tool.
    allowedTools: ["GITHUB_CREATE_ISSUE"],
  },
  { retainOnDelete: true },
);

const existingTrigger = platform
  .getTriggerInstancesOutput({ trigger_names: ["GITHUB_COMMIT_EVENT"], user_ids: [config.get("triggerUser") ?? "alice"], show_disabled: true })
  .apply((triggers) => found(triggers[0], "no GITHUB_COMMIT_EVENT trigger to take over"));

// Take over the trigger's state: pause it.
const trigger = new platform.TriggerInstance(
  "adopted-trigger",
  {
    adoptId: existingTrigger.apply((t) => t.id),
    triggerName: existingTrigger.apply((t) => t.trigger_name),
    connectedAccountId: existingTrigger.apply((t) => t.connected_account_id),
    enabled: false,
  },
  { retainOnDelete: true },
);

export const serverId = server.id;
export const allowedTools = server.allowedTools;
export const triggerId = trigger.id;
export const triggerEnabled = trigger.enabled;
