// The provider plugin through the real engine: a TypeScript program on
// `pulumi-integration-platform/plugin` (type tokens integration-platform:index:*), the full
// lifecycle of every resource, a function invoke, secrets, and `pulumi import` of each
// resource kind with generated TypeScript that typechecks and shows no diff afterwards.
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs/promises";
import * as path from "node:path";
import { promisify } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it, onTestFinished } from "vitest";
import { createE2EStack, repoRoot, useE2EStack, expectNoWritePreview, upLogged, expectRefreshFinds } from "./harness";
import { pluginEnv, pluginMain, pluginSdk } from "./plugin-harness";
import { AFTER_IMPORT, type ImportDocument } from "../../provider/plugin/import-document";
import { PLUGIN_TYPE_TOKENS } from "../../provider/resources/tokens";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

const CLIENT_SECRET = "plugin-client-secret-4321";

describe("provider plugin: lifecycle (real engine)", () => {
  const p = useTestPlatform();
  const desired = { serverName: "Plugin Tools", requireMcpApiKey: true, scopes: ["repo"], enabledEvents: ["platform.trigger.message"] };
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
      const auth = new platform.AuthConfig("auth", {
        toolkit: "github",
        platformManaged: false,
        authScheme: "OAUTH2",
        credentials: { client_id: "Iv1.plugin", client_secret: pulumi.secret(CLIENT_SECRET) },
        scopes: desired.scopes,
      });
      const webhook = new platform.WebhookSubscription("webhook", { webhookUrl: "https://hooks.example.com/plugin", enabledEvents: desired.enabledEvents });
      const session = platform.invokeOutput<{ project: { id: string } }>("getSessionInfo");
      return {
        projectId: project.id,
        projectKey: project.apiKey,
        configId: config.id,
        serverId: server.id,
        mcpUrl: server.mcpUrl,
        triggerId: trigger.id,
        authConfigId: auth.id,
        credentials: auth.credentials,
        webhookId: webhook.id,
        webhookSecret: webhook.secret,
        sessionProject: session.project.id,
      };
    },
  }));

  it("up creates every resource through the plugin; invokes answer; keys are secret outputs", async () => {
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 7 });
    ids = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, String(v.value)]));
    expect(up.outputs.projectKey?.secret).toBe(true);
    expect(up.outputs.credentials?.secret).toBe(true);
    expect(up.outputs.webhookSecret?.secret).toBe(true);
    expect(ids.webhookSecret).toMatch(/^whsec_/);
    expect(ids.projectKey).toMatch(/^ipk_/);
    expect(ids.configId).toBe(p.platform.projectId);
    expect(ids.sessionProject).toBe(p.platform.projectId);
    expect((await p.orgClient.projects.get(ids.projectId!)).name).toBe("plugin-e2e-project");
    expect((await p.client.config.get()).require_mcp_api_key).toBe(true);
    expect((await p.client.mcp.get(ids.serverId!)).mcp_url).toBe(ids.mcpUrl);
    const triggers = await p.client.triggers.listActive({ trigger_ids: [ids.triggerId!], show_disabled: true });
    expect(triggers.items.map((t) => t.trigger_config)).toEqual([{ owner: "acme", repo: "api" }]);
    expect(await p.client.authConfigs.get(ids.authConfigId!)).toMatchObject({ auth_scheme: "OAUTH2", is_platform_managed: false, credentials: { scopes: "repo" } });
    expect(await p.client.webhookSubscriptions.get(ids.webhookId!)).toMatchObject({ webhook_url: "https://hooks.example.com/plugin", enabled_events: ["platform.trigger.message"] });
    // The resources are the plugin's, not dynamic ones.
    const state = await e2e.stack.exportStack();
    const types = (state.deployment.resources as { type: string }[]).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(["integration-platform:index:McpServer", "pulumi:providers:integration-platform"]));
    expect(types.some((t) => t.startsWith("pulumi-nodejs:dynamic"))).toBe(false);
  });

  it("a no-op preview shows no change and makes no write call", async () => {
    await expectNoWritePreview(p, e2e, 7);
  });

  it("one changed field is one PATCH of that field", async () => {
    desired.serverName = "Plugin Tools Two";
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toEqual({ same: 6, update: 1 });
    expect(p.writes()).toEqual([{ method: "PATCH", route: "updateMcpServer", bodyFields: ["name"] }]);
    expect((await p.client.mcp.get(ids.serverId!)).name).toBe("Plugin Tools Two");
  });

  it.each([
    {
      kind: "AuthConfig",
      change: () => (desired.scopes = ["repo", "read:user"]),
      // A custom config's PATCH carries its credentials whole (scopes are one of them).
      write: { method: "PATCH", route: "updateAuthConfig", bodyFields: ["credentials", "type"] },
      applied: async () => expect((await p.client.authConfigs.get(ids.authConfigId!)).credentials?.scopes).toBe("repo,read:user"),
    },
    {
      kind: "WebhookSubscription",
      change: () => (desired.enabledEvents = ["platform.trigger.message", "platform.trigger.disabled"]),
      write: { method: "PATCH", route: "updateWebhookSubscription", bodyFields: ["enabled_events"] },
      applied: async () => expect((await p.client.webhookSubscriptions.get(ids.webhookId!)).enabled_events).toEqual(desired.enabledEvents),
    },
  ])("one changed field of a $kind is one PATCH of that field", async ({ change, write, applied }) => {
    change();
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toEqual({ same: 6, update: 1 });
    expect(p.writes()).toEqual([write]);
    await applied();
    // The signing secret known since create is kept through updates.
    expect(up.outputs.webhookSecret?.value).toBe(ids.webhookSecret);
  });

  it("refresh finds drift made out of band, and up puts the declared value back", async () => {
    await p.client.config.update({ require_mcp_api_key: false });
    await expectRefreshFinds(e2e, { update: 1 });
    const preview = await e2e.stack.preview();
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    await e2e.stack.up();
    expect((await p.client.config.get()).require_mcp_api_key).toBe(true);
  });

  it("refresh finds drift of an AuthConfig and a WebhookSubscription, and up puts both back", async () => {
    await p.client.authConfigs.setStatus(ids.authConfigId!, "DISABLED");
    await p.client.webhookSubscriptions.update(ids.webhookId!, { webhook_url: "https://elsewhere.example.com/x" });
    await expectRefreshFinds(e2e, { update: 2 });
    await upLogged(p, e2e);
    expect(p.writes()).toEqual(
      expect.arrayContaining([
        { method: "PATCH", route: "setAuthConfigStatus" },
        { method: "PATCH", route: "updateWebhookSubscription", bodyFields: ["webhook_url"] },
      ]),
    );
    expect(p.writes()).toHaveLength(2);
    expect((await p.client.authConfigs.get(ids.authConfigId!)).status).toBe("ENABLED");
    expect((await p.client.webhookSubscriptions.get(ids.webhookId!)).webhook_url).toBe("https://hooks.example.com/plugin");
  });

  it("keeps no key, client secret or signing secret in the state in plain text", async () => {
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey, ids.projectKey, CLIENT_SECRET, ids.webhookSecret]);
  });

  it("destroy deletes what the platform can delete", async () => {
    const destroy = await e2e.stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 7 });
    // A soft-deleted server answers with `deleted: true`, or not at all.
    const serverGone = await p.client.mcp.get(ids.serverId!).then((s) => s.deleted === true, () => true);
    expect(serverGone).toBe(true);
    const triggers = await p.client.triggers.listActive({ trigger_ids: [ids.triggerId!], show_disabled: true });
    expect(triggers.items).toEqual([]);
    await expect(p.orgClient.projects.get(ids.projectId!)).rejects.toThrow();
    await expect(p.client.authConfigs.get(ids.authConfigId!)).rejects.toThrow(/404/);
    await expect(p.client.webhookSubscriptions.get(ids.webhookId!)).rejects.toThrow(/404/);
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
    const { auth_config: authConfig } = await p.client.authConfigs.create({
      toolkit: { slug: "github" },
      auth_config: { type: "use_custom_auth", authScheme: "OAUTH2", name: "Imported Custom", credentials: { client_id: "Iv1.imported", client_secret: CLIENT_SECRET } },
    });
    const subscription = await p.client.webhookSubscriptions.create({ webhook_url: "https://made.example.com/outside", enabled_events: ["platform.trigger.message"] });

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
          { type: "integration-platform:index:AuthConfig", name: "auth", id: authConfig.id },
          { type: "integration-platform:index:WebhookSubscription", name: "webhook", id: subscription.id },
        ],
      });
      expect(result.summary.resourceChanges).toMatchObject({ import: 6 });
      const code = result.generatedCode;
      expect(code).toContain('from "pulumi-integration-platform/plugin"');
      expect(code).toContain('new integration_platform.McpServer("server"');
      expect(code).toContain('name: "Made Outside"');
      expect(code).toContain('displayName: "Imported Config"');
      expect(code).toContain('triggerName: "GITHUB_STAR_ADDED_EVENT"');
      expect(code).toContain('new integration_platform.AuthConfig("auth"');
      expect(code).toContain('name: "Imported Custom"');
      expect(code).toContain('new integration_platform.WebhookSubscription("webhook"');
      expect(code).toContain('webhookUrl: "https://made.example.com/outside"');
      // Secrets the API shows masked only are not imported as inputs (the masked form would be sent back as the secret).
      expect(code).not.toContain("credentials");
      expect(code).not.toMatch(/whsec_|…/);

      // The generated code is the program now: it typechecks, and a preview shows no change.
      await fs.writeFile(path.join(workDir, "index.ts"), code);
      const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
      execFileSync(process.execPath, [tsc, "--noEmit", "--strict", "--module", "node20", "--moduleResolution", "node16", "--target", "es2022", "--types", "node", "index.ts"], {
        cwd: workDir,
        stdio: "pipe",
      });
      p.clearLog();
      const preview = await e2e.stack.preview({ diff: true });
      expect(preview.changeSummary).toEqual({ same: 7 });
      expect(p.writes()).toEqual([]);
      await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey, CLIENT_SECRET, subscription.secret]);

      // What the README says to add after an import: the credentials (secret), and a `rotation` so the stack
      // learns the signing secret. One PATCH sends the credentials, one call rotates; then nothing is left to do.
      const completed = code
        .replace('new integration_platform.AuthConfig("auth", {', `$&\n    credentials: { client_id: "Iv1.imported", client_secret: "${CLIENT_SECRET}" },`)
        .replace('new integration_platform.WebhookSubscription("webhook", {', '$&\n    rotation: "imported",');
      expect(completed.match(/credentials: \{|rotation: "imported"/g)).toHaveLength(2);
      await fs.writeFile(path.join(workDir, "index.ts"), completed);
      const up = await upLogged(p, e2e);
      expect(up.summary.resourceChanges).toEqual({ same: 5, update: 2 });
      expect(p.writes()).toEqual(
        expect.arrayContaining([
          { method: "PATCH", route: "updateAuthConfig", bodyFields: ["credentials", "type"] },
          { method: "POST", route: "rotateWebhookSecret" },
        ]),
      );
      expect(p.writes()).toHaveLength(2);
      expect((await p.client.authConfigs.get(authConfig.id)).credentials?.client_secret).toBe(`…${CLIENT_SECRET.slice(-4)}`);
      await expectNoWritePreview(p, e2e, 7);
      await expectNoKeysInState(e2e, [CLIENT_SECRET]);
    } finally {
      await e2e.cleanup();
      await fs.rm(workDir, { recursive: true, force: true });
    }
  });

  it("bulk: the import document of a whole project takes it over with code that previews clean", async () => {
    const server = await p.client.mcp.create({ name: "Bulk Server", auth_config_ids: [p.authConfigId], toolkits: ["github"] });
    const { trigger_id } = await p.client.triggers.upsert("GITHUB_COMMIT_EVENT", { connected_account_id: p.connectedAccountId, trigger_config: { owner: "acme", repo: "bulk" } });
    await p.client.triggers.manage(trigger_id, { status: "disable" });
    // One per project: the previous test's stack deleted the one it imported when it was cleaned up.
    const subscription = await p.client.webhookSubscriptions.create({ webhook_url: "https://bulk.example.com/events", enabled_events: ["platform.trigger.message"] });

    // The installed command, as a user runs it (asynchronously: the platform answers from this process).
    const workDir = await fs.mkdtemp(path.join(repoRoot, "test", "e2e", ".plugin-import-"));
    onTestFinished(() => fs.rm(workDir, { recursive: true, force: true }));
    const file = path.join(workDir, "import.json");
    const env = { ...process.env, INTEGRATION_PLATFORM_BASE_URL: p.config.baseUrl, INTEGRATION_PLATFORM_API_KEY: p.config.apiKey, INTEGRATION_PLATFORM_ORG_API_KEY: p.config.orgApiKey };
    const { stderr } = await promisify(execFile)(process.execPath, [pluginMain("integration-platform-import"), file], { env });
    expect(stderr).toContain(`written to ${file}; next: pulumi import --file ${file}`);
    expect(stderr).toContain(AFTER_IMPORT);
    const document = JSON.parse(await fs.readFile(file, "utf8")) as ImportDocument;
    const ids = document.resources.map((r) => `${r.type} ${r.id}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        `integration-platform:index:Project ${p.platform.projectId}`,
        `integration-platform:index:ProjectConfig ${p.platform.projectId}`,
        `integration-platform:index:McpServer ${server.id}`,
        `integration-platform:index:TriggerInstance ${trigger_id}`,
        `integration-platform:index:AuthConfig ${p.authConfigId}`,
        `integration-platform:index:WebhookSubscription ${subscription.id}`,
      ]),
    );
    // Every kind the plugin serves is in the document.
    expect(new Set(document.resources.map((r) => r.type))).toEqual(new Set(Object.values(PLUGIN_TYPE_TOKENS)));
    expect(new Set(document.resources.map((r) => r.name)).size).toBe(document.resources.length);

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
    }
  });
});
