/**
 * The tool router's meta tools on the local platform: descriptions for
 * GET /tool_router/session/{id}/tools and execution for .../execute_meta.
 *
 * Searching and schema look-ups answer from the catalog; recipes live in a
 * store the caller passes (a Map will do). Meta tools that would reach external
 * applications answer `data: {}` with a clear `error` instead of failing.
 */
import { randomBytes } from "node:crypto";
import { META_TOOL_SLUGS, type MetaToolSlug, type Tool } from "../../api/tool-router";
import type { Catalog } from "./catalog";

/** Toolkit every meta tool belongs to; its upper-case slug is the meta tools' prefix. */
export const META_TOOLKIT = {
  slug: "platform",
  name: "Platform",
  logo: "https://logos.integration-platform.dev/toolkits/platform.svg",
} as const;
export const META_TOOLS_VERSION = "20250915_00";

export interface Recipe {
  id: string;
  name: string;
  description: string;
  /** Instructions or code describing how the tools are combined. */
  workflow: string;
  tool_slugs: string[];
  /** Incremented on every update, 1 when created. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** Where a session's recipes live; a `Map<string, Recipe>` satisfies it. */
export interface RecipeStore {
  get(id: string): Recipe | undefined;
  set(id: string, recipe: Recipe): unknown;
  values(): Iterable<Recipe>;
}

export interface MetaToolSession {
  /** The session's toolkits; every toolkit of the catalog when absent or empty. */
  toolkits?: readonly string[] | undefined;
  /** The session's recipes; the recipe meta tools answer an error without one. */
  recipes?: RecipeStore | undefined;
}

export interface MetaToolResult {
  data: Record<string, unknown>;
  error: string | null;
}

export const EXTERNAL_META_TOOLS = [
  "PLATFORM_MULTI_EXECUTE_TOOL",
  "PLATFORM_MANAGE_CONNECTIONS",
  "PLATFORM_WAIT_FOR_CONNECTIONS",
  "PLATFORM_REMOTE_WORKBENCH",
  "PLATFORM_REMOTE_BASH_TOOL",
] as const satisfies readonly MetaToolSlug[];

const EXTERNAL_REASON: Record<(typeof EXTERNAL_META_TOOLS)[number], string> = {
  PLATFORM_MULTI_EXECUTE_TOOL: "executing tools calls the external applications",
  PLATFORM_MANAGE_CONNECTIONS: "connecting accounts runs the external applications' authentication flows",
  PLATFORM_WAIT_FOR_CONNECTIONS: "connections complete in the external applications' authentication flows",
  PLATFORM_REMOTE_WORKBENCH: "the remote workbench runs code in a hosted sandbox that calls external applications",
  PLATFORM_REMOTE_BASH_TOOL: "the remote shell runs in a hosted sandbox that calls external applications",
};

const MAX_SEARCH_LIMIT = 50;
/**
 * Bounds on one call's work and answer: every query is a search answering up to
 * MAX_SEARCH_LIMIT tools, every slug a schema. Repeats count once.
 */
export const MAX_SEARCH_QUERIES = 20;
export const MAX_QUERY_LENGTH = 1000;
export const MAX_SLUGS_PER_CALL = 100;
/** Characters of a recipe's description or workflow (recipes are kept with the session). */
export const MAX_RECIPE_TEXT_LENGTH = 20_000;

class ArgumentError extends Error {}

type Args = Readonly<Record<string, unknown>>;

function optionalString(args: Args, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ArgumentError(`arguments.${name} must be a string`);
  return value;
}

/** A string of at most `max` characters. */
function boundedString(args: Args, name: string, max: number): string | undefined {
  const value = optionalString(args, name);
  if (value !== undefined && value.length > max) throw new ArgumentError(`arguments.${name} must be at most ${max} characters`);
  return value;
}

/** Distinct values, in their first order; more than `max` distinct ones is an argument error. */
function distinct(values: Iterable<string>, max: number, name: string): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    seen.add(value);
    if (seen.size > max) throw new ArgumentError(`arguments.${name} must have at most ${max} distinct values`);
  }
  return [...seen];
}

/** An array of distinct strings (at most MAX_SLUGS_PER_CALL), also accepted as one comma-separated string. */
function optionalStringArray(args: Args, name: string): string[] | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  const items = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(items) || !items.every((v) => typeof v === "string")) {
    throw new ArgumentError(`arguments.${name} must be an array of strings`);
  }
  return distinct(
    items.map((v) => v.trim()).filter((v) => v !== ""),
    MAX_SLUGS_PER_CALL,
    name,
  );
}

