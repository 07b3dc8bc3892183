/** An OpenAPI 3.1 document generated from the route table, so the contract is written once. */
import { z } from "zod";
import { ApiErrorEnvelope } from "./errors";
import { AUTH_HEADERS, routes, type RouteDef } from "./routes";

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // Query coercion and transforms have no JSON Schema form; their declared shape is what callers need.
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Query and path schemas become one OpenAPI parameter per property. */
function parametersOf(schema: z.ZodType | undefined, location: "query" | "path"): JsonSchema[] {
  if (!schema) return [];
  const json = schemaOf(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    ...(property.deprecated ? { deprecated: true } : {}),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function operationOf(name: string, def: RouteDef): JsonSchema {
  const errorResponse = { content: { "application/json": { schema: schemaOf(ApiErrorEnvelope, "output") } } };
  return {
    operationId: name,
    summary: def.summary,
    tags: [def.area],
    ...(def.lifecycle ? { "x-lifecycle-endpoint": true } : {}),
    security: def.auth === "none" ? [] : [{ [def.auth === "apiKey" ? "ApiKeyAuth" : "OrgApiKeyAuth"]: [] }],
    parameters: [...parametersOf(def.params, "path"), ...parametersOf(def.query, "query")],
    ...(def.body
      ? { requestBody: { required: def.method !== "GET", content: { "application/json": { schema: schemaOf(def.body, "input") } } } }
      : {}),
    responses: {
      [String(def.successStatus)]: {
        description: "Success",
        content: { "application/json": { schema: schemaOf(def.response, "output") } },
      },
      "400": { description: "Invalid input", ...errorResponse },
      "401": { description: "Missing or invalid key", ...errorResponse },
      "403": { description: "Wrong kind of key", ...errorResponse },
      "404": { description: "Unknown id", ...errorResponse },
      "429": { description: "Rate limited", ...errorResponse },
    },
  };
}

export function buildOpenApiDocument(serverUrl = "/"): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, def] of Object.entries(routes) as [string, RouteDef][]) {
    const openApiPath = def.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    (paths[openApiPath] ??= {})[def.method.toLowerCase()] = operationOf(name, def);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Integration Platform API", version: "v3" },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: "apiKey", in: "header", name: AUTH_HEADERS.apiKey },
        OrgApiKeyAuth: { type: "apiKey", in: "header", name: AUTH_HEADERS.orgApiKey },
      },
    },
    paths,
  };
}
