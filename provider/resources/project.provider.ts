/**
 * The Project provider (module exports = provider; see mcp-server.provider.ts).
 * Acts with the organization key. There is no rename, so a new name replaces
 * the project; delete uses the lifecycle endpoint and takes the project's
 * keys and objects with it.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { CreateProjectBody, type ProjectListItem } from "../../api";
import { attempt, unlessNotFound } from "../errors";
import { orgClient } from "../settings";
import { checkWith } from "./check";
import { definedOnly, withoutUndefined } from "./diff";
import type { ProjectInputs } from "./schema";

export interface ProjectOutputs extends ProjectInputs {
  /** The project's nano id (also the resource id). */
  projectId: string;
  orgId: string;
  email: string;
  webhookUrl?: string | null;
  eventWebhookUrl?: string | null;
  /** Secret. */
  webhookSecret?: string | null;
  triggersEnabled: boolean;
  webhookVersion?: string | null;
  createdAt: string;
  updatedAt: string;
  /** Secret; present when `createApiKey` is true. */
  apiKey?: string;
}

export { configureProvider as configure } from "../settings";

export async function check(_olds: ProjectInputs, news: ProjectInputs): Promise<dynamic.CheckResult<ProjectInputs>> {
  const inputs = { ...news, createApiKey: news.createApiKey ?? false };
  return checkWith(inputs, CreateProjectBody, definedOnly({ name: news.name, should_create_api_key: inputs.createApiKey }));
}

export async function diff(_id: string, olds: ProjectOutputs, news: ProjectInputs): Promise<dynamic.DiffResult> {
  const replaces: string[] = [];
  if (news.name !== olds.name) replaces.push("name");
  if (news.adoptId !== undefined && olds.adoptId !== undefined && news.adoptId !== olds.adoptId) replaces.push("adoptId");
  // Asking for a key later issues one (update); no longer asking only drops it from the outputs.
  const keyChanged = (news.createApiKey ?? false) !== (olds.createApiKey ?? false);
  return { changes: replaces.length > 0 || keyChanged, replaces };
}

export async function create(inputs: ProjectInputs): Promise<dynamic.CreateResult<ProjectOutputs>> {
  const client = orgClient();
  if (inputs.adoptId) {
    const adoptId = inputs.adoptId;
    const live = await attempt(`adopting project "${adoptId}"`, () => liveProject(adoptId));
    if (!live) throw new Error(`adopting project "${adoptId}" failed: no such project in this organization. Check the id, or remove adoptId to create a new project.`);
    if (live.name !== inputs.name) {
      throw new Error(`adopting project "${adoptId}" failed: it is named "${live.name}", not "${inputs.name}". Projects cannot be renamed; declare name: "${live.name}".`);
    }
    // Adopting never rotates keys that are in use; ask for a key with createApiKey on a later update.
    return { id: live.id, outs: withoutUndefined(toOutputs(live, { ...inputs, createApiKey: false })) };
  }
  const created = await attempt(`creating project "${inputs.name}"`, () =>
    client.projects.create({ name: inputs.name, should_create_api_key: inputs.createApiKey ?? false }),
  );
  const project = await attempt(`reading project "${created.id}"`, () => client.projects.get(created.id));
  return { id: project.id, outs: withoutUndefined(toOutputs(project, inputs, created.api_key)) };
}

export async function read(id: string, props?: ProjectOutputs): Promise<dynamic.ReadResult<ProjectOutputs>> {
  const project = await attempt(`reading project "${id}"`, () => liveProject(id));
  if (!project) return {};
  const inputs = definedOnly({ name: project.name, createApiKey: props?.createApiKey ?? false, adoptId: props?.adoptId });
  return { id, props: withoutUndefined(toOutputs(project, props ?? {}, props?.apiKey)), inputs: withoutUndefined(inputs) as unknown as ProjectOutputs };
}

export async function update(id: string, olds: ProjectOutputs, news: ProjectInputs): Promise<dynamic.UpdateResult<ProjectOutputs>> {
  const client = orgClient();
  const wantsKey = news.createApiKey ?? false;
  let apiKey = wantsKey ? olds.apiKey : undefined;
  if (wantsKey && !apiKey) {
    apiKey = (await attempt(`issuing an API key for project "${id}"`, () => client.projects.regenerateApiKey(id))).api_key;
  }
  const project = await attempt(`reading project "${id}"`, () => client.projects.get(id));
  return { outs: withoutUndefined(toOutputs(project, news, apiKey)) };
}

async function remove(id: string, _props?: ProjectOutputs): Promise<void> {
  // Already gone (deleted out of band): the goal of delete is met.
  await attempt(`deleting project "${id}"`, () => unlessNotFound(() => orgClient().projects.delete(id)));
}
export { remove as delete };

async function liveProject(id: string): Promise<ProjectListItem | undefined> {
  const project = await unlessNotFound(() => orgClient().projects.get(id));
  return project?.deleted ? undefined : project;
}

function toOutputs(project: ProjectListItem, inputs: Partial<ProjectInputs>, apiKey?: string): ProjectOutputs {
  return {
    ...(definedOnly({ adoptId: inputs.adoptId, apiKey }) as Partial<ProjectOutputs>),
    name: project.name,
    createApiKey: inputs.createApiKey ?? false,
    projectId: project.id,
    orgId: project.org_id,
    email: project.email,
    webhookUrl: project.webhook_url ?? null,
    eventWebhookUrl: project.event_webhook_url ?? null,
    webhookSecret: project.webhook_secret ?? null,
    triggersEnabled: project.triggers_enabled,
    webhookVersion: project.webhook_version ?? null,
    createdAt: project.created_at,
    updatedAt: project.updated_at,
  };
}