function searchQueries(args: Args): string[] {
  const queries: string[] = [];
  const single = optionalString(args, "query");
  if (single?.trim()) queries.push(single.trim());
  const many = args.queries;
  if (many !== undefined && many !== null) {
    if (!Array.isArray(many)) throw new ArgumentError("arguments.queries must be an array of strings or of objects with use_case");
    for (const [i, item] of many.entries()) {
      const text =
        typeof item === "string"
          ? item
          : item !== null && typeof item === "object"
            ? ((item as Record<string, unknown>).use_case ?? (item as Record<string, unknown>).query)
            : undefined;
      if (typeof text !== "string") throw new ArgumentError(`arguments.queries[${i}] must be a string or an object with a use_case string`);
      if (text.trim()) queries.push(text.trim());
    }
  }
  if (queries.length === 0) throw new ArgumentError("arguments.query (or arguments.queries) is required: describe the task to find tools for");
  const long = queries.findIndex((query) => query.length > MAX_QUERY_LENGTH);
  if (long >= 0) throw new ArgumentError(`arguments.queries: each query must be at most ${MAX_QUERY_LENGTH} characters (query ${long + 1} is ${queries[long]!.length})`);
  return distinct(queries, MAX_SEARCH_QUERIES, "queries");
}

/** The session's toolkits as canonical slugs, or undefined when the session is not limited. */
function sessionScope(catalog: Catalog, session: MetaToolSession): string[] | undefined {
  if (!session.toolkits || session.toolkits.length === 0) return undefined;
  return session.toolkits.map((s) => catalog.toolkitSlug(s) ?? s.toLowerCase());
}

function toolHit(tool: Tool) {
  return {
    slug: tool.slug,
    name: tool.name,
    description: tool.description,
    toolkit: tool.toolkit.slug,
    toolkit_name: tool.toolkit.name,
    no_auth: tool.no_auth,
    tags: tool.tags,
  };
}

function searchTools(catalog: Catalog, args: Args, session: MetaToolSession): MetaToolResult {
  const queries = searchQueries(args);
  const limitArg = args.limit;
  if (limitArg !== undefined && limitArg !== null && (typeof limitArg !== "number" || !Number.isInteger(limitArg) || limitArg < 1 || limitArg > MAX_SEARCH_LIMIT)) {
    throw new ArgumentError(`arguments.limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`);
  }
  const limit = typeof limitArg === "number" ? limitArg : 10;
  const inSession = sessionScope(catalog, session);
  const requested = optionalStringArray(args, "toolkits")?.map((s) => catalog.toolkitSlug(s) ?? s.toLowerCase());
  let scope = inSession;
  let error: string | null = null;
  if (requested) {
    const unknown = requested.filter((s) => !catalog.hasToolkit(s));
    const outside = inSession ? requested.filter((s) => catalog.hasToolkit(s) && !inSession.includes(s)) : [];
    scope = requested.filter((s) => catalog.hasToolkit(s) && (!inSession || inSession.includes(s)));
    const notes = [
      unknown.length ? `unknown toolkits: ${unknown.join(", ")}` : "",
      outside.length ? `toolkits not in this session (${inSession?.join(", ")}): ${outside.join(", ")}` : "",
    ].filter((n) => n !== "");
    if (notes.length) error = `${notes.join("; ")}; searched ${scope.length ? scope.join(", ") : "no toolkit"}`;
  }
  const results = queries.map((query) => ({
    use_case: query,
    tools: scope && scope.length === 0 ? [] : catalog.searchTools(query, { toolkits: scope, limit }).map(toolHit),
  }));
  const toolkits = [...new Set(results.flatMap((r) => r.tools.map((t) => t.toolkit)))];
  return {
    data: {
      results,
      toolkits,
      session_toolkits: inSession ?? null,
      next_step: "Call PLATFORM_GET_TOOL_SCHEMAS with tool_slugs to get the input parameters of the tools you want to use.",
    },
    error,
  };
}

