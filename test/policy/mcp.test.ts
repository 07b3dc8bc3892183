import { describe, expect, it } from "vitest";
import { MCP_NAME_RULE } from "../../api/mcp";
import { mcpServerNameFormat, mcpToolScope, toolBelongsTo, toolPrefix } from "../../policy/mcp";
import { unknown, validateResource } from "./harness";

const server = (props: Record<string, unknown> = {}) => ({
  name: "GitHub issues",
  authConfigIds: ["ac_github"],
  toolkits: ["github"],
  allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_ISSUES"],
  ...props,
});

describe("mcp-server-name-format", () => {
  it("accepts names of 4-30 letters, digits, spaces and hyphens", () => {
    for (const name of ["abcd", "GitHub issues", "support-bot-2", "a".repeat(30), "1234"]) {
      expect(validateResource(mcpServerNameFormat, "McpServer", server({ name })), name).toEqual([]);
    }
  });

  it("refuses other names and says what the rule is", () => {
    for (const name of ["abc", "a".repeat(31), "under_score", "dots.here", "émoji-ok?", ""]) {
      const violations = validateResource(mcpServerNameFormat, "McpServer", server({ name }));
      expect(violations, name).toHaveLength(1);
      expect(violations[0]).toContain(JSON.stringify(name));
      expect(violations[0]).toContain(MCP_NAME_RULE);
    }
  });

  it("reports a missing name", () => {
    const { name: _omitted, ...rest } = server();
    expect(validateResource(mcpServerNameFormat, "McpServer", rest)).toEqual([
      `The MCP server has no name. Set name to a string that ${MCP_NAME_RULE}.`,
    ]);
  });

  it("does not report a name that is not known yet", () => {
    expect(validateResource(mcpServerNameFormat, "McpServer", server({ name: unknown.string }))).toEqual([]);
  });

  it("ignores other resource types", () => {
    expect(validateResource(mcpServerNameFormat, "Project", { name: "x" })).toEqual([]);
    expect(validateResource(mcpServerNameFormat, "aws:s3/bucket:Bucket", { name: "x" })).toEqual([]);
  });
});

describe("mcp-tool-scope", () => {
  it("passes a server with explicit tools of its toolkits and auth configs", () => {
    expect(validateResource(mcpToolScope, "McpServer", server())).toEqual([]);
    expect(
      validateResource(
        mcpToolScope,
        "McpServer",
        server({ toolkits: ["github", "slack"], allowedTools: ["GITHUB_CREATE_ISSUE", "SLACK_SEND_MESSAGE"] }),
      ),
    ).toEqual([]);
  });

  it("requires allowedTools to be set and non-empty", () => {
    const { allowedTools: _omitted, ...unset } = server();
    const [unsetViolation] = validateResource(mcpToolScope, "McpServer", unset);
    expect(unsetViolation).toMatch(/allowedTools is not set/);
    expect(unsetViolation).toMatch(/allowedTools: \["GITHUB_CREATE_ISSUE"\]/);
    expect(validateResource(mcpToolScope, "McpServer", server({ allowedTools: [] }))).toEqual([
      expect.stringMatching(/allowedTools is empty/),
    ]);
  });

  it("reports tools that belong to none of the server's toolkits", () => {
    const violations = validateResource(
      mcpToolScope,
      "McpServer",
      server({ allowedTools: ["GITHUB_CREATE_ISSUE", "SLACK_SEND_MESSAGE", "GITHUBX_THING"] }),
    );
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain('"SLACK_SEND_MESSAGE" and "GITHUBX_THING"');
    expect(violations[0]).toContain('("github")');
    expect(violations[0]).not.toContain('"GITHUB_CREATE_ISSUE"');
  });

  it("asks for toolkits when none are declared", () => {
    const { toolkits: _omitted, ...rest } = server();
    expect(validateResource(mcpToolScope, "McpServer", rest)).toEqual([expect.stringMatching(/toolkits is not set/)]);
    expect(validateResource(mcpToolScope, "McpServer", server({ toolkits: [] }))).toEqual([
      expect.stringMatching(/toolkits is not set/),
    ]);
  });

  it("requires auth configs unless auth is managed by the platform", () => {
    expect(validateResource(mcpToolScope, "McpServer", server({ authConfigIds: [] }))).toEqual([
      expect.stringMatching(/authConfigIds is empty.*managedAuthViaPlatform: true/),
    ]);
    const { authConfigIds: _omitted, ...rest } = server();
    expect(validateResource(mcpToolScope, "McpServer", rest)).toHaveLength(1);
    expect(validateResource(mcpToolScope, "McpServer", server({ authConfigIds: [], managedAuthViaPlatform: false }))).toHaveLength(1);
    expect(validateResource(mcpToolScope, "McpServer", server({ authConfigIds: [], managedAuthViaPlatform: true }))).toEqual([]);
  });

  it("reports every problem of a server at once", () => {
    const violations = validateResource(mcpToolScope, "McpServer", {
      name: "wide open",
      authConfigIds: [],
      toolkits: ["github"],
    });
    expect(violations).toHaveLength(2);
  });

  it("does not report values that are not known yet", () => {
    expect(validateResource(mcpToolScope, "McpServer", server({ allowedTools: unknown.array }))).toEqual([]);
    expect(validateResource(mcpToolScope, "McpServer", server({ toolkits: unknown.array, allowedTools: ["SLACK_X"] }))).toEqual([]);
    // One toolkit not known yet: a tool matching no known toolkit may belong to it.
    expect(
      validateResource(mcpToolScope, "McpServer", server({ toolkits: ["github", unknown.string], allowedTools: ["SLACK_X"] })),
    ).toEqual([]);
    // A tool not known yet is skipped; the known ones are still checked.
    expect(
      validateResource(mcpToolScope, "McpServer", server({ allowedTools: [unknown.string, "GITHUB_CREATE_ISSUE"] })),
    ).toEqual([]);
    expect(validateResource(mcpToolScope, "McpServer", server({ allowedTools: [unknown.string, "SLACK_X"] }))).toEqual([
      expect.stringContaining('"SLACK_X"'),
    ]);
    expect(validateResource(mcpToolScope, "McpServer", server({ authConfigIds: unknown.array }))).toEqual([]);
    expect(validateResource(mcpToolScope, "McpServer", server({ authConfigIds: [], managedAuthViaPlatform: unknown.boolean }))).toEqual([]);
  });

  it("ignores other resource types", () => {
    expect(validateResource(mcpToolScope, "Project", { name: "p" })).toEqual([]);
  });
});

describe("tool slugs and toolkits", () => {
  it("derive the prefix from the toolkit slug", () => {
    expect(toolPrefix("github")).toBe("GITHUB_");
    expect(toolPrefix("google-calendar")).toBe("GOOGLE_CALENDAR_");
    expect(toolBelongsTo("GITHUB_CREATE_ISSUE", "github")).toBe(true);
    expect(toolBelongsTo("github_create_issue", "GitHub")).toBe(true);
    expect(toolBelongsTo("GITHUBACTIONS_RUN", "github")).toBe(false);
    expect(toolBelongsTo("GITHUB", "github")).toBe(false);
    expect(toolBelongsTo("GOOGLE_CALENDAR_CREATE_EVENT", "google-calendar")).toBe(true);
  });
});
