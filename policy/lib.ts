/**
 * Helpers shared by every policy file: typed policy shapes, typed config with
 * defaults, the resource types of the provider, and reading props without
 * tripping over values that are not known yet (computed inputs at preview).
 */
import * as policySdk from "@pulumi/policy";
import type {
  EnforcementLevel,
  PolicyResource,
  ReportViolation,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import type { PolicyConfigJSONSchema, PolicyConfigJSONSchemaType } from "@pulumi/policy/schema";
import { PLUGIN_TYPE_TOKENS, TYPE_TOKENS, pluginToken, resourceType } from "../provider/resources/tokens";

// ---------------------------------------------------------------------------
// Policy shapes: a single validation function and an explicit default level,
// so that tests (and readers) can call `policy.validateResource(args, report)`.

export type ResourceValidate = (args: ResourceValidationArgs, reportViolation: ReportViolation) => void;
export type StackValidate = (args: StackValidationArgs, reportViolation: ReportViolation) => void;

export interface ResourcePolicy extends ResourceValidationPolicy {
  enforcementLevel: EnforcementLevel;
  validateResource: ResourceValidate;
}

export interface StackPolicy extends StackValidationPolicy {
  enforcementLevel: EnforcementLevel;
  validateStack: StackValidate;
}

export type PackPolicy = ResourcePolicy | StackPolicy;

// ---------------------------------------------------------------------------
// Typed config. A policy declares its knobs once, as JSON schema with a
// default per knob; the engine fills the defaults in, `readConfig` does the
// same for callers that do not (tests, older CLIs).

export type Knobs<T extends object> = {
  [K in keyof T]-?: PolicyConfigJSONSchema & { default: T[K] & PolicyConfigJSONSchemaType };
};

export interface ConfigSchema<T extends object> {
  properties: Knobs<T>;
}

/** Declares a policy's config schema; every knob carries its default. */
export function configSchema<T extends object>(properties: Knobs<T>): ConfigSchema<T> {
  return { properties };
}

interface HasConfig {
  getConfig<U extends object>(): U;
}

/** A stack rule's `configSchema` and its `validateStack`, which receives the config read against that same schema. */
export function stackRuleWithConfig<T extends object>(
  schema: ConfigSchema<T>,
  validate: (config: T, args: StackValidationArgs, reportViolation: ReportViolation) => void,
): Pick<StackPolicy, "configSchema" | "validateStack"> {
  return { configSchema: schema, validateStack: (args, reportViolation) => validate(readConfig(args, schema), args, reportViolation) };
}

/** The policy's config: what the pack config gives, the schema default otherwise. */
export function readConfig<T extends object>(args: HasConfig, schema: ConfigSchema<T>): T {
  const given = (args.getConfig<Partial<T>>() ?? {}) as Partial<T>;
  const result = {} as T;
  for (const key of Object.keys(schema.properties) as (keyof T)[]) {
    const value = given[key];
    result[key] = value === undefined ? (schema.properties[key].default as T[keyof T]) : (value as T[keyof T]);
  }
  return result;
}

// ---------------------------------------------------------------------------
// Resource types of the provider.

export type ResourceName = keyof typeof TYPE_TOKENS;

/**
 * The type-token prefixes of the provider's resources: dynamic resources
 * (`pulumi-nodejs:dynamic/integration-platform:`) and the provider plugin's
 * (`integration-platform:index:`). Every policy applies to both forms.
 */
export const TYPE_PREFIXES = [resourceType(""), pluginToken("")] as const;

export function isType(type: string, name: ResourceName): boolean {
  return type === TYPE_TOKENS[name] || type === PLUGIN_TYPE_TOKENS[name];
}

export function isProviderResource(type: string): boolean {
  return TYPE_PREFIXES.some((prefix) => type.startsWith(prefix));
}

/** `pulumi-nodejs:dynamic/integration-platform:McpServer` or `integration-platform:index:McpServer` → `McpServer`. */
export function shortType(type: string): string {
  const prefix = TYPE_PREFIXES.find((p) => type.startsWith(p));
  return prefix ? type.slice(prefix.length) : type;
}

// ---------------------------------------------------------------------------
// Unknown values. At preview a computed input (an Output not resolved yet) is
// sent as a sentinel; @pulumi/policy wraps props in a proxy that throws
// `UnknownValueError` when such a value is read, and then reports an advisory
// "can't run policy during preview" for the whole policy. Policies here read
// props through `plain()`, which turns each unknown value into `UNKNOWN` so
// that a check can skip just that value and still run the others.

export const UNKNOWN: unique symbol = Symbol("unknown (computed, not known at preview)");
export type Unknown = typeof UNKNOWN;
export type Plain = null | boolean | number | string | Unknown | Plain[] | { [key: string]: Plain };
export type PlainObject = { [key: string]: Plain };

/** The error class @pulumi/policy throws on reading an unknown value (exported at runtime, not in its typings). */
const UnknownValueError = (policySdk as unknown as { UnknownValueError?: abstract new (...args: never[]) => Error })
  .UnknownValueError;

/** The sentinels @pulumi/policy uses for unknown booleans, numbers, strings, arrays, objects, assets, archives. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const proxyInternals = require("@pulumi/policy/proxy") as Record<string, unknown>;
export const UNKNOWN_SENTINELS: ReadonlySet<string> = new Set(
  Object.entries(proxyInternals)
    .filter(([key, value]) => /^unknown[A-Za-z]*Value$/.test(key) && typeof value === "string")
    .map(([, value]) => value as string),
);

function isUnknownValueError(error: unknown): boolean {
  if (UnknownValueError && error instanceof UnknownValueError) return true;
  // Another copy of @pulumi/policy (nested node_modules) throws its own class.
  return error instanceof Error && error.constructor.name === "UnknownValueError";
}

function read(container: object, key: string | number): unknown {
  try {
    return (container as Record<string | number, unknown>)[key];
  } catch (error) {
    if (isUnknownValueError(error)) return UNKNOWN;
    throw error;
  }
}

/** A deep plain copy of props (or any value in them), every value not known yet replaced by `UNKNOWN`. */
export function plain(value: unknown): Plain {
  if (value === UNKNOWN) return UNKNOWN;
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return UNKNOWN_SENTINELS.has(value) ? UNKNOWN : value;
  if (typeof value === "boolean" || typeof value === "number") return value;
  if (Array.isArray(value)) {
    const out: Plain[] = [];
    const length = read(value, "length");
    if (typeof length !== "number") return UNKNOWN;
    for (let i = 0; i < length; i++) out.push(plain(read(value, i)));
    return out;
  }
  if (typeof value === "object") {
    const out: PlainObject = {};
    for (const key of Object.keys(value)) {
      const v = read(value, key);
      if (v !== undefined) out[key] = plain(v);
    }
    return out;
  }
  return null; // functions, symbols: not data
}

/**
 * A resource's props as plain data, keyed by the provider's input names (`T`
 * is one of the `*Inputs` types of provider/resources/*.schema.ts). A key that
 * is absent is unset; `UNKNOWN` is set but not known yet.
 */
export type Props<T> = { [K in keyof T]?: Plain };

export function propsOf<T>(props: Record<string, unknown>): Props<T> & PlainObject {
  const p = plain(props);
  return (isObject(p) ? p : {}) as Props<T> & PlainObject;
}

export function isObject(value: Plain | undefined): value is PlainObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True if the value or anything inside it is not known yet. */
export function hasUnknown(value: Plain | undefined): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (isObject(value)) return Object.values(value).some(hasUnknown);
  return false;
}

/** The `validateResource` of a rule about one kind of resource: `check` sees that kind's props only, as plain data. */
export function forResource<T>(
  name: ResourceName,
  check: (props: Props<T> & PlainObject, reportViolation: ReportViolation, args: ResourceValidationArgs) => void,
): ResourceValidate {
  return (args, reportViolation) => {
    if (isType(args.type, name)) check(propsOf<T>(args.props), reportViolation, args);
  };
}

/** The resource's props of a stack policy, as plain data. */
export function stackProps<T>(resource: PolicyResource): Props<T> & PlainObject {
  return propsOf<T>(resource.props);
}

// ---------------------------------------------------------------------------
// Messages.

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`. */
export function quoteList(values: readonly string[]): string {
  const quoted = values.map((v) => JSON.stringify(v));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}

/** snake_case → camelCase (`is_platform_link_enabled` → `isPlatformLinkEnabled`). */
export function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
}

/** A property name compared loosely: case and underscores ignored (`logo_url` ~ `logoUrl`). */
export function looseKey(name: string): string {
  return name.replace(/_/g, "").toLowerCase();
}