function getToolSchemas(catalog: Catalog, args: Args, session: MetaToolSession): MetaToolResult {
  const slugs = optionalStringArray(args, "tool_slugs");
  if (!slugs || slugs.length === 0) throw new ArgumentError("arguments.tool_slugs is required: the slugs of the tools, e.g. [\"GITHUB_CREATE_ISSUE\"]");
  const inSession = sessionScope(catalog, session);
  const schemas: Record<string, unknown> = {};
  const unknown: string[] = [];
  const outside: string[] = [];
  for (const slug of slugs) {
    const tool = catalog.getTool(slug);
    if (!tool) unknown.push(slug);
    else if (inSession && !inSession.includes(tool.toolkit.slug)) outside.push(tool.slug);
    else {
      schemas[tool.slug] = {
        slug: tool.slug,
        name: tool.name,
        description: tool.description,
        toolkit: tool.toolkit.slug,
        input_parameters: tool.input_parameters,
        output_parameters: tool.output_parameters,
        no_auth: tool.no_auth,
        scopes: tool.scopes,
        version: tool.version,
        is_deprecated: tool.is_deprecated,
      };
    }
  }
  const notes = [
    unknown.length ? `unknown tool slugs: ${unknown.join(", ")}` : "",
    outside.length ? `not available in this session (toolkits: ${inSession?.join(", ")}): ${outside.join(", ")}` : "",
  ].filter((n) => n !== "");
  return { data: { tool_schemas: schemas }, error: notes.length ? notes.join("; ") : null };
}

function findRecipe(store: RecipeStore, idOrName: { id?: string | undefined; name?: string | undefined }): Recipe | undefined {
  if (idOrName.id) return store.get(idOrName.id);
  if (idOrName.name) {
    const wanted = idOrName.name.trim().toLowerCase();
    for (const recipe of store.values()) if (recipe.name.toLowerCase() === wanted) return recipe;
  }
  return undefined;
}

const NO_RECIPE_STORE = "recipes are not available in this session: the local platform keeps no recipe store for it";

function upsertRecipe(catalog: Catalog, args: Args, session: MetaToolSession): MetaToolResult {
  const store = session.recipes;
  if (!store) return { data: {}, error: NO_RECIPE_STORE };
  const id = optionalString(args, "recipe_id");
  const name = optionalString(args, "name")?.trim();
  const description = boundedString(args, "description", MAX_RECIPE_TEXT_LENGTH);
  const workflow = boundedString(args, "workflow", MAX_RECIPE_TEXT_LENGTH) ?? boundedString(args, "instructions", MAX_RECIPE_TEXT_LENGTH);
  const toolSlugs = optionalStringArray(args, "tool_slugs");
  if (name !== undefined && (name.length === 0 || name.length > 100)) throw new ArgumentError("arguments.name must be 1 to 100 characters");

  let canonicalSlugs: string[] | undefined;
  if (toolSlugs) {
    const unknown = toolSlugs.filter((s) => !catalog.getTool(s));
    if (unknown.length) throw new ArgumentError(`arguments.tool_slugs: unknown tool slugs: ${unknown.join(", ")}`);
    const inSession = sessionScope(catalog, session);
    const tools = toolSlugs.map((s) => catalog.getTool(s) as Tool);
    const outside = inSession ? tools.filter((t) => !inSession.includes(t.toolkit.slug)).map((t) => t.slug) : [];
    if (outside.length) throw new ArgumentError(`arguments.tool_slugs: not available in this session (toolkits: ${inSession?.join(", ")}): ${outside.join(", ")}`);
    canonicalSlugs = [...new Set(tools.map((t) => t.slug))];
  }

  const existing = findRecipe(store, { id, name: id ? undefined : name });
  if (id && !existing) return { data: {}, error: `unknown recipe_id ${id}: leave it out to create a recipe` };
  const now = new Date().toISOString();
  if (existing) {
    const updated: Recipe = {
      ...existing,
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(workflow !== undefined ? { workflow } : {}),
      ...(canonicalSlugs !== undefined ? { tool_slugs: canonicalSlugs } : {}),
      version: existing.version + 1,
      updated_at: now,
    };
    store.set(updated.id, updated);
    return { data: { recipe: { ...updated }, created: false }, error: null };
  }
  if (!name) throw new ArgumentError("arguments.name is required to create a recipe");
  const recipe: Recipe = {
    id: `rcp_${randomBytes(9).toString("base64url")}`,
    name,
    description: description ?? "",
    workflow: workflow ?? "",
    tool_slugs: canonicalSlugs ?? [],
    version: 1,
    created_at: now,
    updated_at: now,
  };
  store.set(recipe.id, recipe);
  return { data: { recipe: { ...recipe }, created: true }, error: null };
}

