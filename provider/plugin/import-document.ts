/**
 * The `pulumi import --file` document for everything a project holds: its
 * configuration, its MCP servers, its trigger instances (enabled or not) and,
 * given the organization key, the project itself. With it, `pulumi import
 * --file <document>` takes the project over through the plugin, generating the
 * TypeScript for every object in one step.
 *
 * The API has no list of all MCP servers of a project, only per toolkit
 * (`GET /mcp/app/{toolkit}`): the servers are collected over every toolkit of
 * the catalog, so a server serving no toolkit cannot be found.
 */
import { collect, type IntegrationPlatformClient } from "../client";
import { pluginToken } from "../resources/tokens";

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

  const servers = new Map<string, string>();
  for (const toolkit of await collect(client.toolkits.list({}))) {
    for (const server of await collect(client.mcp.listByApp(toolkit.slug, {}))) servers.set(server.id, server.name);
  }
  for (const [id, name] of servers) resources.push(entry("McpServer", "mcp", name, id));

  for (const trigger of await collect(client.triggers.listActive({ show_disabled: true }))) {
    resources.push(entry("TriggerInstance", "trigger", `${trigger.trigger_name}-${trigger.id}`, trigger.id));
  }
  return { resources };
}
