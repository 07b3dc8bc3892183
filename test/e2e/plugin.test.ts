// The provider plugin through the real engine: a TypeScript program on
// `pulumi-integration-platform/plugin` (type tokens integration-platform:index:*), the full
// lifecycle of every resource, a function invoke, secrets, and `pulumi import` of each
// resource kind with generated TypeScript that typechecks and shows no diff afterwards.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs/promises";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { createE2EStack, repoRoot, useE2EStack, expectNoWritePreview, upLogged, expectRefreshFinds } from "./harness";
import { pluginEnv, pluginSdk } from "./plugin-harness";
import { importDocument } from "../../provider/plugin/import-document";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

describe("provider plugin: lifecycle (real engine)", () => {
  const p = useTestPlatform();
  const desired = { serverName: "Plugin Tools", requireMcpApiKey: true };
  let ids: Record<string, string> = {};

  const e2e = useE2EStack(() => ({
    projectName: "e2e-plugin",
    platform: p.config,
    envVars: pluginEnv(),
    program: async () => {
      const platform = pluginSdk();
      const project = new platform.Project("project", { name: "plugin-e2e-project", createApiKey: true });
      const config = new platform.ProjectConfig("config", { requireMcpApiKey: desired.requireMcpApiKey, logVisibilitySetting: "dont_store_data" });
      const server = new platform.McpServer("server", { name: desired.serverName, authConfigIds: [p.authConfigId], toolkits: ["github"] });
      const trigger = new platform.TriggerInstance("trigger", {
        triggerName: "GITHUB_COMMIT_EVENT",
        connectedAccountId: p.connectedAccountId,
        triggerConfig: { owner: "acme", repo: "api" },
      });
      const session = platform.invokeOutput<{ project: { id: string } }>("getSessionInfo");
      return {
        projectId: project.id,
        projectKey: project.apiKey,
        configId: config.id,
        serverId: server.id,
        mcpUrl: server.mcpUrl,
        triggerId: trigger.id,
        sessionProject: session.project.id,
      };
    },
  }));

  it("up creates every resource through the plugin; invokes answer; keys are secret outputs", async () => {
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    ids = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, String(v.value)]));
    expect(up.outputs.projectKey?.secret).toBe(true);
    expect(ids.projectKey).toMatch(/^ipk_/);
    expect(ids.configId).toBe(p.platform.projectId);
    expect(ids.sessionProject).toBe(p.platform.projectId);
    expect((await p.orgClient.projects.get(ids.projectId!)).name).toBe("plugin-e2e-project");
    expect((await p.client.config.get()).require_mcp_api_key).toBe(true);
    expect((await p.client.mcp.get(ids.serverId!)).mcp_url).toBe(ids.mcpUrl);
    const triggers = await p.client.triggers.listActive({ trigger_ids: [ids.triggerId!], show_disabled: true });
    expect(triggers.items.map((t) => t.trigger_config)).toEqual([{ owner: "acme", repo: "api" }]);
    // The resources are the plugin's, not dynamic ones.
    const state = await e2e.stack.exportStack();
    const types = (state.deployment.resources as { type: string }[]).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(["integration-platform:index:McpServer", "pulumi:providers:integration-platform"]));
    expect(types.some((t) => t.startsWith("pulumi-nodejs:dynamic"))).toBe(false);
  });

  it("a no-op preview shows no change and makes no write call", async () => {
    await expectNoWritePreview(p, e2e, 5);
  });

  it("one changed field is one PATCH of that field", async () => {
    desired.serverName = "Plugin Tools Two";
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toEqual({ same: 4, update: 1 });
    expect(p.writes()).toEqual([{ method: "PATCH", route: "updateMcpServer", bodyFields: ["name"] }]);
    expect((await p.client.mcp.get(ids.serverId!)).name).toBe("Plugin Tools Two");
  });

  it("refresh finds drift made out of band, and up puts the declared value back", async () => {
    await p.client.config.update({ require_mcp_api_key: false });
    await expectRefreshFinds(e2e, { update: 1 });
    const preview = await e2e.stack.preview();
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    await e2e.stack.up();
    expect((await p.client.config.get()).require_mcp_api_key).toBe(true);
  });

  it("keeps no key in the state in plain text", async () => {
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey, ids.projectKey]);
  });

  it("destroy deletes what the platform can delete", async () => {
    const destroy = await e2e.stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
    // A soft-deleted server answers with `deleted: true`, or not at all.
    const serverGone = await p.client.mcp.get(ids.serverId!).then((s) => s.deleted === true, () => true);
    expect(serverGone).toBe(true);
    const triggers = await p.client.triggers.listActive({ trigger_ids: [ids.triggerId!], show_disabled: true });
    expect(triggers.items).toEqual([]);
    await expect(p.orgClient.projects.get(ids.projectId!)).rejects.toThrow();
  });
});