function getRecipe(args: Args, session: MetaToolSession): MetaToolResult {
  const store = session.recipes;
  if (!store) return { data: {}, error: NO_RECIPE_STORE };
  const id = optionalString(args, "recipe_id");
  const name = optionalString(args, "name");
  if (!id && !name) throw new ArgumentError("arguments.recipe_id (or arguments.name) is required");
  const recipe = findRecipe(store, { id, name });
  if (!recipe) return { data: {}, error: `no recipe ${id ? `with id ${id}` : `named ${name}`} in this session` };
  return { data: { recipe: { ...recipe } }, error: null };
}

/**
 * Runs one meta tool. Never throws for bad arguments: the problem, naming the
 * argument, is in `error`.
 */
export function executeMetaTool(
  catalog: Catalog,
  slug: string,
  args: Readonly<Record<string, unknown>> | undefined,
  session: MetaToolSession = {},
): MetaToolResult {
  const upper = slug.toUpperCase();
  const a: Args = args ?? {};
  try {
    switch (upper as MetaToolSlug) {
      case "PLATFORM_SEARCH_TOOLS":
        return searchTools(catalog, a, session);
      case "PLATFORM_GET_TOOL_SCHEMAS":
        return getToolSchemas(catalog, a, session);
      case "PLATFORM_UPSERT_RECIPE":
        return upsertRecipe(catalog, a, session);
      case "PLATFORM_GET_RECIPE":
        return getRecipe(a, session);
      case "PLATFORM_MULTI_EXECUTE_TOOL":
      case "PLATFORM_MANAGE_CONNECTIONS":
      case "PLATFORM_WAIT_FOR_CONNECTIONS":
      case "PLATFORM_REMOTE_WORKBENCH":
      case "PLATFORM_REMOTE_BASH_TOOL": {
        const reason = EXTERNAL_REASON[upper as (typeof EXTERNAL_META_TOOLS)[number]];
        return {
          data: {},
          error: `${upper} is not available on the local platform: it does not reach external applications (${reason}). PLATFORM_SEARCH_TOOLS and PLATFORM_GET_TOOL_SCHEMAS answer from the local catalog.`,
        };
      }
      default:
        return { data: {}, error: `unknown meta tool ${slug}; one of: ${META_TOOL_SLUGS.join(", ")}` };
    }
  } catch (err) {
    if (err instanceof ArgumentError) return { data: {}, error: err.message };
    throw err;
  }
}

// ------------------------------------------------------------------ descriptions

type Params = Tool["input_parameters"];

const RESULT_PARAMETERS: Tool["output_parameters"] = {
  data: { type: "object", description: "The result of the meta tool." },
  error: { type: "string", description: "Why the meta tool failed; null on success." },
};

interface MetaToolSpec {
  name: string;
  description: string;
  input: Params;
  tags: string[];
}

