/**
 * The resources the plugin serves: each field table with its provider module,
 * the same objects the dynamic resources use (`provider/resources/kinds.ts`).
 */
import type { ResourceSchema } from "../resources/fields";
import { RESOURCE_KINDS } from "../resources/kinds";
import type { ResourceProvider } from "../resources/lifecycle";
import { pluginToken } from "../resources/tokens";

export interface PluginResource {
  readonly schema: ResourceSchema;
  // The lifecycle's functions take each resource's own inputs and outputs; the plugin passes what the engine sent.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly provider: ResourceProvider<any, any>;
}

export const RESOURCES: readonly PluginResource[] = Object.values(RESOURCE_KINDS);

const BY_TOKEN = new Map(RESOURCES.map((r) => [pluginToken(r.schema.type), r]));

/** The resource of a URN (`urn:pulumi:<stack>::<project>::[<parent type>$]<type>::<name>`). */
export function resourceOfUrn(urn: string): PluginResource {
  const type = (urn.split("::")[2] ?? "").split("$").pop() ?? "";
  const resource = BY_TOKEN.get(type);
  if (!resource) {
    throw new Error(`integration-platform has no resource type "${type}"; it serves ${[...BY_TOKEN.keys()].join(", ")}.`);
  }
  return resource;
}
