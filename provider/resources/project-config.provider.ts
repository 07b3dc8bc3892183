/**
 * The ProjectConfig provider: what is particular to it beside the shared
 * lifecycle. The configuration is a singleton of its project: create adopts
 * it and PATCHes the declared fields that differ, update PATCHes the changed
 * ones, refresh GETs it and keeps the declared inputs, so the next `up` shows
 * drift as a diff and puts it back. A configuration cannot be deleted, so
 * delete leaves the platform as it is unless `restoreOnDelete` asks to put
 * back the values seen before the first create.
 */
import { DEPRECATED_CONFIG_FIELD, ProjectConfigPatch, type ProjectConfig } from "../../api";
import { labelFailure } from "../errors";
import { projectClient } from "../clients";
import { checkWith } from "./check";
import { changedKeys, definedOnly } from "./diff";
import { bodyOf, inputsFromApi, keysOf, providerInputs } from "./fields";
import { resourceProvider } from "./lifecycle";
import { projectOfKey } from "./ownership";
import { PROJECT_CONFIG, type ProjectConfigInputs, type ProjectConfigOutputs } from "./project-config.schema";

/** The configuration's own fields (not `apiKey`, not `restoreOnDelete`). */
const FIELDS = keysOf(PROJECT_CONFIG, "update");
type Values = Record<string, unknown>;

const DEPRECATED_INPUT = "isPlatformLinkEnabledForManagedAuth";

function patch(values: Values, fields: readonly string[]): ProjectConfigPatch {
  return bodyOf(PROJECT_CONFIG, values, fields) as ProjectConfigPatch;
}

/** Outputs carry the live value of every field, so refresh shows drift on any of them. */
function outputs(id: string, config: ProjectConfig, declared: Partial<ProjectConfigOutputs>): ProjectConfigOutputs {
  return {
    ...providerInputs(PROJECT_CONFIG, declared),
    ...inputsFromApi(PROJECT_CONFIG, config),
    projectId: declared.projectId ?? id,
    previous: declared.previous ?? {},
  } as ProjectConfigOutputs;
}

export = resourceProvider({
  schema: PROJECT_CONFIG,
  body: ProjectConfigPatch,

  checkMore(news) {
    return [DEPRECATED_INPUT, DEPRECATED_CONFIG_FIELD]
      .filter((key) => key in news)
      .map((property) => ({ property, reason: `${property} is deprecated and must not be used; remove it from the ProjectConfig.` }));
  },

  find: (_id, declared) => labelFailure("reading the project configuration", () => projectClient(declared.apiKey).config.get()),

  // The declared inputs stay as they were; the outputs show the live values. With no state at all
  // (`pulumi import`), the live values are what the imported declaration declares.
  readInputs: (live, props) =>
    Object.keys(props).length === 0
      ? inputsFromApi(PROJECT_CONFIG, live)
      : definedOnly(Object.fromEntries(Object.keys(PROJECT_CONFIG.inputs).map((k) => [k, props[k as keyof ProjectConfigInputs]]))),

  outputs,

  async create(inputs) {
    const client = projectClient(inputs.apiKey);
    const projectId = await projectOfKey(inputs.apiKey);
    const before = await labelFailure("reading the project configuration", () => client.config.get());
    const current = inputsFromApi(PROJECT_CONFIG, before);
    const changed = changedKeys(FIELDS, current, inputs);
    const after = changed.length
      ? await labelFailure("updating the project configuration", () => client.config.update(patch(inputs, changed)))
      : before;
    const declared = FIELDS.filter((f) => inputs[f as keyof ProjectConfigInputs] !== undefined);
    // A field the API reported as null is recorded as null, so that delete puts the null back.
    const previous = Object.fromEntries(declared.map((f) => [f, current[f] ?? null]));
    return { id: projectId, outs: outputs(projectId, after, { ...inputs, previous }) };
  },

  async update(id, olds, news, changed) {
    const client = projectClient(news.apiKey);
    const live = changed.length
      ? await labelFailure("updating the project configuration", () => client.config.update(patch(news, changed)))
      : await labelFailure("reading the project configuration", () => client.config.get());
    // Fields declared for the first time get their pre-existing value remembered too.
    const previous: Values = { ...olds.previous };
    for (const field of changed) if (!(field in previous)) previous[field] = olds[field as keyof ProjectConfigOutputs] ?? null;
    return outputs(id, live, { ...news, projectId: olds.projectId, previous });
  },

  async remove(_id, props) {
    if (!props.restoreOnDelete) return;
    const fields = FIELDS.filter((f) => props.previous !== undefined && f in props.previous);
    if (fields.length === 0) return;
    await labelFailure("restoring the project configuration", () => projectClient(props.apiKey).config.update(patch(props.previous, fields)));
  },
});
