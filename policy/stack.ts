/** Rules over the whole stack (they see every resource, with its outputs). */
import type { PolicyResource } from "@pulumi/policy";
import type { McpServerInputs } from "../provider/resources/mcp-server.schema";
import type { TriggerInstanceInputs } from "../provider/resources/trigger-instance.schema";
import {
  type Plain,
  type StackPolicy,
  UNKNOWN,
  configSchema,
  isObject,
  isType,
  looseKey,
  propsOf,
  quoteList,
  stackRuleWithConfig,
} from "./lib";

/** How two MCP server names are compared: surrounding spaces and case ignored. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

export const mcpServerNamesUnique: StackPolicy = {
  name: "mcp-server-names-unique",
  description:
    "MCP server names are unique within the stack (compared ignoring case and surrounding spaces), so that people and " +
    "clients can tell the servers apart. Fix: rename all but one of the servers that share a name.",
  enforcementLevel: "mandatory",
  validateStack: (args, reportViolation) => {
    const byName = new Map<string, { resource: PolicyResource; name: string }[]>();
    for (const resource of args.resources) {
      if (!isType(resource.type, "McpServer")) continue;
      const { name } = propsOf<McpServerInputs>(resource.props);
      if (typeof name !== "string") continue; // unset or not known yet
      const key = nameKey(name);
      byName.set(key, [...(byName.get(key) ?? []), { resource, name }]);
    }
    for (const group of byName.values()) {
      if (group.length < 2) continue;
      for (const { resource, name } of group) {
        const others = group.filter((g) => g.resource !== resource).map((g) => g.resource.name);
        reportViolation(
          `McpServer "${resource.name}" is named ${JSON.stringify(name)}, like McpServer ${quoteList(others)}. ` +
            "Give each MCP server of the stack its own name.",
          resource.urn,
        );
      }
    }
  },
};

export interface MaxProjectsConfig {
  /** The most Project resources one stack may declare. */
  max: number;
}

const maxProjectsSchema = configSchema<MaxProjectsConfig>({
  max: { type: "integer", minimum: 0, default: 5, description: "The most Project resources one stack may declare." },
});

export const maxProjectsPerStack: StackPolicy = {
  name: "max-projects-per-stack",
  description:
    "A stack declares at most `max` projects (config, default 5), which keeps a stack's blast radius and its update " +
    "time small. Fix: split the projects over several stacks, or raise max in the policy config.",
  enforcementLevel: "mandatory",
  ...stackRuleWithConfig(maxProjectsSchema, ({ max }, args, reportViolation) => {
    const projects = args.resources.filter((r) => isType(r.type, "Project"));
    if (projects.length > max) {
      reportViolation(
        `The stack declares ${projects.length} projects (${quoteList(projects.map((p) => p.name))}), more than the ` +
          `allowed ${max}. Split them over several stacks, or raise max in the policy config.`,
      );
    }
  }),
};

export interface KnownConnectedAccountsConfig {
  /** Connected account ids the stack may use although it does not declare them. */
  knownConnectedAccountIds: string[];
}

const knownConnectedAccountsSchema = configSchema<KnownConnectedAccountsConfig>({
  knownConnectedAccountIds: {
    type: "array",
    items: { type: "string", minLength: 1 },
    uniqueItems: true,
    default: [],
    description: "Connected account ids that trigger instances may use although the stack does not otherwise mention them.",
  },
});

/**
 * A property that names connected account ids: its name ends in
 * connectedAccountId(s) or connected_account_id(s), any case
 * (connectedAccountId, knownConnectedAccountIds, connected_account_ids, ...).
 */
export function isConnectedAccountKey(key: string): boolean {
  return /connectedaccountids?$/.test(looseKey(key));
}

/** Collects the ids under connected-account keys, at any depth; returns false if one of them is not known yet. */
function collectIds(value: Plain | undefined, underKey: boolean, into: Set<string>): boolean {
  if (value === UNKNOWN) return !underKey;
  if (typeof value === "string") {
    if (underKey) into.add(value);
    return true;
  }
  let complete = true;
  if (Array.isArray(value)) {
    for (const item of value) complete = collectIds(item, underKey, into) && complete;
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith("__")) continue;
      complete = collectIds(item, isConnectedAccountKey(key), into) && complete;
    }
  }
  return complete;
}

const CONNECTED_ACCOUNT_FIELD = "connectedAccountId" satisfies keyof TriggerInstanceInputs;

export const triggerConnectedAccountKnown: StackPolicy = {
  name: "trigger-connected-account-known",
  description:
    "Each TriggerInstance's connectedAccountId refers to a connected account the stack knows of: the value is wired from " +
    "another resource's output (a dependency of that property), or it appears under a property named connectedAccountId(s) " +
    "or connected_account_id(s) of another resource or of the stack outputs (e.g. export const connectedAccountIds = [...]), " +
    "or it is listed in config `knownConnectedAccountIds`. A literal id nobody else mentions is often a copy-paste from " +
    "another project. Fix: take the id from the resource or output that owns it, export it as a stack output, or add it to " +
    "knownConnectedAccountIds in the policy config.",
  enforcementLevel: "advisory",
  ...stackRuleWithConfig(knownConnectedAccountsSchema, ({ knownConnectedAccountIds }, args, reportViolation) => {
    const known = new Set(knownConnectedAccountIds);
    let complete = true;
    const triggers: PolicyResource[] = [];
    for (const resource of args.resources) {
      if (isType(resource.type, "TriggerInstance")) {
        triggers.push(resource);
        continue;
      }
      complete = collectIds(propsOf(resource.props), false, known) && complete;
    }
    for (const trigger of triggers) {
      const id = propsOf<TriggerInstanceInputs>(trigger.props).connectedAccountId;
      if (typeof id !== "string") continue; // unset or not known yet
      if (known.has(id)) continue;
      if ((trigger.propertyDependencies[CONNECTED_ACCOUNT_FIELD] ?? []).length > 0) continue;
      if (!complete) continue; // an id that is not known yet may be this one
      reportViolation(
        `TriggerInstance "${trigger.name}" uses connected account ${JSON.stringify(id)}, which the stack does not know of. ` +
          "Take the id from the resource or output that owns it, export it as a stack output named connectedAccountIds, " +
          "or add it to knownConnectedAccountIds in the policy config.",
        trigger.urn,
      );
    }
  }),
};

export const stackPolicies = [mcpServerNamesUnique, maxProjectsPerStack, triggerConnectedAccountKnown];
