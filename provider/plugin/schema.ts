/**
 * The Pulumi package schema of the plugin, generated: resources from their
 * field tables (types, descriptions, secrets, required inputs, which inputs
 * replace, defaults), functions from the api/ zod schemas of their arguments
 * and results (`z.toJSONSchema`), configuration from the settings. The plugin
 * serves it (`pulumi package get-schema`); SDKs and `pulumi import`'s code
 * generation are made from it.
 */
import { z } from "zod";
import type { FieldType, InputField, OutputField, ResourceSchema } from "../resources/fields";
import { PACKAGE_NAME, pluginToken } from "../resources/tokens";
import { SETTINGS, type SettingName } from "../settings";
import { FUNCTIONS, type PluginFunction } from "./functions";
import { RESOURCES } from "./resources";

/** A Pulumi schema type (the subset used here). */
export interface TypeSpec {
  type?: "string" | "boolean" | "integer" | "number" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
}
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  default?: unknown;
  defaultInfo?: { environment: string[] };
}
interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** The Go module of the generated Go SDK (`npm run plugin-sdks`); its package is `<module>/integrationplatform`. */
export const GO_MODULE = "pulumi-integration-platform/sdk/go";

/** The npm module generated programs import the plugin's resources from (see `plugin/` in the package). */
export const NODEJS_MODULE = "pulumi-integration-platform/plugin";

const SETTING_DESCRIPTIONS: Record<SettingName, string> = {
  baseUrl: "The Integration Platform's URL, e.g. https://platform.example.com.",
  apiKey: "Project API key: project-scoped resources and functions act with it unless given their own `apiKey`.",
  orgApiKey: "Organization API key: `Project` acts with it.",
  maxRetries: "Retries of a failed request (429, 5xx, lost connection) before the operation fails; a whole number, default 3.",
  requestTimeout: "Time limit of each request attempt: milliseconds (`30000`) or a duration (`500ms`, `30s`, `2m`).",
};

// ---------------------------------------------------------------------------
// Resources: from the field tables.

function fieldType(type: FieldType): TypeSpec {
  switch (type) {
    case "string":
    case "boolean":
    case "integer":
      return { type };
    case "string[]":
      return { type: "array", items: { type: "string" } };
    case "string map":
      return { type: "object", additionalProperties: { type: "string" } };
    case "object":
      return ANY;
  }
}

function fieldProperty(field: InputField | OutputField): PropertySpec {
  const values = field.values ? ` One of: ${field.values.map((v) => `\`${v}\``).join(", ")}.` : "";
  return { ...fieldType(field.type), description: field.description + values, ...(field.secret ? { secret: true } : {}) };
}

function inputProperty(field: InputField): PropertySpec {
  return {
    ...fieldProperty(field),
    ...(field.change === "replace" ? { replaceOnChanges: true } : {}),
    ...(field.default !== undefined ? { default: field.default } : {}),
  };
}

function resourceSpec(schema: ResourceSchema) {
  const inputs = Object.entries(schema.inputs);
  const outputs = Object.entries(schema.outputs);
  return {
    description: schema.description,
    inputProperties: Object.fromEntries(inputs.map(([k, f]) => [k, inputProperty(f)])),
    requiredInputs: inputs.filter(([, f]) => f.required).map(([k]) => k),
    properties: Object.fromEntries([...inputs, ...outputs].map(([k, f]) => [k, fieldProperty(f)])),
    // Always present in the state: required inputs and the computed outputs that are neither optional nor nullable.
    required: [
      ...inputs.filter(([, f]) => f.required || f.default !== undefined).map(([k]) => k),
      ...outputs.filter(([, f]) => !f.optional && !f.nullable).map(([k]) => k),
    ],
  };
}

// ---------------------------------------------------------------------------
// Functions: from JSON Schema of the api/ zod schemas. Objects with properties
// become named types (`<Function><Path>`); what a Pulumi type cannot say
// (unions of objects, recursive references) becomes Any.

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  deprecated?: boolean;
}

const snakeCase = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
const pascal = (s: string) => s.replace(/(^|[_\-\s]+)([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase());

class TypeCollector {
  readonly types: Record<string, ObjectTypeSpec> = {};

  /** The type of `schema`; a named object type is registered as `name`. */
  typeOf(schema: JsonSchema, name: string): TypeSpec {
    const variants = (schema.anyOf ?? schema.oneOf ?? []).filter((s) => s.type !== "null");
    if (variants.length === 1) return this.typeOf(variants[0]!, name);
    if (variants.length > 1) {
      const kinds = new Set(variants.map((v) => v.type));
      return kinds.size === 1 && ["string", "number", "integer", "boolean"].includes(String([...kinds][0])) ? this.typeOf(variants[0]!, name) : ANY;
    }
    if (schema.$ref) return ANY;
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
    if (schema.const !== undefined || schema.enum) return { type: typeof (schema.const ?? schema.enum?.[0]) === "number" ? "number" : "string" };
    switch (type) {
      case "string":
      case "boolean":
      case "integer":
      case "number":
        return { type };
      case "array":
        return { type: "array", items: schema.items ? this.typeOf(schema.items, name + "Item") : ANY };
      case "object": {
        if (schema.properties && Object.keys(schema.properties).length > 0) {
          const token = pluginToken(name);
          this.types[token] = this.objectOf(schema, name);
          return { $ref: `#/types/${token}` };
        }
        const extra = schema.additionalProperties;
        return { type: "object", additionalProperties: typeof extra === "object" ? this.typeOf(extra, name + "Value") : ANY };
      }
      default:
        return ANY;
    }
  }

  objectOf(schema: JsonSchema, name: string, omit: readonly string[] = []): ObjectTypeSpec {
    const all = Object.entries(schema.properties ?? {});
    // A deprecated alias of another field (`authConfigIds` beside `auth_config_ids`) is left out: the
    // Python SDK would name both `auth_config_ids`, which does not compile, and new SDKs have no old callers.
    const isAlias = (k: string, s: JsonSchema) => s.deprecated && all.some(([other]) => other !== k && snakeCase(other) === snakeCase(k));
    const entries = all.filter(([k, s]) => !omit.includes(k) && !isAlias(k, s));
    return {
      type: "object",
      ...(schema.description ? { description: schema.description } : {}),
      properties: Object.fromEntries(
        entries.map(([k, s]) => [k, { ...this.typeOf(s, name + pascal(k)), ...(s.description ? { description: s.description } : {}) }]),
      ),
      required: (schema.required ?? []).filter((k) => !omit.includes(k) && entries.some(([e]) => e === k)),
    };
  }
}

