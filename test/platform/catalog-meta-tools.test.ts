import { describe, expect, it } from "vitest";
import { ExecuteMetaResponse, META_TOOL_SLUGS, Tool } from "../../api/tool-router";
import { Catalog, EXTERNAL_META_TOOLS, type Recipe, executeMetaTool, sessionTools } from "../../platform/catalog";

const catalog = Catalog.load();

describe("sessionTools", () => {
  it("describes one Tool per meta tool, in contract order, each valid", () => {
    const tools = sessionTools(catalog, {});
    expect(tools.map((t) => t.slug)).toEqual([...META_TOOL_SLUGS]);
    for (const tool of tools) {
      expect(Tool.safeParse(tool).success, tool.slug).toBe(true);
      expect(tool.slug.startsWith(`${tool.toolkit.slug.toUpperCase()}_`)).toBe(true);
      expect(Object.keys(tool.input_parameters).length).toBeGreaterThan(0);
    }
    const schemas = tools.find((t) => t.slug === "PLATFORM_GET_TOOL_SCHEMAS");
    expect(schemas?.input_parameters.tool_slugs).toMatchObject({ type: "array", required: true });
  });

  it("is specific to the session: its toolkits appear in the descriptions", () => {
    const tools = sessionTools(catalog, { toolkits: ["GitHub", "slack"] });
    const search = tools.find((t) => t.slug === "PLATFORM_SEARCH_TOOLS");
    expect(search?.description).toContain("github, slack");
    expect(search?.input_parameters.toolkits?.examples).toEqual([["github", "slack"]]);
    const multi = tools.find((t) => t.slug === "PLATFORM_MULTI_EXECUTE_TOOL");
    expect(multi?.description).toContain("does not reach external applications");
  });
});

