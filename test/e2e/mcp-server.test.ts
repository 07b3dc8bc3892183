// McpServer through the real engine against the local platform: create, no-op
// preview, one-field update, drift on refresh, out-of-band delete, destroy, and
// no key in the state (adoption and `import`: adoption.test.ts).
import type { McpServerArgs } from "pulumi-integration-platform";
import { describe, expect, it } from "vitest";
import { sdk, usePlatformStack, expectDestroyed, expectUpCreates, expectNoWritePreview, expectRefreshFinds, expectUpdatedInPlace, expectDriftUndone } from "./harness";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

describe("McpServer (real engine)", () => {
  const p = useTestPlatform();
  const desired: Partial<McpServerArgs> & { name: string } = { name: "E2E Server" };
  let serverId = "";

  const e2e = usePlatformStack(p, "e2e-mcp", async () => {
    const server = new (sdk().McpServer)("server", {
      authConfigIds: [p.authConfigId],
      toolkits: ["github"],
      allowedTools: ["GITHUB_CREATE_ISSUE"],
      ...desired,
    });
    return { id: server.id, mcpUrl: server.mcpUrl, name: server.name };
  });

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
    await expectUpdatedInPlace(p, e2e, { method: "PATCH", route: "updateMcpServer", bodyFields: ["allowed_tools"] });
  });

  it("refresh shows a change made out of band, and up puts it back", async () => {
    await p.client.mcp.update(serverId, { name: "Renamed Elsewhere" });
    await expectDriftUndone(p, e2e, [{ method: "PATCH", route: "updateMcpServer", bodyFields: ["name"] }]);
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
