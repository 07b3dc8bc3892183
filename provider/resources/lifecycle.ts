/**
 * The lifecycle every resource shares, driven by its field table: check,
 * diff, create (adopting an existing object when `adoptId` is given), read,
 * update, delete and configure, in that order. A resource supplies only what
 * is particular to it (`ResourceBehaviour`).
 *
 * The functions take and return plain objects, so the dynamic provider module
 * of a resource is simply their result (`export = resourceProvider(...)`),
 * and a provider plugin can call the same functions.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import type { RequestOptions } from "../client";
import { labelFailure, unlessNotFound } from "../errors";
import { configureProvider } from "../settings";
import { checkWith } from "./check";
import { changedKeys, definedOnly, withoutUndefined } from "./diff";
import { createKey, MAX_GONE_REPLAYS, noteChecked } from "./create-keys";
import { bodyOf, inputsFromApi, keysOf, providerInputs, withDefaults, type InputsOf, type OutputsOf, type ResourceSchema } from "./fields";
import { KEY_FINGERPRINT, keyFingerprint, ownerChanged, projectOfKey, unlessProjectGone } from "./ownership";

/** What a create sends with its POST: the Idempotency-Key, and how to learn the answer was a replay. */
export type CreateRequest = Pick<RequestOptions, "idempotencyKey" | "onReplayed">;

/** What is particular to one resource; `I`, `O` are its inputs and outputs, `Live` the API's object. */
export interface ResourceBehaviour<S extends ResourceSchema, Live, I = InputsOf<S>, O = OutputsOf<S>> {
  readonly schema: S;
  /** The API schema of the create body; `check` validates the inputs with it. */
  readonly body: z.ZodType;
  /** Failures particular to the resource, reported with the schema's. */
  checkMore?(news: I): dynamic.CheckFailure[];
  /** The live object, or undefined when it is gone; `declared` carries the key to act with. */
  find(id: string, declared: Partial<O>): Promise<Live | undefined>;
  /** The live values of the inputs (default: the API fields of the table). */
  liveInputs?(live: Live): Partial<I>;
  /** The inputs `read` records (default: the live values, and from `props` what the platform does not keep). */
  readInputs?(live: Live, props: Partial<O>): Partial<I>;
  /** The outputs for a live object; `declared` holds the inputs (or the previous outputs on refresh). */
  outputs(id: string, live: Live, declared: Partial<O>): O;
  /** Why an existing object cannot be adopted by this declaration, if it cannot. */
  adoptMismatch?(live: Live, inputs: I): string | undefined;
  /** Brings an adopted object to the declared inputs (resources with an `adoptId` input). */
  adopt?(live: Live, inputs: I): Promise<{ id: string; outs: O }>;
  /** Makes a new object, sending `request` with the POST that makes it. */
  create(inputs: I, request: CreateRequest): Promise<{ id: string; outs: O }>;
  /** Applies `changed` (the `update` inputs that differ) and returns the outputs. */
  update(id: string, olds: O, news: I, changed: string[]): Promise<O>;
  /** Deletes the object; already gone is fine. */
  remove(id: string, props: O): Promise<void>;
}

/** A resource's provider: the functions the engine calls, over plain objects. */
export interface ResourceProvider<I, O> {
  check(olds: I, news: I): Promise<dynamic.CheckResult<I>>;
  diff(id: string, olds: O, news: I): Promise<dynamic.DiffResult>;
  create(inputs: I): Promise<dynamic.CreateResult<O>>;
  read(id: string, props?: O): Promise<dynamic.ReadResult<O>>;
  update(id: string, olds: O, news: I): Promise<dynamic.UpdateResult<O>>;
  delete(id: string, props: O): Promise<void>;
  /** The engine hands over the stack configuration (keys, URL). */
  configure: typeof configureProvider;
}

/** How messages name one object: `MCP server "mcp_1"`, or `the project configuration`. */
export function nameOf(schema: ResourceSchema, id: string): string {
  return schema.singleton ? `the ${schema.noun}` : `${schema.noun} "${id}"`;
}

