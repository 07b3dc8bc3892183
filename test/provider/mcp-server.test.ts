import { describe, expect, it } from "vitest";
import mcp from "../../provider/resources/mcp-server.provider";
import { useTestPlatform } from "../support/platform";

describe("McpServer provider", () => {
  const t = useTestPlatform({ configureProvider: true });

  it("check refuses a bad name before any API call, naming the input", async () => {
    t.clearLog();
    const result = await mcp.check({} as never, { name: "abc", authConfigIds: [t.authConfigId] });
    expect(result.failures).toEqual([{ property: "name", reason: "name must be 4-30 characters of letters, digits, spaces and hyphens" }]);
    expect(t.platform.app.requestLog.count()).toBe(0);
  });

  it("creates, diffs exactly, patches only the changed field, refreshes and deletes", async () => {
    const inputs = { name: "Provider Test", authConfigIds: [t.authConfigId], toolkits: ["github"], allowedTools: ["GITHUB_CREATE_ISSUE"] };
    const created = await mcp.create(inputs);
    expect(created.outs).toMatchObject({ name: "Provider Test", toolkits: ["github"], serverInstanceCount: 0 });
    expect(created.outs?.mcpUrl).toContain(created.id);

    expect(await mcp.diff(created.id, created.outs!, inputs)).toEqual({ changes: false, replaces: [] });
    const renamed = { ...inputs, name: "Provider Test 2" };
    expect(await mcp.diff(created.id, created.outs!, renamed)).toEqual({ changes: true, replaces: [] });

    t.clearLog();
    const updated = await mcp.update(created.id, created.outs!, renamed);
    expect(updated.outs?.name).toBe("Provider Test 2");
    const patches = t.platform.app.requestLog.entries({ route: "updateMcpServer" });
    expect(patches).toHaveLength(1);

    const live = await t.client.mcp.get(created.id);
    expect(live.name).toBe("Provider Test 2");

    await t.client.mcp.update(created.id, { allowed_tools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"] });
    const refreshed = await mcp.read(created.id, updated.outs);
    expect(refreshed.props?.allowedTools).toEqual(["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"]);
    expect((await mcp.diff(created.id, refreshed.props!, renamed)).changes).toBe(true);

    await mcp.delete(created.id, refreshed.props!);
    expect(await mcp.read(created.id, refreshed.props)).toEqual({});
    // Deleting what is already gone succeeds.
    await expect(mcp.delete(created.id, refreshed.props!)).resolves.toBeUndefined();
  });

  it("sends only the changed field in the PATCH body", async () => {
    const inputs = { name: "Patch Body", authConfigIds: [t.authConfigId], toolkits: ["github"], allowedTools: ["GITHUB_CREATE_ISSUE"] };
    const created = await mcp.create(inputs);
    t.clearLog();
    await mcp.update(created.id, created.outs!, { ...inputs, allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"] });
    const patches = t.platform.app.requestLog.entries({ route: "updateMcpServer" });
    expect(patches.map((p) => p.bodyFields)).toEqual([["allowed_tools"]]);
    await mcp.delete(created.id, created.outs!);
  });

  it("adopts an existing server and reconciles declared fields", async () => {
    const existing = await t.client.mcp.create({ name: "Made Elsewhere", auth_config_ids: [t.authConfigId], toolkits: ["github"] });
    t.clearLog();
    const adopted = await mcp.create({ name: "Made Elsewhere", authConfigIds: [t.authConfigId], toolkits: ["github"], allowedTools: ["GITHUB_CREATE_ISSUE"], adoptId: existing.id });
    expect(adopted.id).toBe(existing.id);
    expect(t.calls("createMcpServer")).toBe(0);
    expect(t.calls("updateMcpServer")).toBe(1);
    expect(adopted.outs?.allowedTools).toEqual(["GITHUB_CREATE_ISSUE"]);
    await expect(mcp.create({ name: "Nope", authConfigIds: [], adoptId: "mcp_missing" })).rejects.toThrow(/no such server/);
    await mcp.delete(existing.id, adopted.outs!);
  });

  it("surfaces API errors with their slug and request id, without a stack trace", async () => {
    const failure = mcp.create({ name: "Bad Auth", authConfigIds: ["ac_does_not_exist"] });
    await expect(failure).rejects.toThrow(/creating MCP server "Bad Auth" failed: .*ac_does_not_exist/);
    const err = (await failure.catch((e: unknown) => e)) as Error;
    expect(String(err)).toMatch(/request/);
    expect(err.stack).not.toMatch(/at .*\.ts:\d+/);
  });
});
