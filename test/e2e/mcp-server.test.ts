// McpServer through the real engine against the local platform: create, no-op
// preview, one-field update, drift on refresh, out-of-band delete, adoption,
// `import`, destroy, and no key in the state.
import type { McpServerArgs } from "pulumi-integration-platform";
import { describe, expect, it } from "vitest";
import { createE2EStack, type E2EStack, sdk, useE2EStack, expectDestroyed, upLogged, expectUpCreates, expectAdopts, useStackMaker, expectNoWritePreview, expectRefreshFinds } from "./harness";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

describe("McpServer (real engine)", () => {
  const p = useTestPlatform();
  const desired: Partial<McpServerArgs> & { name: string } = { name: "E2E Server" };
  let serverId = "";

  const e2e = useE2EStack(() => ({
    projectName: "e2e-mcp",
    platform: p.config,
    program: async () => {
      const server = new (sdk().McpServer)("server", {
        authConfigIds: [p.authConfigId],
        toolkits: ["github"],
        allowedTools: ["GITHUB_CREATE_ISSUE"],
        ...desired,
      });
      return { id: server.id, mcpUrl: server.mcpUrl, name: server.name };
    },
  }));

  it("up creates the server with one POST", async () => {
    const up = await expectUpCreates(p, e2e, { route: "createMcpServer", bodyFields: ["allowed_tools", "auth_config_ids", "name", "toolkits"] });
    serverId = String(up.outputs.id?.value);
    expect((await p.client.mcp.get(serverId)).name).toBe("E2E Server");
    expect(String(up.outputs.mcpUrl?.value)).toContain(serverId);
  });

  it("a no-op preview makes no write call", async () => {
    await expectNoWritePreview(p, e2e, 2);
  });

  it("a changed input makes exactly one PATCH carrying only that field", async () => {
    desired.allowedTools = ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"];
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toEqual({ same: 1, update: 1 });
    expect(p.writes()).toEqual([{ method: "PATCH", route: "updateMcpServer", bodyFields: ["allowed_tools"] }]);
  });

  it("refresh shows a change made out of band, and up puts it back", async () => {
    await p.client.mcp.update(serverId, { name: "Renamed Elsewhere" });
    await expectRefreshFinds(e2e, { update: 1 });
    const preview = await e2e.stack.preview();
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    await upLogged(p, e2e);
    expect(p.writes()).toEqual([{ method: "PATCH", route: "updateMcpServer", bodyFields: ["name"] }]);
    expect((await p.client.mcp.get(serverId)).name).toBe("E2E Server");
  });

  it("a server deleted out of band disappears on refresh and is created again by up", async () => {
    await p.client.mcp.delete(serverId);
    await expectRefreshFinds(e2e, { delete: 1 });
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: 1 });
    serverId = String(up.outputs.id?.value);
  });

  it("keeps no key in the state in plain text", async () => {
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey]);
  });

  it("stores the provider as a require of the installed package, so old resources run new code (pulumi/pulumi#6490)", async () => {
    const state = (await e2e.stack.exportStack()).deployment as { resources: { type: string; inputs?: Record<string, unknown> }[] };
    const server = state.resources.find((r) => r.type.endsWith(":McpServer"));
    const serialized = String(server?.inputs?.__provider);
    expect(serialized).toContain('require("pulumi-integration-platform/dist/provider/resources/mcp-server.provider.js")');
    // A reference, not a copy of the code: the provider's own functions are not in it.
    expect(serialized).not.toContain("changedKeys");
    expect(serialized.length).toBeLessThan(2000);
  });

  it("destroy deletes the server", async () => {
    await expectDestroyed(e2e, 2, () => p.client.mcp.get(serverId));
  });
});

describe("McpServer adoption (real engine)", () => {
  const p = useTestPlatform();
  const makeStack = useStackMaker();

  it("adoptId takes over a server made outside Pulumi without creating one", async () => {
    const existing = await p.client.mcp.create({ name: "Made Outside", auth_config_ids: [p.authConfigId], toolkits: ["github"], allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const e2e = await makeStack({
      projectName: "e2e-mcp-adopt",
      platform: p.config,
      program: async () => {
        const server = new (sdk().McpServer)("adopted", {
          adoptId: existing.id,
          name: "Made Outside",
          authConfigIds: [p.authConfigId],
          toolkits: ["github"],
          allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"],
        });
        return { id: server.id };
      },
    });
    await expectAdopts(p, e2e, existing.id, [{ method: "PATCH", route: "updateMcpServer", bodyFields: ["allowed_tools"] }]);
  });

  it("the import resource option does not work for dynamic resources (pulumi/pulumi#16175): use adoptId", async () => {
    // Pinned so that the README's advice is revisited when the engine learns to import dynamic resources.
    const existing = await p.client.mcp.create({ name: "Imported One", auth_config_ids: [p.authConfigId], toolkits: ["github"] });
    const imported = await createE2EStack({
      projectName: "e2e-mcp-import",
      platform: p.config,
      program: async () => {
        const server = new (sdk().McpServer)("imported", { name: "Imported One", authConfigIds: [p.authConfigId], toolkits: ["github"] }, { import: existing.id });
        return { id: server.id };
      },
    });
    try {
      await expect(imported.stack.up()).rejects.toThrow(/importing failed/);
      expect(p.calls("createMcpServer")).toBe(1);
    } finally {
      await imported.cleanup();
    }
  });
});
