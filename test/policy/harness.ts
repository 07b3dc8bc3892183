/**
 * Runs policies of the pack in-process, the way @pulumi/policy's analyzer
 * server calls them: props wrapped in the real unknown-checking proxy (which
 * throws on reading a value not known at preview), `getConfig()` returning
 * only what the pack config gives (no defaults), and a `reportViolation`
 * that collects messages.
 */
import * as policySdk from "@pulumi/policy";
import type { PolicyResource, PolicyResourceOptions, ResourceValidationArgs, StackValidationArgs } from "@pulumi/policy";
import { TYPE_TOKENS } from "../../provider/resources/tokens";
import type { ResourcePolicy, StackPolicy } from "../../policy/lib";

const sdk = policySdk as unknown as { unknownCheckingProxy: <T extends object>(props: T) => T };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const proxyInternals = require("@pulumi/policy/proxy") as Record<string, string>;

/** The values the engine sends for computed inputs at preview, by kind. */
export const unknown = {
  string: proxyInternals.unknownStringValue as unknown as string,
  boolean: proxyInternals.unknownBooleanValue as unknown as boolean,
  number: proxyInternals.unknownNumberValue as unknown as number,
  array: proxyInternals.unknownArrayValue as unknown as string[],
  object: proxyInternals.unknownObjectValue as unknown as Record<string, unknown>,
};

export type ResourceKind = keyof typeof TYPE_TOKENS;

export interface Violation {
  message: string;
  urn?: string;
}

const OPTIONS: PolicyResourceOptions = {
  protect: false,
  ignoreChanges: [],
  aliases: [],
  customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
  additionalSecretOutputs: [],
};

function typeOf(kind: ResourceKind | string): string {
  return kind in TYPE_TOKENS ? TYPE_TOKENS[kind as ResourceKind] : kind;
}

function urnOf(type: string, name: string): string {
  return `urn:pulumi:test::policy::${type}::${name}`;
}

function notApplicable(reason?: string): never {
  throw new Error(`notApplicable: ${reason ?? ""}`);
}

/** Validates one resource (kind: a TYPE_TOKENS key or a full type token) and returns the violation messages. */
export function validateResource(
  policy: ResourcePolicy,
  kind: ResourceKind | string,
  props: Record<string, unknown>,
  config: Record<string, unknown> = {},
): string[] {
  const type = typeOf(kind);
  const violations: string[] = [];
  const proxied = sdk.unknownCheckingProxy({ ...props });
  const args: ResourceValidationArgs = {
    type,
    props: proxied,
    urn: urnOf(type, "res"),
    name: "res",
    opts: OPTIONS,
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => ({ ...config }) as T,
    notApplicable,
  };
  policy.validateResource(args, (message) => violations.push(message));
  return violations;
}

export interface FakeResource {
  kind: ResourceKind | string;
  name: string;
  props: Record<string, unknown>;
  /** Property name → names of the resources it was wired from. */
  propertyDependencies?: Record<string, string[]>;
}

/** A resource of the stack, for `validateStack`. */
export function resource(
  kind: ResourceKind | string,
  name: string,
  props: Record<string, unknown>,
  propertyDependencies?: Record<string, string[]>,
): FakeResource {
  return propertyDependencies ? { kind, name, props, propertyDependencies } : { kind, name, props };
}

/** Validates a stack of resources and returns the violations (message and the urn they point at, if any). */
export function validateStack(
  policy: StackPolicy,
  resources: FakeResource[],
  config: Record<string, unknown> = {},
): Violation[] {
  const violations: Violation[] = [];
  const built: PolicyResource[] = resources.map((r) => {
    const type = typeOf(r.kind);
    return {
      type,
      props: sdk.unknownCheckingProxy({ ...r.props }),
      urn: urnOf(type, r.name),
      name: r.name,
      opts: OPTIONS,
      dependencies: [],
      propertyDependencies: {},
      isType: () => false,
      asType: () => undefined,
    };
  });
  const byName = new Map(built.map((r) => [r.name, r]));
  resources.forEach((r, i) => {
    for (const [prop, names] of Object.entries(r.propertyDependencies ?? {})) {
      const deps = names.map((n) => byName.get(n)).filter((d): d is PolicyResource => d !== undefined);
      built[i]!.propertyDependencies[prop] = deps;
      built[i]!.dependencies.push(...deps);
    }
  });
  const args: StackValidationArgs = {
    resources: built,
    stackTags: new Map(),
    getConfig: <T extends object>() => ({ ...config }) as T,
    notApplicable,
  };
  policy.validateStack(args, (message, urn) => violations.push(urn ? { message, urn } : { message }));
  return violations;
}

export function urnFor(kind: ResourceKind | string, name: string): string {
  return urnOf(typeOf(kind), name);
}
