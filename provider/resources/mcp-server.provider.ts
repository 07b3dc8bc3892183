/**
 * The McpServer provider. This module's exports ARE the dynamic provider:
 * Pulumi serializes an object that is a module's exports under node_modules
 * as `require("pulumi-integration-platform/...")`, so the state holds a short,
 * stable reference instead of a copy of this code, and refresh and delete of
 * old resources always run the installed version (pulumi/pulumi#6490).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { CreateMcpServerBody, type McpServer, type UpdateMcpServerBody } from "../../api";
import { attempt, unlessNotFound } from "../errors";
import { projectClient } from "../settings";
import { changedKeys, definedOnly, withoutUndefined } from "./diff";
import { checkWith } from "./check";
import type { McpServerInputs } from "./schema";

export interface McpServerOutputs extends McpServerInputs {
  mcpUrl: string;
  commands: Record<string, string>;
  toolkitIcons: Record<string, string>;
  serverInstanceCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Inputs the API can change in place, and their API field. */
const UPDATABLE = {
  name: "name",
  authConfigIds: "auth_config_ids",
  toolkits: "toolkits",
  allowedTools: "allowed_tools",
  managedAuthViaPlatform: "managed_auth_via_platform",
} as const;
type Updatable = keyof typeof UPDATABLE;
const UPDATABLE_KEYS = Object.keys(UPDATABLE) as Updatable[];

export { configureProvider as configure } from "../settings";

export async function check(_olds: McpServerInputs, news: McpServerInputs): Promise<dynamic.CheckResult<McpServerInputs>> {
  return checkWith(news, CreateMcpServerBody, toBody(news));
}

export async function diff(_id: string, olds: McpServerOutputs, news: McpServerInputs): Promise<dynamic.DiffResult> {
  // Adopting a different object is a different resource; dropping `adoptId` once adopted is not.
  const replaces = news.adoptId !== undefined && olds.adoptId !== undefined && news.adoptId !== olds.adoptId ? ["adoptId"] : [];
  const changed = changedKeys(UPDATABLE_KEYS, olds, news);
  return { changes: replaces.length > 0 || changed.length > 0, replaces };
}

export async function create(inputs: McpServerInputs): Promise<dynamic.CreateResult<McpServerOutputs>> {
  const client = projectClient(inputs.apiKey);
  if (inputs.adoptId) {
    const adoptId = inputs.adoptId;
    const live = await attempt(`adopting MCP server "${adoptId}"`, () => liveServer(adoptId, inputs.apiKey));
    if (!live) throw new Error(`adopting MCP server "${adoptId}" failed: no such server in this project. Check the id, or remove adoptId to create a new server.`);
    const changed = changedKeys(UPDATABLE_KEYS, toInputs(live), inputs);
    const server = changed.length
      ? await attempt(`updating adopted MCP server "${adoptId}"`, () => client.mcp.update(adoptId, patchOf(inputs, changed)))
      : live;
    return { id: server.id, outs: withoutUndefined(toOutputs(server, inputs)) };
  }
  const server = await attempt(`creating MCP server "${inputs.name}"`, () =>
    client.mcp.create(CreateMcpServerBody.parse(toBody(inputs))),
  );
  return { id: server.id, outs: withoutUndefined(toOutputs(server, inputs)) };
}

export async function read(id: string, props?: McpServerOutputs): Promise<dynamic.ReadResult<McpServerOutputs>> {
  const server = await attempt(`reading MCP server "${id}"`, () => liveServer(id, props?.apiKey));
  // No id tells the engine the server is gone (deleted out of band).
  if (!server) return {};
  const outs = toOutputs(server, props ?? {});
  // `inputs` lets `pulumi import` and refresh record what the live server declares.
  const inputs = definedOnly({ ...toInputs(server), apiKey: props?.apiKey, adoptId: props?.adoptId });
  return { id, props: withoutUndefined(outs), inputs: withoutUndefined(inputs) as unknown as McpServerOutputs };
}

export async function update(id: string, olds: McpServerOutputs, news: McpServerInputs): Promise<dynamic.UpdateResult<McpServerOutputs>> {
  const changed = changedKeys(UPDATABLE_KEYS, olds, news);
  if (changed.length === 0) return { outs: { ...olds, ...definedOnly({ ...news }) } as McpServerOutputs };
  const client = projectClient(news.apiKey);
  const server = await attempt(`updating MCP server "${id}"`, () => client.mcp.update(id, patchOf(news, changed)));
  return { outs: withoutUndefined(toOutputs(server, news)) };
}

async function remove(id: string, props: McpServerOutputs): Promise<void> {
  const client = projectClient(props.apiKey);
  // Already gone (deleted out of band): the goal of delete is met.
  await attempt(`deleting MCP server "${id}"`, () => unlessNotFound(() => client.mcp.delete(id)));
}
export { remove as delete };

async function liveServer(id: string, apiKey?: string): Promise<McpServer | undefined> {
  const server = await unlessNotFound(() => projectClient(apiKey).mcp.get(id));
  return server?.deleted ? undefined : server;
}

function toBody(inputs: McpServerInputs): Record<string, unknown> {
  return definedOnly({
    name: inputs.name,
    auth_config_ids: inputs.authConfigIds,
    toolkits: inputs.toolkits,
    allowed_tools: inputs.allowedTools,
    managed_auth_via_platform: inputs.managedAuthViaPlatform,
  });
}

/** A PATCH body holding only the changed fields. */
function patchOf(inputs: McpServerInputs, changed: Updatable[]): UpdateMcpServerBody {
  return Object.fromEntries(changed.map((key) => [UPDATABLE[key], inputs[key]])) as UpdateMcpServerBody;
}

function toInputs(server: McpServer): McpServerInputs {
  return {
    name: server.name,
    authConfigIds: server.auth_config_ids,
    toolkits: server.toolkits,
    allowedTools: server.allowed_tools,
    managedAuthViaPlatform: server.managed_auth_via_platform,
  };
}

function toOutputs(server: McpServer, inputs: Partial<McpServerInputs>): McpServerOutputs {
  return {
    ...(definedOnly({ apiKey: inputs.apiKey, adoptId: inputs.adoptId }) as Partial<McpServerInputs>),
    ...toInputs(server),
    mcpUrl: server.mcp_url,
    commands: server.commands,
    toolkitIcons: server.toolkit_icons,
    serverInstanceCount: server.server_instance_count,
    createdAt: server.created_at,
    updatedAt: server.updated_at,
  };
}
