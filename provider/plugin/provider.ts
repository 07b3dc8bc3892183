/**
 * The plugin's `Provider` (@pulumi/pulumi/provider): each call goes to the
 * resource's lifecycle (`provider/resources/lifecycle.ts`, the functions the
 * dynamic resources run) or to a data-source function, with secrets unwrapped
 * on the way in and marked on the way out (see secrets.ts).
 */
import type * as provider from "@pulumi/pulumi/provider";
import { secretKeys } from "../resources/fields";
import { pluginToken } from "../resources/tokens";
import { FUNCTIONS } from "./functions";
import { packageSchema } from "./schema";
import { resourceOfUrn, type PluginResource } from "./resources";
import { conceal, reveal } from "./secrets";

type Props = Record<string, unknown>;

const FUNCTION_BY_TOKEN = new Map(Object.entries(FUNCTIONS).map(([name, fn]) => [pluginToken(name), fn]));

/** What comes back is secret where the table says so and where the engine sent a secret. */
function marked(resource: PluginResource, props: object | undefined, sentSecret: Set<string>): Props {
  return conceal(props, [...secretKeys(resource.schema), ...sentSecret]);
}

export function pluginProvider(version: string): provider.Provider {
  const schema = JSON.stringify(packageSchema(version));
  return {
    version,
    schema,

    async check(urn, olds, news) {
      const resource = resourceOfUrn(urn);
      const sent = reveal(news);
      const result = await resource.provider.check(reveal(olds).plain, sent.plain);
      return { inputs: marked(resource, result.inputs, sent.secrets), failures: result.failures ?? [] };
    },

    async diff(id, urn, olds, news) {
      return resourceOfUrn(urn).provider.diff(id, reveal(olds).plain, reveal(news).plain);
    },

    async create(urn, inputs) {
      const resource = resourceOfUrn(urn);
      const sent = reveal(inputs);
      const { id, outs } = await resource.provider.create(sent.plain);
      return { id, outs: marked(resource, outs, sent.secrets) };
    },

    // Also `pulumi import`: no props then, and the inputs returned are what the generated code declares.
    async read(id, urn, props) {
      const resource = resourceOfUrn(urn);
      const sent = reveal(props as Props | undefined);
      const result = await resource.provider.read(id, Object.keys(sent.plain).length ? sent.plain : undefined);
      if (!result.id) return {};
      return { id: result.id, props: marked(resource, result.props, sent.secrets), inputs: marked(resource, result.inputs, sent.secrets) };
    },

    async update(id, urn, olds, news) {
      const resource = resourceOfUrn(urn);
      const sent = reveal(news);
      const { outs } = await resource.provider.update(id, reveal(olds).plain, sent.plain);
      return { outs: marked(resource, outs, sent.secrets) };
    },

    async delete(id, urn, props) {
      await resourceOfUrn(urn).provider.delete(id, reveal(props).plain);
    },

    async invoke(token, args) {
      const fn = FUNCTION_BY_TOKEN.get(token);
      if (!fn) throw new Error(`integration-platform has no function "${token}"; it serves ${[...FUNCTION_BY_TOKEN.keys()].join(", ")}.`);
      return { outputs: await fn.call(reveal(args).plain) };
    },
  };
}
