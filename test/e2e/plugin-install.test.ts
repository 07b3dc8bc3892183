// The provider plugin installed with `pulumi plugin install resource integration-platform
// <version> --file <executable>` into the stack's own PULUMI_HOME, as the README tells users:
// the engine then finds it there, with the plugin nowhere on its PATH.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { expectNoWritePreview, upLogged, useE2EStack } from "./harness";
import { PLUGIN_EXECUTABLE, pluginExecutable, pluginSdk, pluginVersion } from "./plugin-harness";
import { useTestPlatform } from "../support/platform";

describe("provider plugin: installed with `pulumi plugin install --file` (real engine)", () => {
  const p = useTestPlatform();
  const e2e = useE2EStack(() => ({
    projectName: "e2e-plugin-install",
    platform: p.config,
    program: async () => {
      const server = new (pluginSdk().McpServer)("server", { name: "Installed Plugin", authConfigIds: [p.authConfigId], toolkits: ["github"] });
      return { serverId: server.id };
    },
  }));
  /** `pulumi` with the stack's environment: its own PULUMI_HOME and backend. */
  const pulumi = (...args: string[]) => execFileSync("pulumi", args, { env: { ...process.env, ...e2e.env }, encoding: "utf8", stdio: "pipe" });

  it("installs into PULUMI_HOME/plugins, from where the engine serves its schema", () => {
    const version = pluginVersion();
    const onPath = (process.env.PATH ?? "").split(path.delimiter).filter((dir) => dir && fs.existsSync(path.join(dir, PLUGIN_EXECUTABLE)));
    expect(onPath, "the plugin must not be on the engine's PATH for this test to prove anything").toEqual([]);

    pulumi("plugin", "install", "resource", "integration-platform", version, "--file", pluginExecutable());
    const installed = path.join(e2e.env.PULUMI_HOME!, "plugins", `resource-integration-platform-v${version}`, PLUGIN_EXECUTABLE);
    expect(fs.statSync(installed).mode & 0o111).not.toBe(0);

    const schema = JSON.parse(pulumi("package", "get-schema", "integration-platform")) as { name: string; version: string; resources: Record<string, unknown> };
    expect(schema).toMatchObject({ name: "integration-platform", version });
    expect(Object.keys(schema.resources)).toContain("integration-platform:index:McpServer");
  });

  it("a program on the plugin goes up and previews clean with the installed plugin", async () => {
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    expect(p.writes()).toEqual([{ method: "POST", route: "createMcpServer", bodyFields: ["auth_config_ids", "name", "toolkits"] }]);
    // The engine says so when it takes a plugin from PATH instead of the plugin directory.
    expect(up.stdout + up.stderr).not.toContain(`${PLUGIN_EXECUTABLE} from $PATH`);
    expect((await p.client.mcp.get(String(up.outputs.serverId?.value))).name).toBe("Installed Plugin");
    await expectNoWritePreview(p, e2e, 2);
  });
});