describe("executeMetaTool", () => {
  it("every answer fits the execute_meta response once a log_id is added", () => {
    for (const slug of META_TOOL_SLUGS) {
      const result = executeMetaTool(catalog, slug, {}, {});
      expect(ExecuteMetaResponse.safeParse({ ...result, log_id: "log_1" }).success, slug).toBe(true);
    }
  });

  describe("PLATFORM_SEARCH_TOOLS", () => {
    it("searches the catalog for a query", () => {
      const { data, error } = executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", { query: "send an email" }, {});
      expect(error).toBeNull();
      const results = data.results as { use_case: string; tools: { slug: string; toolkit: string }[] }[];
      expect(results).toHaveLength(1);
      expect(results[0]?.use_case).toBe("send an email");
      expect(results[0]?.tools[0]).toMatchObject({ slug: "GMAIL_SEND_EMAIL", toolkit: "gmail", no_auth: false });
      expect(data.toolkits).toContain("gmail");
      expect(data.session_toolkits).toBeNull();
    });

    it("takes several queries, as strings or use_case objects", () => {
      const { data, error } = executeMetaTool(catalog, "platform_search_tools", {
        queries: ["create a github issue", { use_case: "current weather in Berlin" }],
      });
      expect(error).toBeNull();
      const results = data.results as { use_case: string; tools: { slug: string }[] }[];
      expect(results.map((r) => r.use_case)).toEqual(["create a github issue", "current weather in Berlin"]);
      expect(results[0]?.tools[0]?.slug).toBe("GITHUB_CREATE_ISSUE");
      expect(results[1]?.tools[0]?.slug).toBe("OPENWEATHER_GET_CURRENT_WEATHER");
    });

    it("is scoped to the session's toolkits", () => {
      const { data } = executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", { query: "create issue" }, { toolkits: ["Linear"] });
      const tools = (data.results as { tools: { toolkit: string }[] }[])[0]?.tools ?? [];
      expect(tools.length).toBeGreaterThan(0);
      expect(tools.every((t) => t.toolkit === "linear")).toBe(true);
      expect(data.session_toolkits).toEqual(["linear"]);
    });

    it("narrows by arguments.toolkits within the session, naming toolkits outside it", () => {
      const { data, error } = executeMetaTool(
        catalog,
        "PLATFORM_SEARCH_TOOLS",
        { query: "create issue", toolkits: ["github", "linear", "gitlab"] },
        { toolkits: ["github", "slack"] },
      );
      expect(error).toContain("unknown toolkits: gitlab");
      expect(error).toContain("toolkits not in this session (github, slack): linear");
      const tools = (data.results as { tools: { toolkit: string }[] }[])[0]?.tools ?? [];
      expect(tools.every((t) => t.toolkit === "github")).toBe(true);
    });

    it("answers an error naming the argument when the query is missing or wrong", () => {
      expect(executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", {}, {})).toEqual({ data: {}, error: expect.stringContaining("arguments.query") });
      expect(executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", undefined, {}).error).toContain("arguments.query");
      expect(executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", { query: 42 }, {}).error).toBe("arguments.query must be a string");
      expect(executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", { queries: [{}] }, {}).error).toContain("arguments.queries[0]");
      expect(executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", { query: "email", limit: 0 }, {}).error).toContain("arguments.limit");
    });

    it("honours limit", () => {
      const { data } = executeMetaTool(catalog, "PLATFORM_SEARCH_TOOLS", { query: "list", limit: 2 }, {});
      expect((data.results as { tools: unknown[] }[])[0]?.tools).toHaveLength(2);
    });
  });

  describe("PLATFORM_GET_TOOL_SCHEMAS", () => {
    it("returns schemas of known tools and lists unknown slugs in error", () => {
      const { data, error } = executeMetaTool(catalog, "PLATFORM_GET_TOOL_SCHEMAS", {
        tool_slugs: ["github_create_issue", "GMAIL_SEND_EMAIL", "GITHUB_FLY"],
      });
      const schemas = data.tool_schemas as Record<string, { input_parameters: Record<string, unknown>; toolkit: string }>;
      expect(Object.keys(schemas)).toEqual(["GITHUB_CREATE_ISSUE", "GMAIL_SEND_EMAIL"]);
      expect(schemas.GITHUB_CREATE_ISSUE?.input_parameters.title).toMatchObject({ type: "string", required: true });
      expect(error).toBe("unknown tool slugs: GITHUB_FLY");
    });

    it("accepts a comma-separated string and refuses tools outside the session", () => {
      const { data, error } = executeMetaTool(catalog, "PLATFORM_GET_TOOL_SCHEMAS", { tool_slugs: "GITHUB_GET_REPOSITORY, SLACK_SEND_MESSAGE" }, { toolkits: ["github"] });
      expect(Object.keys(data.tool_schemas as object)).toEqual(["GITHUB_GET_REPOSITORY"]);
      expect(error).toBe("not available in this session (toolkits: github): SLACK_SEND_MESSAGE");
    });

    it("requires tool_slugs", () => {
      expect(executeMetaTool(catalog, "PLATFORM_GET_TOOL_SCHEMAS", {}, {}).error).toContain("arguments.tool_slugs is required");
      expect(executeMetaTool(catalog, "PLATFORM_GET_TOOL_SCHEMAS", { tool_slugs: [1] }, {}).error).toBe("arguments.tool_slugs must be an array of strings");
    });
  });

  describe("recipes", () => {
    it("creates, reads, updates by id and by name", () => {
      const recipes = new Map<string, Recipe>();
      const session = { toolkits: ["github", "gmail"], recipes };
      const created = executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", {
        name: "Weekly issue digest",
        description: "Mail the open issues every Monday",
        workflow: "1. list issues 2. send email",
        tool_slugs: ["github_list_repository_issues", "GMAIL_SEND_EMAIL"],
      }, session);
      expect(created.error).toBeNull();
      expect(created.data.created).toBe(true);
      const recipe = created.data.recipe as Recipe;
      expect(recipe).toMatchObject({ name: "Weekly issue digest", version: 1, tool_slugs: ["GITHUB_LIST_REPOSITORY_ISSUES", "GMAIL_SEND_EMAIL"] });
      expect(recipe.id).toMatch(/^rcp_/);
      expect(recipes.size).toBe(1);

      const read = executeMetaTool(catalog, "PLATFORM_GET_RECIPE", { recipe_id: recipe.id }, session);
      expect(read).toEqual({ data: { recipe }, error: null });
      expect(executeMetaTool(catalog, "PLATFORM_GET_RECIPE", { name: "weekly ISSUE digest" }, session).data.recipe).toEqual(recipe);

      const byId = executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", { recipe_id: recipe.id, description: "Mondays at 9" }, session);
      expect(byId.data).toMatchObject({ created: false, recipe: { id: recipe.id, description: "Mondays at 9", version: 2, workflow: recipe.workflow } });
      const byName = executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", { name: "Weekly issue digest", workflow: "v3" }, session);
      expect(byName.data).toMatchObject({ created: false, recipe: { id: recipe.id, workflow: "v3", version: 3 } });
      expect(recipes.size).toBe(1);
    });

    it("refuses unknown tools, tools outside the session, unknown ids and a missing name", () => {
      const session = { toolkits: ["github"], recipes: new Map<string, Recipe>() };
      expect(executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", { name: "x", tool_slugs: ["NOPE_TOOL"] }, session).error).toContain("unknown tool slugs: NOPE_TOOL");
      expect(executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", { name: "x", tool_slugs: ["GMAIL_SEND_EMAIL"] }, session).error).toContain("not available in this session");
      expect(executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", { recipe_id: "rcp_missing" }, session).error).toContain("unknown recipe_id rcp_missing");
      expect(executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", { description: "no name" }, session).error).toBe("arguments.name is required to create a recipe");
      expect(executeMetaTool(catalog, "PLATFORM_GET_RECIPE", {}, session).error).toContain("arguments.recipe_id");
      expect(executeMetaTool(catalog, "PLATFORM_GET_RECIPE", { recipe_id: "rcp_missing" }, session)).toEqual({ data: {}, error: "no recipe with id rcp_missing in this session" });
      expect(session.recipes.size).toBe(0);
    });

    it("answers a clear error without a recipe store", () => {
      expect(executeMetaTool(catalog, "PLATFORM_UPSERT_RECIPE", { name: "x" }, {})).toEqual({ data: {}, error: expect.stringContaining("recipes are not available") });
      expect(executeMetaTool(catalog, "PLATFORM_GET_RECIPE", { recipe_id: "x" }, {}).error).toContain("recipes are not available");
    });
  });

  it.each(EXTERNAL_META_TOOLS)("%s answers data {} and says the local platform does not reach external applications", (slug) => {
    const result = executeMetaTool(catalog, slug, { tools: [{ tool_slug: "GITHUB_GET_REPOSITORY", arguments: {} }] }, { toolkits: ["github"] });
    expect(result.data).toEqual({});
    expect(result.error).toMatch(new RegExp(`^${slug} is not available on the local platform: it does not reach external applications`));
  });

  it("answers an unknown meta tool with an error listing the known ones", () => {
    expect(executeMetaTool(catalog, "PLATFORM_TELEPORT", {}, {}).error).toContain("PLATFORM_SEARCH_TOOLS");
  });
});
