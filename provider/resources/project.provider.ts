/**
 * The Project provider: what is particular to it beside the shared lifecycle.
 * Acts with the organization key. There is no rename, so a new name replaces
 * the project (and an adopted project must carry the declared name); the API
 * key is issued on create or by regenerating when asked for later; delete uses
 * the lifecycle endpoint and takes the project's keys and objects with it.
 */
import { CreateProjectBody, type ProjectListItem } from "../../api";
import { collect, ConflictError, type IntegrationPlatformClient } from "../client";
import { labelFailure, unlessNotFound } from "../errors";
import { orgClient } from "../clients";
import { definedOnly } from "./diff";
import { inputsFromApi, outputsFromApi, providerInputs } from "./fields";
import { resourceProvider } from "./lifecycle";
import { PROJECT, type ProjectOutputs } from "./project.schema";

function outputs(_id: string, project: ProjectListItem, declared: Partial<ProjectOutputs>): ProjectOutputs {
  return {
    ...providerInputs(PROJECT, declared),
    ...definedOnly({ apiKey: declared.apiKey }),
    ...inputsFromApi(PROJECT, project),
    ...outputsFromApi(PROJECT, project),
  } as ProjectOutputs;
}

/**
 * A name already taken is the one conflict a re-run cannot replay past (the
 * earlier create was sent with another key, or over a day ago). Nothing proves
 * that project is this resource's, so it is not taken over: the message names
 * its id and `adoptId`, which adopts it on purpose.
 */
async function whenNameTaken<T>(client: IntegrationPlatformClient, name: string, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    const existing = (await collect(client.projects.list()).catch(() => [])).find((p) => p.name === name && !p.deleted);
    if (!existing) throw err;
    throw new Error(
      `${err.message} It is project "${existing.id}". If an interrupted \`pulumi up\` made it, adopt it: set adoptId: "${existing.id}" on this Project; otherwise choose another name.`,
      { cause: err },
    );
  }
}

export = resourceProvider({
  schema: PROJECT,
  body: CreateProjectBody,

  async find(id) {
    const project = await unlessNotFound(() => orgClient().projects.get(id));
    return project?.deleted ? undefined : project;
  },

  outputs,

  adoptMismatch(live, inputs) {
    if (live.name === inputs.name) return undefined;
    return `it is named "${live.name}", not "${inputs.name}". Projects cannot be renamed; declare name: "${live.name}".`;
  },

  async adopt(live, inputs) {
    // Adopting never rotates keys that are in use; ask for a key with createApiKey on a later update.
    return { id: live.id, outs: outputs(live.id, live, { ...inputs, createApiKey: false }) };
  },

  async create(inputs, request) {
    const client = orgClient();
    const created = await labelFailure(`creating project "${inputs.name}"`, () =>
      whenNameTaken(client, inputs.name, () => client.projects.create({ name: inputs.name, should_create_api_key: inputs.createApiKey ?? false }, request)),
    );
    const project = await labelFailure(`reading project "${created.id}"`, () => client.projects.get(created.id));
    return { id: project.id, outs: outputs(project.id, project, { ...inputs, apiKey: created.api_key }) };
  },

  // Asking for a key later issues one; no longer asking only drops it from the outputs.
  async update(id, olds, news) {
    const client = orgClient();
    let apiKey = news.createApiKey ? olds.apiKey : undefined;
    if (news.createApiKey && !apiKey) {
      apiKey = (await labelFailure(`issuing an API key for project "${id}"`, () => client.projects.regenerateApiKey(id))).api_key;
    }
    const project = await labelFailure(`reading project "${id}"`, () => client.projects.get(id));
    return outputs(id, project, { ...news, apiKey });
  },

  async remove(id) {
    await orgClient().projects.delete(id);
  },
});