export function resourceProvider<S extends ResourceSchema, Live, I extends object = InputsOf<S>, O extends object = OutputsOf<S>>(
  behaviour: ResourceBehaviour<S, Live, I, O>,
): ResourceProvider<I, O> {
  const { schema } = behaviour;
  const updatable = keysOf(schema, "update");
  const compared = keysOf(schema, "update", "state");
  const replaceable = keysOf(schema, "replace");
  const liveInputs = (live: Live): Partial<I> => behaviour.liveInputs?.(live) ?? (inputsFromApi(schema, live as object) as Partial<I>);
  const plain = (value: object): Record<string, unknown> => value as Record<string, unknown>;
  const projectScoped = schema.key === "project";
  /** The project a project-scoped resource's outputs record: the old one's, else its key's. */
  const withProject = async (outs: O, recorded: unknown, apiKey: unknown): Promise<O> =>
    projectScoped
      ? {
          ...outs,
          projectId: typeof recorded === "string" ? recorded : await projectOfKey(apiKey as string | undefined),
          [KEY_FINGERPRINT]: keyFingerprint(apiKey as string | undefined),
        }
      : outs;

  /**
   * Creates with an Idempotency-Key derived from the operation, so a re-run
   * of an interrupted create gets the first object back. A replayed object
   * that was deleted since is not the answer: the next key names it.
   */
  async function createOnce(inputs: I): Promise<{ id: string; outs: O }> {
    const gone: string[] = [];
    for (;;) {
      let replayed = false;
      const request = { idempotencyKey: createKey(schema.type, inputs, bodyOf(schema, inputs), gone), onReplayed: () => (replayed = true) };
      const made = await behaviour.create(inputs, request);
      if (!replayed) return made;
      const live = await labelFailure(`reading ${nameOf(schema, made.id)}`, () => behaviour.find(made.id, inputs as Partial<O>));
      if (live) return made;
      if (gone.length >= MAX_GONE_REPLAYS) throw new Error(`creating a ${schema.noun} failed: ${gone.length} replayed creates named deleted objects.`);
      gone.push(made.id);
    }
  }

  function replaces(olds: O, news: I): string[] {
    return replaceable.filter((key) => {
      const [was, now] = [plain(olds)[key], plain(news)[key]];
      if (was === undefined || now === undefined) return false;
      const ignoreCase = schema.inputs[key]?.ignoreCase && typeof was === "string" && typeof now === "string";
      return ignoreCase ? was.toUpperCase() !== now.toUpperCase() : was !== now;
    });
  }

  async function adopt(adoptId: string, inputs: I): Promise<{ id: string; outs: O }> {
    const adopting = `adopting ${nameOf(schema, adoptId)}`;
    const live = await labelFailure(adopting, () => behaviour.find(adoptId, inputs as Partial<O>));
    const scope = schema.key === "organization" ? "organization" : "project";
    if (!live) {
      throw new Error(
        `${adopting} failed: no such ${schema.shortNoun} in this ${scope}. Check the id, or remove adoptId to create a new ${schema.shortNoun}.`,
      );
    }
    const mismatch = behaviour.adoptMismatch?.(live, inputs);
    if (mismatch) throw new Error(`${adopting} failed: ${mismatch}`);
    if (!behaviour.adopt) throw new Error(`${adopting} failed: a ${schema.type} cannot be adopted`);
    return behaviour.adopt(live, inputs);
  }

  return {
    async check(olds, news) {
      noteChecked(olds, news);
      const inputs = withDefaults(schema, news);
      return checkWith(inputs, behaviour.body, bodyOf(schema, inputs), behaviour.checkMore?.(news) ?? []);
    },

    async diff(_id, olds, news) {
      const replaced = replaces(olds, news);
      // A child whose key is unknown (its Project is being replaced) or of another project moves there: a new object.
      if (projectScoped && (await ownerChanged(plain(olds).projectId, plain(news).apiKey, plain(olds)[KEY_FINGERPRINT]))) replaced.push("apiKey");
      const changed = changedKeys(compared, withDefaults(schema, plain(olds)), withDefaults(schema, plain(news)));
      const changes = replaced.length > 0 || changed.length > 0;
      return schema.deleteBeforeReplace ? { changes, replaces: replaced, deleteBeforeReplace: replaced.length > 0 } : { changes, replaces: replaced };
    },

    async create(declared) {
      const inputs = withDefaults(schema, declared);
      const adoptId = "adoptId" in schema.inputs ? plain(inputs).adoptId : undefined;
      // The project first: a key that does not work fails before anything is made.
      const projectId = projectScoped ? await projectOfKey(plain(inputs).apiKey as string | undefined) : undefined;
      const { id, outs } = typeof adoptId === "string" && adoptId ? await adopt(adoptId, inputs) : await createOnce(inputs);
      return { id, outs: withoutUndefined(await withProject(outs, projectId, plain(inputs).apiKey)) };
    },

    async read(id, props) {
      const declared: Partial<O> = props ?? {};
      const recorded = plain(declared).projectId;
      const live = await labelFailure(`reading ${nameOf(schema, id)}`, () => unlessProjectGone(recorded, () => behaviour.find(id, declared)));
      // No id tells the engine the object is gone (deleted out of band, or with its project).
      if (!live) return {};
      // `inputs` lets refresh (and `pulumi import`) record what the live object declares.
      const inputs = behaviour.readInputs?.(live, declared) ?? { ...providerInputs(schema, declared), ...liveInputs(live) };
      const outs = await withProject(behaviour.outputs(id, live, declared), recorded, plain(declared).apiKey);
      return { id, props: withoutUndefined(outs), inputs: withoutUndefined(definedOnly(inputs)) as O };
    },

    async update(id, olds, declared) {
      const news = withDefaults(schema, declared);
      const changed = changedKeys(updatable, withDefaults(schema, plain(olds)), plain(news));
      const outs = await behaviour.update(id, olds, news, changed);
      return { outs: withoutUndefined(await withProject(outs, plain(olds).projectId, plain(news).apiKey)) };
    },

    async delete(id, props) {
      // Already gone (deleted out of band): the goal of delete is met.
      await labelFailure(`deleting ${nameOf(schema, id)}`, () => unlessProjectGone(plain(props).projectId, () => unlessNotFound(() => behaviour.remove(id, props))));
    },

    configure: configureProvider,
  };
}
