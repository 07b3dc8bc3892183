/**
 * Catalog tools as MCP tools. The catalog describes a tool's parameters as a map from name to
 * `{ type, description, required, enum, examples, properties, items }`; MCP wants JSON Schema.
 * Each tool is converted once (the catalog does not change while the platform runs), with its
 * argument validator compiled by Ajv.
 */
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import type { Catalog, Tool } from "../catalog";

export type JsonSchema = Record<string, unknown>;
type Parameters = Tool["input_parameters"];

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** One parameter as JSON Schema; nested `properties` and `items` are parameters too. */
function parameterSchema(parameter: Record<string, unknown>): JsonSchema {
  const schema: JsonSchema = {};
  if (typeof parameter.type === "string" && JSON_TYPES.has(parameter.type)) schema.type = parameter.type;
  if (typeof parameter.description === "string") schema.description = parameter.description;
  if (Array.isArray(parameter.enum)) schema.enum = parameter.enum;
  if (Array.isArray(parameter.examples)) schema.examples = parameter.examples;
  if ("default" in parameter) schema.default = parameter.default;
  if (isRecord(parameter.properties)) Object.assign(schema, objectSchema(parameter.properties as Parameters, false));
  if (isRecord(parameter.items)) schema.items = parameterSchema(parameter.items);
  return schema;
}

/** An object whose properties are the parameters; `closed` refuses names that are not among them. */
function objectSchema(parameters: Parameters, closed: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, parameter] of Object.entries(parameters)) {
    if (!isRecord(parameter)) continue;
    properties[name] = parameterSchema(parameter);
    if (parameter.required === true) required.push(name);
  }
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

/** A tool as served by the MCP endpoint, with what calling it needs. */
export interface ServedTool {
  slug: string;
  toolkit: string;
  /** True when calling it needs no connected account. */
  noAuth: boolean;
  definition: McpTool;
  /** The output schema, when the catalog declares output parameters. */
  outputSchema: JsonSchema | undefined;
  /** Problems of the arguments as `field: message` lines; empty when they are valid. */
  checkArguments(args: unknown): string[];
}

/** `/owner` → `owner`, `/labels/0` → `labels.0`. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.slice(1).replace(/\//g, ".");
  const join = (name: string) => (path ? `${path}.${name}` : name);
  if (error.keyword === "required") return join(String(error.params.missingProperty));
  if (error.keyword === "additionalProperties") return join(String(error.params.additionalProperty));
  return path || "arguments";
}

function describeError(error: ErrorObject, slug: string): string {
  if (error.keyword === "required") return `${fieldOf(error)}: is required`;
  if (error.keyword === "additionalProperties") return `${fieldOf(error)}: is not a parameter of ${slug}`;
  if (error.keyword === "enum") return `${fieldOf(error)}: must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  return `${fieldOf(error)}: ${error.message ?? "is not valid"}`;
}

export class ToolSchemas {
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private readonly served = new Map<string, ServedTool>();

  constructor(private readonly catalog: Catalog) {}

  /** The tool by slug (case-insensitive), or undefined when the catalog has none. */
  get(slug: string): ServedTool | undefined {
    const key = slug.toUpperCase();
    const known = this.served.get(key);
    if (known) return known;
    const tool = this.catalog.getTool(key);
    if (!tool) return undefined;
    const built = this.build(tool);
    this.served.set(key, built);
    return built;
  }

  /**
   * The tools a server offers: its `allowed_tools` when it names any, else every tool of its
   * toolkits; in that order, each once.
   */
  forServer(server: { allowed_tools: readonly string[]; toolkits: readonly string[] }): ServedTool[] {
    const slugs = server.allowed_tools.length
      ? server.allowed_tools
      : this.catalog.listTools({ toolkits: server.toolkits }).map((tool) => tool.slug);
    const tools = new Map<string, ServedTool>();
    for (const slug of slugs) {
      const tool = this.get(slug);
      if (tool && !tools.has(tool.slug)) tools.set(tool.slug, tool);
    }
    return [...tools.values()];
  }

  private build(tool: Tool): ServedTool {
    const inputSchema = objectSchema(tool.input_parameters, true);
    const outputSchema = Object.keys(tool.output_parameters).length ? objectSchema(tool.output_parameters, false) : undefined;
    // Compiled on first use: listing tools never pays for it.
    let validate: ValidateFunction | undefined;
    return {
      slug: tool.slug,
      toolkit: tool.toolkit.slug,
      noAuth: tool.no_auth,
      definition: {
        name: tool.slug,
        title: tool.name,
        description: tool.description,
        inputSchema: inputSchema as McpTool["inputSchema"],
        ...(outputSchema ? { outputSchema: outputSchema as McpTool["outputSchema"] } : {}),
      },
      outputSchema,
      checkArguments: (args) => {
        validate ??= this.ajv.compile(inputSchema);
        return validate(args) ? [] : (validate.errors ?? []).map((error) => describeError(error, tool.slug));
      },
    };
  }
}
