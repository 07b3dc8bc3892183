/**
 * The TypeScript SDK of the provider plugin: resource classes of type
 * `integration-platform:index:<Resource>` made from the same field tables as
 * the dynamic ones, and the functions as invokes of the plugin. Programs use
 * it as `import * as platform from "pulumi-integration-platform/plugin"`,
 * which is also what `pulumi import` prints. Resources get the plugin from
 * the engine (PATH or `pulumi plugin install`), so no code of this package
 * runs in the program beyond these classes.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, ResourceSchema } from "../resources/fields";
import type { ResourceTypes } from "../resources/types.generated";
import { secretKeys } from "../resources/fields";
import { RESOURCE_SCHEMAS as S } from "../resources/schemas";
import { pluginToken } from "../resources/tokens";


/** A plugin resource class taking `Args` and whose instances have `Properties` (as `ResourceClass`). */
export interface PluginResourceClass<Args, Properties> {
  new (name: string, args: Args, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource & Properties;
  /** Reads an existing object's state into the program (`Resource.get`). */
  get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource & Properties;
}

/** The plugin class of a table: its Args and properties are the dynamic class's, the interfaces generated from the table, whose doc comments editors show. */
type PluginClassOf<T extends keyof ResourceTypes> = PluginResourceClass<ResourceTypes[T]["args"], ResourceTypes[T]["properties"]>;

export function pluginResourceClass<S extends ResourceSchema & { type: keyof ResourceTypes }>(schema: S): PluginClassOf<S["type"]> {
  const token = pluginToken(schema.type);
  const declared = Object.fromEntries([...Object.keys(schema.inputs), ...Object.keys(schema.outputs)].map((key) => [key, undefined]));
  const secretInputs = Object.keys(schema.inputs).filter((key) => schema.inputs[key]?.secret);
  const secrets = secretKeys(schema);

  const resource = class extends pulumi.CustomResource {
    constructor(name: string, args: ArgsOf<S> | undefined, opts?: pulumi.CustomResourceOptions) {
      const given = (args ?? {}) as Record<string, pulumi.Input<unknown> | undefined>;
      const secretArgs = secretInputs.filter((key) => given[key] !== undefined).map((key) => [key, pulumi.secret(given[key])]);
      super(token, name, { ...declared, ...given, ...Object.fromEntries(secretArgs) }, {
        ...opts,
        additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secrets],
      });
    }
    /** An instance of the class it is called on (`McpServer.get(…) instanceof McpServer`). */
    static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions) {
      return new this(name, undefined, { ...opts, id });
    }
  };
  return resource as unknown as PluginClassOf<S["type"]>;
}

// A class declaration is the value and the instance type at once (`const s: McpServer = new McpServer(…)`).
export class Project extends pluginResourceClass(S.Project) {}
export class ProjectConfig extends pluginResourceClass(S.ProjectConfig) {}
export class McpServer extends pluginResourceClass(S.McpServer) {}
export class TriggerInstance extends pluginResourceClass(S.TriggerInstance) {}
export class AuthConfig extends pluginResourceClass(S.AuthConfig) {}
export class WebhookSubscription extends pluginResourceClass(S.WebhookSubscription) {}

// The same inputs as the dynamic resources'.
export type { AuthConfigArgs, McpServerArgs, ProjectArgs, ProjectConfigArgs, TriggerInstanceArgs, WebhookSubscriptionArgs } from "../resources";

/** Calls a function of the plugin (`integration-platform:index:<name>`); its result is the schema's object. */
export function invoke<R = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}, opts?: pulumi.InvokeOptions): Promise<R> {
  return pulumi.runtime.invoke(pluginToken(name), args, opts) as Promise<R>;
}

/** The Output form of `invoke`. */
export function invokeOutput<R = Record<string, unknown>>(name: string, args: pulumi.Inputs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<R> {
  return pulumi.runtime.invokeOutput(pluginToken(name), args, opts) as pulumi.Output<R>;
}
