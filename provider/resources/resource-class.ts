/**
 * The resource class of a field table: `new McpServer(name, args, opts)`
 * registers a dynamic resource of type
 * `pulumi-nodejs:dynamic/integration-platform:McpServer` whose provider is the
 * resource's provider module, with every output of the table declared and
 * every secret field kept secret (inputs given as plain strings included).
 */
import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, OutputsOf, ResourceSchema } from "./fields";
import type { ResourceTypes } from "./types.generated";
import { IDENTITY_INPUT, identityOf } from "./create-keys";
import { IN_CLEAR_KEY, secretKeys } from "./fields";
import { RESOURCE_MODULE } from "./tokens";

/** Each input and output of the table as a `pulumi.Output` property. */
export type OutputProperties<S extends ResourceSchema> = { readonly [K in keyof OutputsOf<S>]-?: pulumi.Output<OutputsOf<S>[K]> };

/** A resource class taking `Args` and whose instances have `Properties`. */
export interface ResourceClass<Args, Properties> {
  new (name: string, args: Args, opts?: pulumi.CustomResourceOptions): pulumi.dynamic.Resource & Properties;
}

/**
 * The paths of the `keys` values the program gave in clear. A map written in the program is checked entry by
 * entry (`credentials.client_secret`), any other value as a whole. Known at preview: secrecy does not wait for values.
 */
function givenInClear(given: Record<string, pulumi.Input<unknown> | undefined>, keys: string[]): pulumi.Output<string[]> {
  const checks = keys.flatMap((key) => {
    const value = given[key];
    if (value === undefined) return [];
    const literalMap = value !== null && typeof value === "object" && !Array.isArray(value) && !pulumi.Output.isInstance(value) && !(value instanceof Promise);
    const values: [string, unknown][] = literalMap ? Object.entries(value).map(([k, v]) => [`${key}.${k}`, v]) : [[key, value]];
    return values.map(async ([path, v]) => ((await pulumi.isSecret(pulumi.output(v))) ? [] : [path]));
  });
  return pulumi.output(Promise.all(checks).then((paths) => paths.flat()));
}

/**
 * The class of a table, typed with the interfaces generated from it (types.generated.ts, whose doc comments
 * editors show; test/provider/generated-types.check.ts proves them the same as `ArgsOf`/`OutputProperties`).
 */
export type ResourceClassOf<T extends keyof ResourceTypes> = ResourceClass<ResourceTypes[T]["args"], ResourceTypes[T]["properties"]>;

/** `provider` must be the exports of a module under node_modules, so the state holds `require(...)` of it, not its code. */
export function resourceClass<S extends ResourceSchema & { type: keyof ResourceTypes }>(schema: S, provider: pulumi.dynamic.ResourceProvider): ResourceClassOf<S["type"]> {
  const declared = Object.fromEntries([...Object.keys(schema.inputs), ...Object.keys(schema.outputs)].map((key) => [key, undefined]));
  const secretInputs = Object.keys(schema.inputs).filter((key) => schema.inputs[key]?.secret);
  const secrets = secretKeys(schema);
  const mustBeSecret = secretInputs.filter((key) => schema.inputs[key]?.mustBeSecret);

  const resource = class extends pulumi.dynamic.Resource {
    constructor(name: string, args: ArgsOf<S>, opts?: pulumi.CustomResourceOptions) {
      const given = args as Record<string, pulumi.Input<unknown> | undefined>;
      const secretArgs = secretInputs.filter((key) => given[key] !== undefined).map((key) => [key, pulumi.secret(given[key])]);
      const inClear = mustBeSecret.length > 0 ? { [IN_CLEAR_KEY]: givenInClear(given, mustBeSecret) } : {};
      super(
        provider,
        name,
        // Every key declared, so each output exists as a property even when its input is not given.
        // The identity lets a re-run of an interrupted create replay it (create-keys.ts).
        { ...declared, ...given, ...Object.fromEntries(secretArgs), ...inClear, [IDENTITY_INPUT]: identityOf(pulumi.getProject(), pulumi.getStack(), schema.type, name) },
        { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secrets] },
        RESOURCE_MODULE,
        schema.type,
      );
    }
  };
  return resource as unknown as ResourceClassOf<S["type"]>;
}
