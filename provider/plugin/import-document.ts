/**
 * The `pulumi import --file` document for everything a project holds, every
 * resource kind the plugin serves: given the organization key, the project
 * itself; its configuration; its auth configs (disabled ones too); its MCP
 * servers (`GET /mcp/servers`, every page); its trigger instances (enabled or
 * not); and its webhook subscription, if it has one. With it, `pulumi import
 * --file <document>` takes the project over through the plugin, generating
 * the TypeScript for every object in one step.
 *
 * Secrets the API never shows in full are not in the generated code
 * (`AFTER_IMPORT` says what to add).
 */
import { collect, type IntegrationPlatformClient } from "../client";
import { pluginToken } from "../resources/tokens";

/** What the generated code lacks: the secrets the API shows masked only (recorded, the masked form would be sent back as the secret). */
export const AFTER_IMPORT =
  "after the import, add to the generated code the credentials (and proxyAuthKey) of each custom AuthConfig, as secrets, " +
  "and a `rotation` to the WebhookSubscription so the next up rotates its signing secret once and the stack knows it.";

export interface ImportEntry {
  type: string;
  name: string;
  id: string;
}

export interface ImportDocument {
  resources: ImportEntry[];
}

export interface ImportSources {
  /** Acts with the project's key. */
  client: IntegrationPlatformClient;
  /** Acts with the organization key; the project itself is listed only with it. */
  orgClient?: IntegrationPlatformClient;
}

/** A Pulumi resource name from an object's name: lower-case words joined by hyphens. */
function resourceName(kind: string, label: string, taken: Set<string>): string {
  const base = `${kind}-${label}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

export async function importDocument({ client, orgClient }: ImportSources): Promise<ImportDocument> {
  const taken = new Set<string>();
  const entry = (type: string, kind: string, label: string, id: string): ImportEntry => ({ type: pluginToken(type), name: resourceName(kind, label, taken), id });
  const { project } = await client.session.info();
  const resources: ImportEntry[] = [];

  if (orgClient) resources.push(entry("Project", "project", project.name, project.id));
  resources.push(entry("ProjectConfig", "config", project.name, project.id));
  for (const config of await collect(client.authConfigs.list({ show_disabled: true }))) {
    resources.push(entry("AuthConfig", "auth", config.name, config.id));
  }
  for (const server of await collect(client.mcp.list({}))) resources.push(entry("McpServer", "mcp", server.name, server.id));
  for (const trigger of await collect(client.triggers.listActive({ show_disabled: true }))) {
    resources.push(entry("TriggerInstance", "trigger", `${trigger.trigger_name}-${trigger.id}`, trigger.id));
  }
  for (const subscription of await collect(client.webhookSubscriptions.list())) {
    resources.push(entry("WebhookSubscription", "webhook", project.name, subscription.id));
  }
  return { resources };
}
