// A Pulumi YAML program on the provider plugin, through the real engine and the
// pulumi-language-yaml that scripts/ensure-pulumi builds beside it: up, a no-op preview,
// a change of stack config, destroy, with the platform's request log checked at each step.
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { expectNoWritePreview, fixturesDir, upLogged, useE2EStack } from "./harness";
import { pluginEnv } from "./plugin-harness";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

describe("provider plugin: a Pulumi YAML program (real engine)", () => {
  const p = useTestPlatform();
  let ids: Record<string, string> = {};

  const e2e = useE2EStack(() => ({
    program: { workDir: path.join(fixturesDir, "yaml-program") },
    platform: p.config,
    config: { "e2e-yaml-program:serverName": { value: "YAML Tools" } },
    envVars: pluginEnv(),
  }));

  it("up creates the resources through the plugin, with stack config and a function invoke", async () => {
    const up = await upLogged(p, e2e);
    // The stack, the auth config and the server (default providers are not counted).
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(p.writes()).toEqual([
      { method: "POST", route: "createAuthConfig", bodyFields: ["auth_config", "toolkit"] },
      { method: "POST", route: "createMcpServer", bodyFields: ["auth_config_ids", "name", "toolkits"] },
    ]);
    ids = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, String(v.value)]));
    expect(ids.sessionProject).toBe(p.platform.projectId);
    const server = await p.client.mcp.get(ids.serverId!);
    expect(server).toMatchObject({ name: "YAML Tools", auth_config_ids: [ids.authConfigId], mcp_url: ids.mcpUrl });
    const state = await e2e.stack.exportStack();
    const types = (state.deployment.resources as { type: string }[]).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(["integration-platform:index:AuthConfig", "integration-platform:index:McpServer"]));
  });

  it("a no-op preview shows no change and makes no write call", async () => {
    await expectNoWritePreview(p, e2e, 3);
  });

  it("a changed stack config value is one PATCH of that field", async () => {
    await e2e.stack.setConfig("e2e-yaml-program:serverName", { value: "YAML Tools Two" });
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toEqual({ same: 2, update: 1 });
    expect(p.writes()).toEqual([{ method: "PATCH", route: "updateMcpServer", bodyFields: ["name"] }]);
    expect((await p.client.mcp.get(ids.serverId!)).name).toBe("YAML Tools Two");
  });

  it("keeps no key in the state in plain text", async () => {
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey]);
  });

  it("destroy deletes the server and the auth config", async () => {
    p.clearLog();
    const destroy = await e2e.stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });
    expect(p.writes()).toEqual([
      { method: "DELETE", route: "deleteMcpServer" },
      { method: "DELETE", route: "deleteAuthConfig" },
    ]);
    const serverGone = await p.client.mcp.get(ids.serverId!).then((s) => s.deleted === true, () => true);
    expect(serverGone).toBe(true);
  });
});
