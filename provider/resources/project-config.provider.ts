/**
 * The ProjectConfig provider (module exports = provider; see mcp-server.provider.ts).
 *
 * The configuration is a singleton of its project: create adopts it and
 * PATCHes the declared fields that differ, update PATCHes the changed ones,
 * refresh GETs it. A configuration cannot be deleted, so delete leaves the
 * platform as it is unless `restoreOnDelete` asks to put back the values
 * seen before the first create.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { DEPRECATED_CONFIG_FIELD, ProjectConfigPatch, type ProjectConfig } from "../../api";
import { attempt } from "../errors";
import { projectClient } from "../settings";
import { checkWith } from "./check";
import { changedKeys, definedOnly, withoutUndefined } from "./diff";
import { PROJECT_CONFIG_FIELDS, type ProjectConfigInputs } from "./schema";

type Field = keyof typeof PROJECT_CONFIG_FIELDS;
const FIELDS = Object.keys(PROJECT_CONFIG_FIELDS) as Field[];
type Values = Partial<Pick<ProjectConfigInputs, Field>>;

export interface ProjectConfigOutputs extends ProjectConfigInputs {
  /** The project the key belongs to. */
  projectId: string;
  /** The declared fields' values before the first create, for `restoreOnDelete`. */
  previous: Values;
}

const DEPRECATED_INPUT = "isPlatformLinkEnabledForManagedAuth";

export { configureProvider as configure } from "../settings";

export async function check(_olds: ProjectConfigInputs, news: ProjectConfigInputs): Promise<dynamic.CheckResult<ProjectConfigInputs>> {
  const deprecated = [DEPRECATED_INPUT, DEPRECATED_CONFIG_FIELD]
    .filter((key) => key in news)
    .map((property) => ({
      property,
      reason: `${property} is deprecated and must not be used; remove it from the ProjectConfig.`,
    }));
  return checkWith(news, ProjectConfigPatch, patchOf(news, FIELDS), deprecated);
}

export async function diff(_id: string, olds: ProjectConfigOutputs, news: ProjectConfigInputs): Promise<dynamic.DiffResult> {
  // A key rotation (new apiKey for the same project) is not a change of configuration.
  const changed = changedKeys(FIELDS, olds, news);
  const restoreChanged = (news.restoreOnDelete ?? false) !== (olds.restoreOnDelete ?? false);
  return { changes: changed.length > 0 || restoreChanged };
}

export async function create(inputs: ProjectConfigInputs): Promise<dynamic.CreateResult<ProjectConfigOutputs>> {
  const client = projectClient(inputs.apiKey);
  const session = await attempt("reading the project of the API key", () => client.session.info());
  const before = await attempt("reading the project configuration", () => client.config.get());
  const current = toValues(before);
  const changed = changedKeys(FIELDS, current, inputs);
  const after = changed.length
    ? await attempt("updating the project configuration", () => client.config.update(patchOf(inputs, changed)))
    : before;
  const previous = Object.fromEntries(FIELDS.filter((f) => inputs[f] !== undefined).map((f) => [f, current[f]])) as Values;
  const projectId = session.project.id;
  return { id: projectId, outs: withoutUndefined(toOutputs(after, inputs, projectId, previous)) };
}

export async function read(id: string, props?: ProjectConfigOutputs): Promise<dynamic.ReadResult<ProjectConfigOutputs>> {
  const client = projectClient(props?.apiKey);
  const live = await attempt("reading the project configuration", () => client.config.get());
  const outs = toOutputs(live, props ?? {}, props?.projectId ?? id, props?.previous ?? {});
  // Declared inputs stay as they were, so the next `up` shows drift as a diff and puts it back.
  const inputs = definedOnly({ ...declared(props ?? {}), apiKey: props?.apiKey, restoreOnDelete: props?.restoreOnDelete });
  return { id, props: withoutUndefined(outs), inputs: withoutUndefined(inputs) as unknown as ProjectConfigOutputs };
}

export async function update(id: string, olds: ProjectConfigOutputs, news: ProjectConfigInputs): Promise<dynamic.UpdateResult<ProjectConfigOutputs>> {
  const changed = changedKeys(FIELDS, olds, news);
  const client = projectClient(news.apiKey);
  const live = changed.length
    ? await attempt("updating the project configuration", () => client.config.update(patchOf(news, changed)))
    : await attempt("reading the project configuration", () => client.config.get());
  // Fields declared for the first time get their pre-existing value remembered too.
  const previous = { ...olds.previous };
  for (const field of changed) if (!(field in previous)) previous[field] = olds[field] as never;
  return { outs: withoutUndefined(toOutputs(live, news, olds.projectId ?? id, previous)) };
}

async function remove(_id: string, props: ProjectConfigOutputs): Promise<void> {
  if (!props.restoreOnDelete) return;
  const fields = FIELDS.filter((f) => props.previous?.[f] !== undefined);
  if (fields.length === 0) return;
  const client = projectClient(props.apiKey);
  await attempt("restoring the project configuration", () => client.config.update(patchOf(props.previous, fields)));
}
export { remove as delete };

function patchOf(values: Values, fields: readonly Field[]): ProjectConfigPatch {
  return definedOnly(Object.fromEntries(fields.map((f) => [PROJECT_CONFIG_FIELDS[f], values[f]]))) as ProjectConfigPatch;
}

function toValues(config: ProjectConfig): Values {
  return Object.fromEntries(FIELDS.map((f) => [f, config[PROJECT_CONFIG_FIELDS[f]] ?? undefined])) as Values;
}

function declared(inputs: Partial<ProjectConfigInputs>): Values {
  return definedOnly(Object.fromEntries(FIELDS.map((f) => [f, inputs[f]]))) as Values;
}

/** Outputs carry the live value of every field, so refresh shows drift on any of them. */
function toOutputs(config: ProjectConfig, inputs: Partial<ProjectConfigInputs>, projectId: string, previous: Values): ProjectConfigOutputs {
  return {
    ...(definedOnly({ apiKey: inputs.apiKey, restoreOnDelete: inputs.restoreOnDelete }) as Partial<ProjectConfigInputs>),
    ...(definedOnly(toValues(config)) as Values),
    projectId,
    previous,
  };
}
