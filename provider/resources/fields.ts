/**
 * The field table a resource is declared with, and what is derived from it.
 *
 * Each resource names every input and output once, in `<resource>.schema.ts`:
 * its API field, type, how a change applies, default, secrecy and a one-line
 * description. The resource class's `Args` and outputs (written out with the
 * descriptions as doc comments in types.generated.ts), the provider's request
 * bodies, the mapping from API objects to inputs and outputs, the keys `diff`
 * compares and the defaults `check` fills in all come from that table; so can
 * a Pulumi package schema (type token, descriptions, secret flags,
 * replaceOnChanges) and the README's resource tables.
 *
 * Types only and plain functions over plain objects: no Pulumi runtime, so
 * the policy pack and a provider plugin can use the tables too.
 */
import type { Input } from "@pulumi/pulumi";
import { definedOnly } from "./diff";

export type FieldType = "string" | "boolean" | "integer" | "string[]" | "string map" | "object";

interface Field {
  readonly type: FieldType;
  /** For `string`: the only values allowed. */
  readonly values?: readonly string[];
  /** The field's name in the API's objects and request bodies; absent for what only the provider knows. */
  readonly api?: string;
  /** Kept secret in the state and in outputs. */
  readonly secret?: boolean;
  readonly description: string;
}

/**
 * How a new value of an input reaches the platform:
 * - `update`: in place (a PATCH or a call particular to the resource);
 * - `replace`: a new object replaces the old one. A value that was or is no
 *   longer declared is not a replacement (`adoptId` after adopting);
 * - `state`: only the provider's state changes (an option such as `restoreOnDelete`);
 * - `none`: never a change (a credential: a rotated key is the same resource).
 */
export type Change = "update" | "replace" | "state" | "none";

export interface InputField extends Field {
  readonly required?: boolean;
  readonly change: Change;
  /** What `check` fills in when the input is not declared. */
  readonly default?: boolean | number | string;
  /** Sent on create only; the API's objects do not carry it. */
  readonly writeOnly?: boolean;
  /** Sent in the URL path, not in the body. */
  readonly inPath?: boolean;
  /** Compared ignoring case (the API treats `github_commit_event` as `GITHUB_COMMIT_EVENT`). */
  readonly ignoreCase?: boolean;
  /**
   * The program must give it as a secret (`config.requireSecret`, `pulumi.secret`), not written in clear
   * in the code. The class keeps it secret either way, so the state is safe; it records which values came
   * in clear under `IN_CLEAR_KEY`, where the policy pack (which sees secrets unwrapped) reads them.
   */
  readonly mustBeSecret?: boolean;
}

/**
 * The input a resource class adds when its table has `mustBeSecret` inputs: the paths of the values the
 * program gave in clear, e.g. `["credentials.client_secret"]`. Not an API field; no diff compares it.
 * Not `__`-prefixed: the engine leaves such internal keys out of what policy packs see.
 */
export const IN_CLEAR_KEY = "givenInClear";

export interface OutputField extends Field {
  /** The API may send null or leave it out; the output is then null. */
  readonly nullable?: boolean;
  /** Present only in some states (e.g. a key only when one was asked for). */
  readonly optional?: boolean;
}

export interface ResourceSchema {
  /** The type name: `pulumi-nodejs:dynamic/integration-platform:<type>`. */
  readonly type: string;
  readonly description: string;
  /** The key it acts with: the organization's, or a project's (its `apiKey` input, else the configured one). */
  readonly key: "organization" | "project";
  /** How messages name one object: `MCP server "mcp_1"`, and in short, `no such server`. */
  readonly noun: string;
  readonly shortNoun: string;
  /** One object per project (no id of its own): messages say `the project configuration`. */
  readonly singleton?: boolean;
  /** On replacement, delete the old object before creating the new one (two would conflict). */
  readonly deleteBeforeReplace?: boolean;
  readonly inputs: Readonly<Record<string, InputField>>;
  /** What the platform computes, beyond the inputs (which are outputs too). */
  readonly outputs: Readonly<Record<string, OutputField>>;
}

// ---------------------------------------------------------------------------
// Types derived from a table.

type ValueOf<F extends Field> = F extends { values: readonly (infer V)[] }
  ? V
  : F["type"] extends "string"
    ? string
    : F["type"] extends "boolean"
      ? boolean
      : F["type"] extends "integer"
        ? number
        : F["type"] extends "string[]"
          ? string[]
          : F["type"] extends "string map"
            ? Record<string, string>
            : Record<string, unknown>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type KeysWhere<R, Condition> = { [K in keyof R]: R[K] extends Condition ? K : never }[keyof R];

