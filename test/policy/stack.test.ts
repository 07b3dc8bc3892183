import { describe, expect, it } from "vitest";
import { maxProjectsPerStack, mcpServerNamesUnique, triggerConnectedAccountKnown } from "../../policy/stack";
import { resource, unknown, urnFor, validateStack } from "./harness";

const mcp = (name: string, serverName: unknown) => resource("McpServer", name, { name: serverName, authConfigIds: ["ac_1"] });
const project = (name: string) => resource("Project", name, { name });
const trigger = (name: string, connectedAccountId: unknown, deps?: Record<string, string[]>) =>
  resource("TriggerInstance", name, { triggerName: "GITHUB_COMMIT_EVENT", connectedAccountId }, deps);

describe("mcp-server-names-unique", () => {
  it("passes distinct names", () => {
    expect(validateStack(mcpServerNamesUnique, [mcp("a", "GitHub issues"), mcp("b", "Slack bot")])).toEqual([]);
  });

  it("reports every server that shares a name, ignoring case and surrounding spaces", () => {
    const violations = validateStack(mcpServerNamesUnique, [
      mcp("a", "GitHub issues"),
      mcp("b", "github ISSUES "),
      mcp("c", "Slack bot"),
      project("GitHub issues"),
    ]);
    expect(violations).toEqual([
      { message: expect.stringContaining('McpServer "a" is named "GitHub issues", like McpServer "b"'), urn: urnFor("McpServer", "a") },
      { message: expect.stringContaining('McpServer "b" is named "github ISSUES ", like McpServer "a"'), urn: urnFor("McpServer", "b") },
    ]);
    expect(violations[0]!.message).toContain("Give each MCP server of the stack its own name.");
  });

  it("does not report names that are not known yet", () => {
    expect(validateStack(mcpServerNamesUnique, [mcp("a", unknown.string), mcp("b", unknown.string), mcp("c", "x y z w")])).toEqual([]);
  });
});

describe("max-projects-per-stack", () => {
  const projects = (n: number) => Array.from({ length: n }, (_, i) => project(`p${i}`));

  it("allows 5 projects by default", () => {
    expect(validateStack(maxProjectsPerStack, projects(5))).toEqual([]);
    expect(validateStack(maxProjectsPerStack, projects(6))).toEqual([
      { message: expect.stringMatching(/^The stack declares 6 projects \("p0", .*"p5"\), more than the allowed 5\./) },
    ]);
  });

  it("follows max of the config", () => {
    expect(validateStack(maxProjectsPerStack, projects(2), { max: 1 })).toHaveLength(1);
    expect(validateStack(maxProjectsPerStack, projects(8), { max: 10 })).toEqual([]);
  });

  it("counts only projects", () => {
    expect(validateStack(maxProjectsPerStack, [...projects(1), mcp("a", "abcd"), mcp("b", "efgh")], { max: 1 })).toEqual([]);
  });
});

describe("trigger-connected-account-known", () => {
  it("reports an id that nothing else in the stack mentions", () => {
    expect(validateStack(triggerConnectedAccountKnown, [trigger("t", "ca_stray")])).toEqual([
      { message: expect.stringContaining('TriggerInstance "t" uses connected account "ca_stray", which the stack does not know of'), urn: urnFor("TriggerInstance", "t") },
    ]);
  });

  it("knows ids listed in the config", () => {
    expect(validateStack(triggerConnectedAccountKnown, [trigger("t", "ca_1")], { knownConnectedAccountIds: ["ca_1"] })).toEqual([]);
    expect(validateStack(triggerConnectedAccountKnown, [trigger("t", "ca_2")], { knownConnectedAccountIds: ["ca_1"] })).toHaveLength(1);
  });

  it("knows ids that appear under connected-account properties of other resources and stack outputs", () => {
    const stack = resource("pulumi:pulumi:Stack", "proj-dev", { connectedAccountIds: ["ca_1", "ca_2"] });
    const other = resource("custom:index:Account", "acct", { details: { connected_account_id: "ca_3" } });
    expect(
      validateStack(triggerConnectedAccountKnown, [stack, other, trigger("t1", "ca_1"), trigger("t2", "ca_3"), trigger("t3", "ca_4")]),
    ).toEqual([{ message: expect.stringContaining('"ca_4"'), urn: urnFor("TriggerInstance", "t3") }]);
  });

  it("does not count other triggers as knowing the id", () => {
    expect(validateStack(triggerConnectedAccountKnown, [trigger("t1", "ca_1"), trigger("t2", "ca_1")])).toHaveLength(2);
  });

  it("knows an id wired from another resource's output", () => {
    const acct = resource("custom:index:Account", "acct", { id: "ca_9" });
    expect(validateStack(triggerConnectedAccountKnown, [acct, trigger("t", "ca_9", { connectedAccountId: ["acct"] })])).toEqual([]);
  });

  it("does not report when the trigger's id, or an id the stack knows of, is not known yet", () => {
    expect(validateStack(triggerConnectedAccountKnown, [trigger("t", unknown.string)])).toEqual([]);
    const stack = resource("pulumi:pulumi:Stack", "proj-dev", { connectedAccountIds: [unknown.string] });
    expect(validateStack(triggerConnectedAccountKnown, [stack, trigger("t", "ca_1")])).toEqual([]);
    // Unknown values elsewhere (not connected-account properties) do not stop the check.
    const project = resource("Project", "p", { name: "p", apiKey: unknown.string });
    expect(validateStack(triggerConnectedAccountKnown, [project, trigger("t", "ca_1")])).toHaveLength(1);
  });
});
