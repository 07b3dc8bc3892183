// Every runnable example, as a user runs it: the program folder with its own
// Pulumi.yaml and stack files, `up` then `destroy` through the real engine
// against the local platform. Each example runs from a copy inside the
// repository, so committed stack files stay untouched and the package still
// resolves from the repository's node_modules.
import { cp, mkdtemp, rm } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IntegrationPlatformClient } from "../../provider/client";
import { environmentOf } from "../../provider/settings";
import { createE2EStack, type E2EStack, repoRoot } from "./harness";
import { listedToolNames } from "./mcp-client";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

const examplesDir = path.join(repoRoot, "examples");

async function copyExample(name: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const parent = await mkdtemp(path.join(examplesDir, ".e2e-"));
  const dir = path.join(parent, name);
  await cp(path.join(examplesDir, name), dir, { recursive: true });
  return { dir, remove: () => rm(parent, { recursive: true, force: true }) };
}

describe("examples (real engine, local platform)", () => {
  const p = useTestPlatform();
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function runExample(name: string, opts: Parameters<typeof createE2EStack>[0] extends infer O ? Omit<O & object, "program"> : never): Promise<E2EStack> {
    const copy = await copyExample(name);
    cleanups.push(copy.remove);
    const e2e = await createE2EStack({ ...opts, program: { workDir: copy.dir } });
    cleanups.push(() => e2e.cleanup());
    return e2e;
  }

  it("quickstart: configuration, MCP server and trigger; up then destroy", async () => {
    const e2e = await runExample("quickstart", {
      platform: p.config,
      config: {
        githubAuthConfigId: { value: p.authConfigId },
        githubConnectedAccountId: { value: p.connectedAccountId },
      },
    });
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 4 });
    const serverId = String(up.outputs.mcpServerId?.value);
    expect(String(up.outputs.mcpUrl?.value)).toContain(serverId);
    expect((await p.client.mcp.get(serverId)).allowed_tools).toEqual(["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"]);
    expect((await p.client.config.get()).require_mcp_api_key).toBe(true);
    // An MCP client connects to the declared server and sees exactly the tools the stack allows.
    expect(await listedToolNames(String(up.outputs.mcpUrl?.value), p.config.apiKey!)).toEqual(["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"]);
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey]);

    const destroy = await e2e.stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 4 });
    await expect(p.client.mcp.get(serverId)).rejects.toThrow(/404/);
  });

  it("multi-project: the staging stack's own settings, credentials from the environment", async () => {
    const e2e = await runExample("multi-project", {
      stackName: "staging",
      envVars: environmentOf({ baseUrl: p.config.baseUrl, orgApiKey: p.config.orgApiKey }),
    });
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(up.outputs.projectName?.value).toBe("payments-staging");
    expect(up.outputs.projectApiKey?.secret).toBe(true);
    const staging = new IntegrationPlatformClient({ baseUrl: p.config.baseUrl, apiKey: String(up.outputs.projectApiKey?.value) });
    // Pulumi.staging.yaml sets show_all and 3600; production would set dont_store_data and 900.
    expect(await staging.config.get()).toMatchObject({ log_visibility_setting: "show_all", signed_url_file_expiry_in_seconds: 3600 });

    const projectId = String(up.outputs.projectId?.value);
    await e2e.stack.destroy();
    await expect(p.orgClient.projects.get(projectId)).rejects.toThrow(/404/);
  });

  it("adopt-existing: takes over the demo's server and trigger, and hands them back on destroy", async () => {
    const e2e = await runExample("adopt-existing", { platform: p.config });
    p.clearLog();
    const up = await e2e.stack.up();
    expect(p.calls("createMcpServer")).toBe(0);
    expect(p.calls("upsertTrigger")).toBe(0);
    const serverId = String(up.outputs.serverId?.value);
    const triggerId = String(up.outputs.triggerId?.value);
    expect(up.outputs.allowedTools?.value).toEqual(["GITHUB_CREATE_ISSUE"]);
    expect(await listedToolNames((await p.client.mcp.get(serverId)).mcp_url, p.config.apiKey!)).toEqual(["GITHUB_CREATE_ISSUE"]);
    expect(up.outputs.triggerEnabled?.value).toBe(false);

    await e2e.stack.destroy();
    // retainOnDelete: the adopted objects stay on the platform.
    expect((await p.client.mcp.get(serverId)).deleted).not.toBe(true);
    const triggers = await p.client.triggers.listActive({ trigger_ids: [triggerId], show_disabled: true });
    expect(triggers.items).toHaveLength(1);
  });
});