type FieldsOf<R extends Readonly<Record<string, Field>>, Required> = {
  [K in KeysWhere<R, Required>]: ValueOf<R[K]> | (R[K] extends { nullable: true } ? null : never);
} & { [K in Exclude<keyof R, KeysWhere<R, Required>>]?: ValueOf<R[K]> };

/** The inputs as the provider receives them (plain values). */
export type InputsOf<S extends ResourceSchema> = Simplify<FieldsOf<S["inputs"], { required: true }>>;

/** The outputs as the state holds them: the inputs and what the platform computes. */
export type OutputsOf<S extends ResourceSchema> = Simplify<InputsOf<S> & FieldsOf<S["outputs"], { description: string; optional?: false }>>;

/** A value a program may pass: each element and entry may be an Output too. */
type InputOf<T> = [T] extends [(infer E)[]]
  ? Input<Input<E>[]>
  : [T] extends [Record<string, infer V>]
    ? Input<Record<string, Input<V>>>
    : Input<T>;

/**
 * The resource class's `Args`: each input as a `pulumi.Input`, optional ones element by element too
 * (`?` stays), and as a whole possibly undefined (a `Project`'s `apiKey` is an `Output<string | undefined>`).
 */
export type ArgsOf<S extends ResourceSchema> = { [K in keyof InputsOf<S>]: InputOf<NonNullable<InputsOf<S>[K]>> | Input<InputsOf<S>[K]> };

// ---------------------------------------------------------------------------
// Functions over a table and plain objects.

type Plain = Readonly<Record<string, unknown>>;

function entries<F>(fields: Readonly<Record<string, F>>): [string, F][] {
  return Object.entries(fields);
}

/** The input keys whose change is of `kind`, in table order. */
export function keysOf(schema: ResourceSchema, ...kinds: Change[]): string[] {
  return entries(schema.inputs)
    .filter(([, f]) => kinds.includes(f.change))
    .map(([k]) => k);
}

/** The keys stored as secrets: secret inputs and outputs. */
export function secretKeys(schema: ResourceSchema): string[] {
  return [...entries(schema.inputs), ...entries(schema.outputs)].filter(([, f]) => f.secret).map(([k]) => k);
}

/** `inputs` with the table's default for each input not declared. */
export function withDefaults<T extends object>(schema: ResourceSchema, inputs: T): T {
  const defaults = entries(schema.inputs).filter(([k, f]) => f.default !== undefined && (inputs as Plain)[k] === undefined);
  return { ...inputs, ...Object.fromEntries(defaults.map(([k, f]) => [k, f.default])) };
}

/** The request body of `keys` (default: every input the API takes in a body), by API field; undefined values left out. */
export function bodyOf(schema: ResourceSchema, inputs: object, keys?: readonly string[]): Record<string, unknown> {
  const fields = entries(schema.inputs).filter(([k, f]) => f.api && !f.inPath && (keys ?? [k]).includes(k));
  return definedOnly(Object.fromEntries(fields.map(([k, f]) => [f.api!, (inputs as Plain)[k]])));
}

/** The values of the inputs an API object carries (null read as not set). */
export function inputsFromApi(schema: ResourceSchema, object: object): Record<string, unknown> {
  const fields = entries(schema.inputs).filter(([, f]) => f.api && !f.writeOnly);
  return definedOnly(Object.fromEntries(fields.map(([k, f]) => [k, (object as Plain)[f.api!] ?? undefined])));
}

/** The computed outputs an API object carries (a nullable one missing becomes null). */
export function outputsFromApi(schema: ResourceSchema, object: object): Record<string, unknown> {
  const fields = entries(schema.outputs).filter(([, f]) => f.api);
  return Object.fromEntries(fields.map(([k, f]) => [k, f.nullable ? ((object as Plain)[f.api!] ?? null) : (object as Plain)[f.api!]]));
}

/** The inputs the platform does not keep (`apiKey`, `adoptId`, options), from what was declared, defaults filled in. */
export function providerInputs(schema: ResourceSchema, declared: object): Record<string, unknown> {
  const fields = entries(schema.inputs).filter(([, f]) => !f.api || f.writeOnly);
  return definedOnly(Object.fromEntries(fields.map(([k, f]) => [k, (declared as Plain)[k] ?? f.default])));
}