function specs(catalog: Catalog, toolkits: string[] | undefined): Record<MetaToolSlug, MetaToolSpec> {
  const scope = toolkits ? `the toolkits of this session (${toolkits.join(", ")})` : "every toolkit of the catalog";
  const toolkitExamples = toolkits ?? catalog.listToolkits({}).slice(0, 2).map((t) => t.slug);
  const offline = " Not available on the local platform, which does not reach external applications: it answers with an error.";
  return {
    PLATFORM_SEARCH_TOOLS: {
      name: "Search tools",
      description: `Finds the tools for a task among ${scope}, best matches first. Follow with PLATFORM_GET_TOOL_SCHEMAS for their parameters.`,
      tags: ["search", "discovery"],
      input: {
        query: { type: "string", description: "The task, in plain words.", required: false, examples: ["create an issue for a bug report"] },
        queries: { type: "array", description: "Several tasks at once: strings or objects with a use_case string.", required: false, examples: [[{ use_case: "send an email" }]] },
        toolkits: { type: "array", description: "Search only these toolkits (within the session's).", required: false, examples: [toolkitExamples] },
        limit: { type: "integer", description: `Tools per task, 1 to ${MAX_SEARCH_LIMIT}.`, required: false, examples: [10] },
      },
    },
    PLATFORM_MULTI_EXECUTE_TOOL: {
      name: "Execute tools",
      description: `Executes one or more tools with their arguments in parallel.${offline}`,
      tags: ["execution"],
      input: {
        tools: { type: "array", description: "Calls: objects with tool_slug and arguments.", required: true, examples: [[{ tool_slug: "GITHUB_GET_REPOSITORY", arguments: { owner: "octocat", repo: "hello-world" } }]] },
        sync_response_to_workbench: { type: "boolean", description: "Also store the responses in the remote workbench.", required: false, examples: [false] },
      },
    },
    PLATFORM_MANAGE_CONNECTIONS: {
      name: "Manage connections",
      description: `Checks the user's connections to toolkits and starts authentication where one is missing.${offline}`,
      tags: ["connections", "auth"],
      input: {
        toolkits: { type: "array", description: "Toolkit slugs to connect.", required: true, examples: [toolkitExamples] },
        reinitiate: { type: "boolean", description: "Start a new authentication even when a connection exists.", required: false, examples: [false] },
      },
    },
    PLATFORM_WAIT_FOR_CONNECTIONS: {
      name: "Wait for connections",
      description: `Waits until the user finishes authenticating the given toolkits.${offline}`,
      tags: ["connections", "auth"],
      input: {
        toolkits: { type: "array", description: "Toolkit slugs to wait for.", required: true, examples: [toolkitExamples] },
        timeout_seconds: { type: "integer", description: "How long to wait.", required: false, examples: [120] },
      },
    },
    PLATFORM_REMOTE_WORKBENCH: {
      name: "Remote workbench",
      description: `Runs Python code in a persistent remote sandbox that can call tools.${offline}`,
      tags: ["workbench", "code"],
      input: {
        code_to_execute: { type: "string", description: "Python code to run.", required: true, examples: ["print(1 + 1)"] },
        timeout_seconds: { type: "integer", description: "Time limit.", required: false, examples: [60] },
      },
    },
    PLATFORM_REMOTE_BASH_TOOL: {
      name: "Remote bash",
      description: `Runs a shell command in the remote sandbox.${offline}`,
      tags: ["workbench", "shell"],
      input: {
        command: { type: "string", description: "The command line.", required: true, examples: ["ls -la"] },
      },
    },
    PLATFORM_GET_TOOL_SCHEMAS: {
      name: "Get tool schemas",
      description: `Returns the input and output parameters of tools by slug, from ${scope}.`,
      tags: ["discovery", "schemas"],
      input: {
        tool_slugs: { type: "array", description: "Tool slugs, e.g. from PLATFORM_SEARCH_TOOLS.", required: true, examples: [["GITHUB_CREATE_ISSUE"]] },
      },
    },
    PLATFORM_UPSERT_RECIPE: {
      name: "Save recipe",
      description: "Creates or updates a recipe: a named, reusable workflow over tools of this session. Updates by recipe_id, else by name.",
      tags: ["recipes"],
      input: {
        recipe_id: { type: "string", description: "The recipe to update; leave out to create or update by name.", required: false },
        name: { type: "string", description: "Name of the recipe (required to create).", required: false, examples: ["Weekly issue digest"] },
        description: { type: "string", description: "What the recipe does.", required: false },
        workflow: { type: "string", description: "Instructions or code describing the steps.", required: false },
        tool_slugs: { type: "array", description: "Tools the recipe uses.", required: false, examples: [["GITHUB_LIST_REPOSITORY_ISSUES", "GMAIL_SEND_EMAIL"]] },
      },
    },
    PLATFORM_GET_RECIPE: {
      name: "Get recipe",
      description: "Returns a saved recipe of this session by recipe_id or name.",
      tags: ["recipes"],
      input: {
        recipe_id: { type: "string", description: "Id returned by PLATFORM_UPSERT_RECIPE.", required: false },
        name: { type: "string", description: "Name of the recipe (case-insensitive).", required: false },
      },
    },
  };
}

/** The meta tools of a session, one Tool per META_TOOL_SLUGS entry, in that order. */
export function sessionTools(catalog: Catalog, session: MetaToolSession = {}): Tool[] {
  const all = specs(catalog, sessionScope(catalog, session));
  return META_TOOL_SLUGS.map((slug) => {
    const spec = all[slug];
    return {
      slug,
      name: spec.name,
      description: spec.description,
      toolkit: { ...META_TOOLKIT },
      input_parameters: structuredClone(spec.input),
      output_parameters: structuredClone(RESULT_PARAMETERS),
      no_auth: true,
      available_versions: [META_TOOLS_VERSION],
      version: META_TOOLS_VERSION,
      scopes: [],
      tags: spec.tags,
      is_deprecated: false,
      deprecated: {
        displayName: spec.name,
        version: META_TOOLS_VERSION,
        available_versions: [META_TOOLS_VERSION],
        is_deprecated: false,
        toolkit: { logo: META_TOOLKIT.logo },
      },
    };
  });
}
