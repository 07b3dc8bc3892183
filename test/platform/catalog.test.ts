import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { Tool } from "../../api/tool-router";
import { ToolkitDetail, ToolkitSummary } from "../../api/toolkits";
import { TriggerType } from "../../api/triggers";
import {
  CATEGORIES_FILE,
  Catalog,
  CatalogDataError,
  CatalogError,
  TOOLKIT_FILES,
  type ToolkitVersionsSelector,
} from "../../platform/catalog";
import { thrown } from "./helpers";

const catalog = Catalog.load();
const slugsOf = (items: readonly { slug: string }[]) => items.map((t) => t.slug);

describe("loading the data files", () => {
  it("loads a realistic catalog: toolkits, tools and trigger types in the required numbers", () => {
    const toolkits = catalog.listToolkits({ include_deprecated: true });
    expect(toolkits.length).toBeGreaterThanOrEqual(8);
    expect(catalog.listTools().length).toBeGreaterThanOrEqual(35);
    expect(catalog.listTriggerTypes({}).length).toBeGreaterThanOrEqual(10);
    for (const t of toolkits) {
      const tools = catalog.listTools({ toolkits: [t.slug] });
      expect(tools.length, t.slug).toBeGreaterThanOrEqual(3);
      expect(tools.length, t.slug).toBeLessThanOrEqual(6);
    }
    expect(catalog.listTriggerTypes({}).every((t) => t.type === "webhook" || t.type === "poll")).toBe(true);
    expect(new Set(catalog.listTriggerTypes({}).map((t) => t.type))).toEqual(new Set(["webhook", "poll"]));
  });

  it("covers every kind of auth, a deprecated toolkit and a project-managed one", () => {
    const all = catalog.listToolkits({ include_deprecated: true });
    const schemes = new Set(all.flatMap((t) => t.auth_schemes));
    for (const scheme of ["OAUTH2", "OAUTH1", "API_KEY"]) expect(schemes).toContain(scheme);
    expect(all.filter((t) => t.no_auth).map((t) => t.slug)).toEqual(["hackernews"]);
    expect(catalog.authSchemes("hackernews")).toEqual([]);
    expect(all.find((t) => t.slug === "hipchat")?.is_deprecated).toBe(true);
    expect(all.filter((t) => t.is_local_toolkit).map((t) => t.slug)).toEqual(["acme_inventory"]);
    const categories = new Set(all.flatMap((t) => t.meta.categories.map((c) => c.name)));
    expect(categories.size).toBeGreaterThanOrEqual(6);
  });

  it("serves only records that satisfy the api/ contract, at every version", () => {
    for (const summary of catalog.listToolkits({ include_deprecated: true })) {
      expect(ToolkitSummary.safeParse(summary).success, summary.slug).toBe(true);
      const versions = catalog.availableVersions(summary.slug) ?? [];
      expect(versions.length).toBeGreaterThanOrEqual(2);
      expect(versions.length).toBeLessThanOrEqual(3);
      expect(versions[0]).toBe(summary.meta.version);
      expect([...versions].sort().reverse()).toEqual(versions);
      for (const version of versions) {
        const detail = catalog.getToolkit(summary.slug, version);
        expect(ToolkitDetail.safeParse(detail).success, `${summary.slug}@${version}`).toBe(true);
        expect(detail?.meta.version).toBe(version);
        expect(detail?.meta.available_versions).toEqual(versions);
        for (const t of catalog.listTriggerTypes({ toolkit_slugs: [summary.slug], toolkit_versions: version })) {
          expect(TriggerType.safeParse(t).success, t.slug).toBe(true);
        }
      }
    }
    for (const tool of catalog.listTools()) expect(Tool.safeParse(tool).success, tool.slug).toBe(true);
  });

  it("counts tools and trigger types in meta as the data holds them", () => {
    for (const summary of catalog.listToolkits({ include_deprecated: true })) {
      const tools = catalog.listTools({ toolkits: [summary.slug] });
      const triggers = catalog.listTriggerTypes({ toolkit_slugs: [summary.slug] });
      expect(summary.meta.tools_count, summary.slug).toBe(tools.length);
      expect(summary.meta.triggers_count, summary.slug).toBe(triggers.length);
      const detail = catalog.getToolkit(summary.slug);
      expect(detail?.meta.tools_count).toBe(tools.length);
      expect(detail?.meta.triggers_count).toBe(triggers.length);
    }
  });

  it("prefixes every tool and trigger type slug with its toolkit's slug in upper case", () => {
    for (const tool of catalog.listTools()) expect(tool.slug.startsWith(`${tool.toolkit.slug.toUpperCase()}_`), tool.slug).toBe(true);
    for (const t of catalog.listTriggerTypes({})) expect(t.slug.startsWith(`${t.toolkit.slug.toUpperCase()}_`), t.slug).toBe(true);
  });

  it("describes auth modes with field descriptors for both stages", () => {
    const github = catalog.getToolkit("github");
    const oauth = github?.auth_config_details.find((m) => m.mode === "OAUTH2");
    expect(oauth?.fields.auth_config_creation.required.map((f) => f.name)).toEqual(["client_id", "client_secret"]);
    expect(oauth?.fields.auth_config_creation.optional.every((f) => !f.required)).toBe(true);
    expect(oauth?.deprecated_auth_provider_details?.authorization_url).toMatch(/^https:\/\/github\.com\//);
    const linearKey = catalog.authMode("LINEAR", "api_key");
    expect(linearKey?.fields.connected_account_initiation.required).toEqual([
      expect.objectContaining({ name: "api_key", required: true, type: "string" }),
    ]);
    expect(catalog.authMode("trello", "OAUTH1")?.mode).toBe("OAUTH1");
    expect(catalog.authMode("trello", "API_KEY")).toBeUndefined();
    expect(catalog.platformManagedAuthSchemes("gmail")).toEqual(["OAUTH2"]);
  });

  it("ships the data files in the build: the compiled catalog loads from an output directory", () => {
    const out = mkdtempSync(join(tmpdir(), "catalog-dist-"));
    try {
      const root = resolve(__dirname, "../..");
      const tsc = join(root, "node_modules/typescript/bin/tsc");
      // The build's compiler options (tsconfig.base.json), only the catalog as input.
      const config = join(out, "tsconfig.json");
      writeFileSync(config, JSON.stringify({
        extends: join(root, "tsconfig.base.json"),
        compilerOptions: { rootDir: root, outDir: join(out, "dist"), declaration: false, sourceMap: false, typeRoots: [join(root, "node_modules/@types")] },
        files: [join(root, "platform/catalog/index.ts")],
      }));
      execFileSync(process.execPath, [tsc, "-p", config], { cwd: root, stdio: "pipe" });
      expect(existsSync(join(out, "dist/platform/catalog/data/github.json"))).toBe(true);
      const script = `const { Catalog } = require(${JSON.stringify(join(out, "dist/platform/catalog/index.js"))});
        const c = Catalog.load(); console.log(JSON.stringify([c.listToolkits({ include_deprecated: true }).length, c.listTools().length]));`;
      const printed = execFileSync(process.execPath, ["-e", script], {
        env: { ...process.env, NODE_PATH: join(root, "node_modules") },
        encoding: "utf8",
      });
      expect(JSON.parse(printed)).toEqual([catalog.listToolkits({ include_deprecated: true }).length, catalog.listTools().length]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("invalid data fails loudly, naming file and field", () => {
  const github = TOOLKIT_FILES.find((f) => f.file === "github.json");
  if (!github) throw new Error("github.json missing");
  const mutated = (edit: (data: any) => void) => {
    const data = structuredClone(github.data) as any;
    edit(data);
    return [...TOOLKIT_FILES.filter((f) => f !== github), { file: "github.json", data }];
  };
  const problemsOf = (files: ReturnType<typeof mutated>) => {
    const err = thrown(() => Catalog.fromFiles(CATEGORIES_FILE, files));
    expect(err).toBeInstanceOf(CatalogDataError);
    return (err as CatalogDataError).problems;
  };

  it("a field of the wrong type", () => {
    const problems = problemsOf(mutated((d) => { d.tools[0].input_parameters.owner.required = "yes"; }));
    expect(problems).toEqual([expect.stringMatching(/^github\.json: tools\[0\] \(GITHUB_CREATE_ISSUE\)\.input_parameters\.owner\.required: /)]);
  });

  it("a misspelt key and a bad version", () => {
    const problems = problemsOf(mutated((d) => { d.meta.logo_url = d.meta.logo; d.versions[0] = "2025-03-01"; }));
    expect(problems.some((p) => p.startsWith("github.json: meta: ") && p.includes("logo_url"))).toBe(true);
    expect(problems.some((p) => p.startsWith("github.json: versions[0]: ") && p.includes("YYYYMMDD_NN"))).toBe(true);
  });

  it("catalog rules: slug prefix, unknown category, revision versions, managed schemes", () => {
    const problems = problemsOf(mutated((d) => {
      d.tools[1].slug = "GH_LIST_ISSUES";
      d.meta.categories.push("gaming");
      d.trigger_types[0].previous_versions[0].version = "20240101_00";
      d.platform_managed_auth_schemes.push("OAUTH1");
    }));
    expect(problems).toEqual(expect.arrayContaining([
      "github.json: tools[1].slug: GH_LIST_ISSUES must start with GITHUB_",
      expect.stringMatching(/^github\.json: meta\.categories\[2\]: unknown category gaming/),
      expect.stringMatching(/^github\.json: trigger_types\[0\]\.previous_versions\[0\]\.version: 20240101_00 is not one of the versions/),
      expect.stringMatching(/^github\.json: platform_managed_auth_schemes\[1\]: OAUTH1 is not one of the auth modes/),
    ]));
  });

  it("a slug defined twice across files", () => {
    const problems = problemsOf(mutated((d) => { d.tools[0].slug = "GITHUB_GET_REPOSITORY"; }));
    expect(problems.some((p) => p.includes("tools[") && p.includes("GITHUB_GET_REPOSITORY is also defined in github.json"))).toBe(true);
  });

  it("a file named after another toolkit", () => {
    const data = structuredClone(github.data);
    const err = thrown(() => Catalog.fromFiles(CATEGORIES_FILE, [{ file: "gitlab.json", data }]));
    expect((err as CatalogDataError).problems).toContain("gitlab.json: slug: the file of toolkit github must be named github.json");
  });
});

describe("listToolkits", () => {
  it("orders by usage by default, hides the deprecated toolkit", () => {
    const slugs = slugsOf(catalog.listToolkits({}));
    expect(slugs.slice(0, 3)).toEqual(["github", "gmail", "slack"]);
    expect(slugs).not.toContain("hipchat");
    expect(slugsOf(catalog.listToolkits({ sort_by: "usage" }))).toEqual(slugs);
  });

  it("sorts alphabetically by name", () => {
    const names = catalog.listToolkits({ sort_by: "alphabetically" }).map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(names[0]).toBe("Acme Inventory");
  });

  it("includes deprecated toolkits when asked, or when requested by slug", () => {
    expect(slugsOf(catalog.listToolkits({ include_deprecated: true }))).toContain("hipchat");
    expect(slugsOf(catalog.listToolkits({ slugs: ["HipChat", "github"] }))).toEqual(["github", "hipchat"]);
    expect(slugsOf(catalog.listToolkits({ slugs: ["nope"] }))).toEqual([]);
  });

  it("filters by category id, slug or name, case-insensitively", () => {
    const byId = slugsOf(catalog.listToolkits({ category: "ctg_communication" }));
    expect(byId.sort()).toEqual(["gmail", "slack"]);
    expect(slugsOf(catalog.listToolkits({ category: "COMMUNICATION" })).sort()).toEqual(byId);
    expect(slugsOf(catalog.listToolkits({ category: "developer tools" })).sort()).toEqual(["github", "linear"]);
    expect(slugsOf(catalog.listToolkits({ category: "communication", include_deprecated: true })).sort()).toEqual(["gmail", "hipchat", "slack"]);
    expect(catalog.listToolkits({ category: "gaming" })).toEqual([]);
  });

  it("filters by who manages the toolkit", () => {
    expect(slugsOf(catalog.listToolkits({ managed_by: "project" }))).toEqual(["acme_inventory"]);
    const platform = slugsOf(catalog.listToolkits({ managed_by: "platform" }));
    expect(platform).not.toContain("acme_inventory");
    expect(platform.length).toBe(catalog.listToolkits({}).length - 1);
    expect(catalog.listToolkits({ managed_by: "all" })).toEqual(catalog.listToolkits({}));
  });

  it("searches name, slug and description case-insensitively", () => {
    expect(slugsOf(catalog.listToolkits({ search: "hacker NEWS" }))).toEqual(["hackernews"]);
    expect(slugsOf(catalog.listToolkits({ search: "OPENWEATHER" }))).toEqual(["openweather"]);
    expect(slugsOf(catalog.listToolkits({ search: "boards, lists and cards" }))).toEqual(["trello"]);
    expect(slugsOf(catalog.listToolkits({ search: "issue tracker", category: "project-management" }))).toEqual(["linear"]);
    expect(slugsOf(catalog.listToolkits({ search: "  " })).length).toBe(catalog.listToolkits({}).length);
  });

  it("returns copies callers may change", () => {
    const first = catalog.listToolkits({})[0];
    if (!first) throw new Error("empty");
    first.name = "changed";
    expect(catalog.listToolkits({})[0]?.name).not.toBe("changed");
  });
});

describe("getToolkit and versions", () => {
  it("answers the latest version by default, case-insensitively", () => {
    const detail = catalog.getToolkit("GitHub");
    expect(detail?.slug).toBe("github");
    expect(detail?.meta.version).toBe("20250905_00");
    expect(catalog.getToolkit("github", "latest")).toEqual(detail);
    expect(catalog.getToolkit("github", "LATEST")).toEqual(detail);
    expect(detail?.meta.categories).toEqual([
      { id: "ctg_devtools", slug: "developer-tools", name: "Developer Tools" },
      { id: "ctg_project_mgmt", slug: "project-management", name: "Project Management" },
    ]);
  });

  it("an older version has fewer tools and trigger types", () => {
    const old = catalog.getToolkit("github", "20250301_00");
    expect(old?.meta.version).toBe("20250301_00");
    expect(old?.meta.tools_count).toBe(5);
    expect(old?.meta.triggers_count).toBe(3);
    expect(catalog.getToolkit("github")?.meta.tools_count).toBe(6);
  });

  it("unknown versions and slugs answer undefined; availableVersions names the versions", () => {
    expect(catalog.getToolkit("github", "20200101_00")).toBeUndefined();
    expect(catalog.getToolkit("gitlab")).toBeUndefined();
    expect(catalog.availableVersions("GITHUB")).toEqual(["20250905_00", "20250612_00", "20250301_00"]);
    expect(catalog.availableVersions("gitlab")).toBeUndefined();
  });

  it("answers the small look-ups the routes need", () => {
    expect(catalog.hasToolkit("Slack")).toBe(true);
    expect(catalog.hasToolkit("gitlab")).toBe(false);
    expect(catalog.toolkitSlug("SLACK")).toBe("slack");
    expect(catalog.toolkitLogo("slack")).toMatch(/^https:\/\/.+slack\.svg$/);
    expect(catalog.toolkitLogo("gitlab")).toBeUndefined();
    expect(catalog.authSchemes("twitter")).toEqual(["OAUTH1", "OAUTH2"]);
    expect(catalog.authSchemes("gitlab")).toBeUndefined();
    expect(catalog.isDeprecated("hipchat")).toBe(true);
    expect(catalog.categories().length).toBe(8);
  });
});

describe("tools", () => {
  it("lists tools, filtered by toolkit", () => {
    const gmail = catalog.listTools({ toolkits: ["GMAIL"] });
    expect(slugsOf(gmail)).toContain("GMAIL_SEND_EMAIL");
    expect(gmail.every((t) => t.toolkit.slug === "gmail" && t.toolkit.name === "Gmail" && t.toolkit.logo === catalog.toolkitLogo("gmail"))).toBe(true);
    expect(catalog.listTools({ toolkits: [] })).toEqual([]);
  });

  it("gets a tool by slug, case-insensitively, with versions since it appeared", () => {
    const pr = catalog.getTool("github_create_pull_request");
    expect(pr?.slug).toBe("GITHUB_CREATE_PULL_REQUEST");
    expect(pr?.version).toBe("20250905_00");
    expect(pr?.available_versions).toEqual(["20250905_00", "20250612_00"]);
    expect(pr?.input_parameters.head).toMatchObject({ type: "string", required: true });
    expect(pr?.output_parameters.successful?.type).toBe("boolean");
    expect(catalog.getTool("GITHUB_DELETE_EVERYTHING")).toBeUndefined();
  });

  it("marks the tools of a no-auth toolkit and of a deprecated toolkit", () => {
    expect(catalog.listTools({ toolkits: ["hackernews"] }).every((t) => t.no_auth)).toBe(true);
    expect(catalog.listTools({ toolkits: ["github"] }).every((t) => !t.no_auth)).toBe(true);
    const hipchat = catalog.listTools({ toolkits: ["hipchat"] });
    expect(hipchat.every((t) => t.is_deprecated && t.deprecated?.is_deprecated)).toBe(true);
  });

  it("searches by terms, best match first", () => {
    expect(catalog.searchTools("send an email")[0]?.slug).toBe("GMAIL_SEND_EMAIL");
    expect(slugsOf(catalog.searchTools("create issue").slice(0, 2)).sort()).toEqual(["GITHUB_CREATE_ISSUE", "LINEAR_CREATE_ISSUE"]);
    expect(catalog.searchTools("weather forecast")[0]?.slug).toBe("OPENWEATHER_GET_FORECAST");
    expect(catalog.searchTools("post a message to a slack channel")[0]?.slug).toBe("SLACK_SEND_MESSAGE");
    expect(slugsOf(catalog.searchTools("stars"))).toContain("GITHUB_STAR_REPOSITORY");
  });

  it("scopes and limits a search", () => {
    expect(slugsOf(catalog.searchTools("create issue", { toolkits: ["linear"] }))[0]).toBe("LINEAR_CREATE_ISSUE");
    expect(catalog.searchTools("create issue", { toolkits: ["linear"] }).every((t) => t.toolkit.slug === "linear")).toBe(true);
    expect(catalog.searchTools("list", { limit: 2 }).length).toBe(2);
    expect(catalog.searchTools("")).toEqual([]);
    expect(catalog.searchTools("the of a")).toEqual([]);
    expect(catalog.searchTools("xylophone quantum")).toEqual([]);
  });

  it("searches deprecated tools only in toolkits named explicitly", () => {
    expect(slugsOf(catalog.searchTools("room notification"))).not.toContain("HIPCHAT_SEND_ROOM_NOTIFICATION");
    expect(catalog.searchTools("room notification", { toolkits: ["hipchat"] })[0]?.slug).toBe("HIPCHAT_SEND_ROOM_NOTIFICATION");
  });
});

describe("trigger types", () => {
  const commitAt = (versions: ToolkitVersionsSelector) =>
    catalog.listTriggerTypes({ toolkit_slugs: ["github"], toolkit_versions: versions }).find((t) => t.slug === "GITHUB_COMMIT_EVENT");

  it("lists the latest trigger types of every toolkit, ordered by slug", () => {
    const all = catalog.listTriggerTypes({});
    expect(slugsOf(all)).toEqual([...slugsOf(all)].sort());
    expect(slugsOf(all)).toEqual(expect.arrayContaining(["GITHUB_COMMIT_EVENT", "GITHUB_PULL_REQUEST_EVENT", "GMAIL_NEW_GMAIL_MESSAGE", "SLACK_RECEIVE_MESSAGE"]));
    expect(catalog.listTriggerTypes({ toolkit_versions: "latest" })).toEqual(all);
  });

  it("filters by toolkit slugs, case-insensitively", () => {
    const slack = catalog.listTriggerTypes({ toolkit_slugs: ["SLACK", "gmail"] });
    expect(slugsOf(slack)).toEqual(["GMAIL_NEW_GMAIL_MESSAGE", "SLACK_CHANNEL_CREATED", "SLACK_REACTION_ADDED", "SLACK_RECEIVE_MESSAGE"]);
    expect(catalog.listTriggerTypes({ toolkit_slugs: ["gitlab"] })).toEqual([]);
  });

  it("one version for the selected toolkits: an older version has fewer types and an older config", () => {
    const old = catalog.listTriggerTypes({ toolkit_slugs: ["github"], toolkit_versions: "20250301_00" });
    expect(slugsOf(old)).toEqual(["GITHUB_COMMIT_EVENT", "GITHUB_ISSUE_ADDED_EVENT", "GITHUB_STAR_ADDED_EVENT"]);
    const commit = commitAt("20250301_00");
    expect(commit?.version).toBe("20250301_00");
    expect(Object.keys(commit?.config ?? {})).toEqual(["owner", "repo"]);
    expect(commit?.payload.author?.type).toBe("string");
    const latest = commitAt("latest");
    expect(latest?.version).toBe("20250905_00");
    expect(latest?.config.branch).toMatchObject({ type: "string", required: false });
    expect(latest?.payload.author?.properties).toBeDefined();
  });

  it("a middle version shows the newest revision not newer than it", () => {
    const mid = catalog.listTriggerTypes({ toolkit_slugs: ["github"], toolkit_versions: "20250612_00" });
    expect(slugsOf(mid)).toContain("GITHUB_PULL_REQUEST_EVENT");
    expect(commitAt("20250612_00")?.version).toBe("20250301_00");
    expect(mid.find((t) => t.slug === "GITHUB_PULL_REQUEST_EVENT")?.config.action?.options).toEqual(["any", "opened", "closed", "reopened", "synchronize"]);
  });

  it("per-toolkit versions, other toolkits at latest", () => {
    const items = catalog.listTriggerTypes({ toolkit_slugs: ["github", "slack"], toolkit_versions: { GitHub: "20250301_00", slack: "latest" } });
    expect(slugsOf(items)).not.toContain("GITHUB_PULL_REQUEST_EVENT");
    expect(slugsOf(items)).toContain("SLACK_CHANNEL_CREATED");
    const everyToolkit = catalog.listTriggerTypes({ toolkit_versions: { slack: "20250501_00" } });
    expect(slugsOf(everyToolkit).filter((s) => s.startsWith("SLACK_"))).toEqual(["SLACK_RECEIVE_MESSAGE"]);
    expect(slugsOf(everyToolkit)).toContain("GITHUB_PULL_REQUEST_EVENT");
  });

  it("one version without toolkit slugs applies to the toolkits that have it", () => {
    const items = catalog.listTriggerTypes({ toolkit_versions: "20250301_00" });
    expect(new Set(items.map((t) => t.toolkit.slug))).toEqual(new Set(["github"]));
  });

  it("an unknown version or toolkit throws a CatalogError naming toolkit_versions and the available versions", () => {
    const err = thrown(() => catalog.listTriggerTypes({ toolkit_slugs: ["github", "gmail"], toolkit_versions: "20250301_00" }));
    expect(err).toBeInstanceOf(CatalogError);
    expect((err as CatalogError).field).toBe("toolkit_versions");
    expect((err as CatalogError).message).toContain("gmail has no version 20250301_00; available versions: 20250820_01, 20250410_00");
    const perToolkit = thrown(() => catalog.listTriggerTypes({ toolkit_versions: { github: "20990101_00" } }));
    expect((perToolkit as CatalogError).message).toContain("github has no version 20990101_00; available versions: 20250905_00, 20250612_00, 20250301_00");
    expect((thrown(() => catalog.listTriggerTypes({ toolkit_versions: { gitlab: "latest" } })) as CatalogError).message).toContain("unknown toolkit gitlab");
    expect(thrown(() => catalog.listTriggerTypes({ toolkit_versions: "20990101_00" }))).toBeInstanceOf(CatalogError);
    expect(thrown(() => catalog.listTriggerTypes({ toolkit_versions: "yesterday" }))).toBeInstanceOf(CatalogError);
  });

  it("gets a trigger type by slug, case-insensitively, at a version", () => {
    expect(catalog.getTriggerType("gmail_new_gmail_message")?.slug).toBe("GMAIL_NEW_GMAIL_MESSAGE");
    expect(Object.keys(catalog.getTriggerType("GMAIL_NEW_GMAIL_MESSAGE", "20250410_00")?.config ?? {})).toEqual(["labelIds", "interval"]);
    expect(catalog.getTriggerType("GITHUB_PULL_REQUEST_EVENT", "20250301_00")).toBeUndefined();
    expect(catalog.getTriggerType("GITHUB_NOPE")).toBeUndefined();
    expect(catalog.getTriggerType("GITHUB_COMMIT_EVENT")?.instructions).toBeTruthy();
  });

  it("checks a trigger configuration against the config schema", () => {
    expect(catalog.checkTriggerConfig("GITHUB_COMMIT_EVENT", { owner: "octocat", repo: "hello-world" })).toEqual([]);
    expect(catalog.checkTriggerConfig("GITHUB_COMMIT_EVENT", { owner: 7, colour: "red" })).toEqual([
      "trigger_config.owner: must be a string",
      "trigger_config.repo: required by GITHUB_COMMIT_EVENT",
      "trigger_config.colour: not a field of GITHUB_COMMIT_EVENT (fields: owner, repo, branch)",
    ]);
    expect(catalog.checkTriggerConfig("GITHUB_PULL_REQUEST_EVENT", { owner: "o", repo: "r", action: "merged" })).toEqual([
      "trigger_config.action: must be one of: any, opened, closed, reopened, synchronize",
    ]);
    expect(catalog.checkTriggerConfig("NOPE", {})).toBeUndefined();
  });
});