describe("provider plugin: pulumi import (real engine)", () => {
  const p = useTestPlatform();

  it("imports each resource kind with TypeScript that typechecks and shows no diff afterwards", async () => {
    // Objects made outside Pulumi, one of each kind.
    const project = await p.orgClient.projects.create({ name: "imported-project", should_create_api_key: false });
    const server = await p.client.mcp.create({ name: "Made Outside", auth_config_ids: [p.authConfigId], toolkits: ["github"] });
    const { trigger_id } = await p.client.triggers.upsert("GITHUB_STAR_ADDED_EVENT", {
      connected_account_id: p.connectedAccountId,
      trigger_config: { owner: "acme", repo: "web" },
    });
    await p.client.config.update({ display_name: "Imported Config" });

    // A program directory of its own, resolving packages from the repository's node_modules.
    const workDir = await fs.mkdtemp(path.join(repoRoot, "test", "e2e", ".plugin-import-"));
    await fs.writeFile(path.join(workDir, "Pulumi.yaml"), "name: e2e-plugin-import\nruntime: nodejs\n");
    await fs.writeFile(path.join(workDir, "index.ts"), "export {};\n");
    const e2e = await createE2EStack({ program: { workDir }, platform: p.config, envVars: pluginEnv() });
    try {
      const result = await e2e.stack.import({
        protect: false,
        resources: [
          { type: "integration-platform:index:Project", name: "project", id: project.id },
          { type: "integration-platform:index:ProjectConfig", name: "config", id: p.platform.projectId! },
          { type: "integration-platform:index:McpServer", name: "server", id: server.id },
          { type: "integration-platform:index:TriggerInstance", name: "trigger", id: trigger_id },
        ],
      });
      expect(result.summary.resourceChanges).toMatchObject({ import: 4 });
      const code = result.generatedCode;
      expect(code).toContain('from "pulumi-integration-platform/plugin"');
      expect(code).toContain('new integration_platform.McpServer("server"');
      expect(code).toContain('name: "Made Outside"');
      expect(code).toContain('displayName: "Imported Config"');
      expect(code).toContain('triggerName: "GITHUB_STAR_ADDED_EVENT"');

      // The generated code is the program now: it typechecks, and a preview shows no change.
      await fs.writeFile(path.join(workDir, "index.ts"), code);
      const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
      execFileSync(process.execPath, [tsc, "--noEmit", "--strict", "--module", "node20", "--moduleResolution", "node16", "--target", "es2022", "--types", "node", "index.ts"], {
        cwd: workDir,
        stdio: "pipe",
      });
      p.clearLog();
      const preview = await e2e.stack.preview({ diff: true });
      expect(preview.changeSummary).toEqual({ same: 5 });
      expect(p.writes()).toEqual([]);
    } finally {
      await e2e.cleanup();
      await fs.rm(workDir, { recursive: true, force: true });
    }
  });

  it("bulk: the import document of a whole project takes it over with code that previews clean", async () => {
    const server = await p.client.mcp.create({ name: "Bulk Server", auth_config_ids: [p.authConfigId], toolkits: ["github"] });
    const { trigger_id } = await p.client.triggers.upsert("GITHUB_COMMIT_EVENT", { connected_account_id: p.connectedAccountId, trigger_config: { owner: "acme", repo: "bulk" } });
    await p.client.triggers.manage(trigger_id, { status: "disable" });

    const document = await importDocument({ client: p.client, orgClient: p.orgClient });
    const ids = document.resources.map((r) => `${r.type} ${r.id}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        `integration-platform:index:Project ${p.platform.projectId}`,
        `integration-platform:index:ProjectConfig ${p.platform.projectId}`,
        `integration-platform:index:McpServer ${server.id}`,
        `integration-platform:index:TriggerInstance ${trigger_id}`,
      ]),
    );
    expect(new Set(document.resources.map((r) => r.name)).size).toBe(document.resources.length);

    const workDir = await fs.mkdtemp(path.join(repoRoot, "test", "e2e", ".plugin-import-"));
    await fs.writeFile(path.join(workDir, "Pulumi.yaml"), "name: e2e-plugin-bulk\nruntime: nodejs\n");
    await fs.writeFile(path.join(workDir, "index.ts"), "export {};\n");
    const e2e = await createE2EStack({ program: { workDir }, platform: p.config, envVars: pluginEnv() });
    try {
      const result = await e2e.stack.import({ protect: false, resources: document.resources });
      expect(result.summary.resourceChanges).toMatchObject({ import: document.resources.length });
      await fs.writeFile(path.join(workDir, "index.ts"), result.generatedCode);
      p.clearLog();
      expect((await e2e.stack.preview()).changeSummary).toEqual({ same: document.resources.length + 1 });
      expect(p.writes()).toEqual([]);
      // Hand the objects back untouched: the seeded project must outlive this stack.
      await e2e.stack.exportStack().then((state) => e2e.stack.importStack({ ...state, deployment: { ...state.deployment, resources: [] } }));
    } finally {
      await e2e.cleanup();
      await fs.rm(workDir, { recursive: true, force: true });
    }
  });
});