const jsonSchemaOf = (schema: z.ZodType, io: "input" | "output"): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline", cycles: "ref" }) as JsonSchema;

function functionSpec(name: string, fn: PluginFunction, types: TypeCollector) {
  const args = types.objectOf(jsonSchemaOf(fn.args, "input"), pascal(name) + "Args", fn.omitArgs);
  const result = types.objectOf(jsonSchemaOf(fn.result, "output"), pascal(name) + "Result");
  // Arguments the API defaults are optional to the caller.
  const argsRequired = (jsonSchemaOf(fn.args, "output").required ?? []).filter((k) => args.required?.includes(k));
  return { description: fn.description, inputs: { ...args, required: argsRequired }, outputs: result };
}

// ---------------------------------------------------------------------------

export function packageSchema(version: string) {
  const types = new TypeCollector();
  const config = Object.fromEntries(
    (Object.keys(SETTINGS) as SettingName[]).map((name) => {
      const { env, secret } = SETTINGS[name];
      const spec: PropertySpec = {
        type: "string",
        description: `${SETTING_DESCRIPTIONS[name]} Falls back to the environment variable ${env}.`,
        defaultInfo: { environment: [env] },
        ...(secret ? { secret: true } : {}),
      };
      return [name, spec];
    }),
  );
  const functions = Object.fromEntries(Object.entries(FUNCTIONS).map(([name, fn]) => [pluginToken(name), functionSpec(name, fn, types)]));
  return {
    name: PACKAGE_NAME,
    displayName: "Integration Platform",
    version,
    description: "Projects, their configuration, auth configs, MCP servers, trigger instances and webhook subscriptions of the Integration Platform API v3.",
    keywords: ["pulumi", "integration-platform", "mcp", "category/utility"],
    license: "Apache-2.0",
    config: { variables: config },
    provider: { description: "The integration-platform provider: where the platform is and the keys to act with.", inputProperties: config, properties: config },
    resources: Object.fromEntries(RESOURCES.map(({ schema }) => [pluginToken(schema.type), resourceSpec(schema)])),
    functions,
    types: types.types,
    language: {
      nodejs: { packageName: NODEJS_MODULE, dependencies: {} },
      // The SDKs report the schema's version as the plugin version they need (otherwise 0.0.0 or their module's).
      python: { packageName: "pulumi_integration_platform", respectSchemaVersion: true },
      // Not published anywhere: a program adds the generated module with a `replace` directive (README).
      go: { importBasePath: `${GO_MODULE}/integrationplatform`, respectSchemaVersion: true },
    },
  };
}
