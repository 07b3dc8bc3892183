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
import { connectEndUser, fireTriggerEvent } from "../../scripts/end-user";
import { startWebhookReceiver } from "../../scripts/webhook-receiver";
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

  it("quickstart: a project from nothing, an end user's connection, a signed event received; up then destroy", async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    const clientSecret = "quickstart-client-secret-5678";
    const e2e = await runExample("quickstart", {
      // The organization key only: the program makes the project and acts with the key it issues.
      platform: { baseUrl: p.config.baseUrl, orgApiKey: p.config.orgApiKey },
      config: {
        projectName: { value: `quickstart-${Date.now()}` },
        githubClientId: { value: "Iv1.quickstart" },
        githubClientSecret: { value: clientSecret, secret: true },
        webhookUrl: { value: receiver.url },
      },
    });
    p.clearLog();
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 6 });
    // Nothing made by hand: every object comes from the program's calls.
    expect(p.writes().map((w) => w.route)).toEqual(
      expect.arrayContaining(["createProject", "createAuthConfig", "createMcpServer", "createWebhookSubscription", "updateProjectConfig"]),
    );
    const apiKey = String(up.outputs.projectApiKey?.value);
    const project = new IntegrationPlatformClient({ baseUrl: p.config.baseUrl, apiKey });
    const authConfigId = String(up.outputs.authConfigId?.value);
    expect(await project.authConfigs.get(authConfigId)).toMatchObject({ is_platform_managed: false, auth_scheme: "OAUTH2", credentials: { client_id: "Iv1.quickstart" } });
    const serverId = String(up.outputs.mcpServerId?.value);
    expect((await project.mcp.get(serverId)).auth_config_ids).toEqual([authConfigId]);
    expect(await listedToolNames(String(up.outputs.mcpUrl?.value), apiKey)).toEqual(["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"]);
    expect(up.outputs.webhookSecret?.secret).toBe(true);
    receiver.useSecret(String(up.outputs.webhookSecret?.value));

    // The one thing outside the program: an end user connects GitHub; the next up finds the connection.
    const accountId = await connectEndUser(p.config.baseUrl, apiKey, authConfigId, "dana");
    await e2e.stack.setConfig("githubUser", { value: "dana" });
    const second = await e2e.stack.up();
    expect(second.summary.resourceChanges).toEqual({ same: 6, create: 1 });
    const triggerId = String(second.outputs.triggerId?.value);
    expect((await project.triggers.listActive({ trigger_ids: [triggerId] })).items[0]?.connected_account_id).toBe(accountId);

    // An event on the trigger reaches the receiver, signed with the secret the stack holds.
    const fired = await fireTriggerEvent(p.config.baseUrl, apiKey, triggerId);
    expect(fired.status).toBe("queued");
    const event = await receiver.next();
    expect(event.metadata).toMatchObject({ trigger_id: triggerId, connected_account_id: accountId, user_id: "dana" });
    expect(receiver.rejected).toBe(0);

    await expectNoKeysInState(e2e, [apiKey, p.config.orgApiKey, clientSecret, String(up.outputs.webhookSecret?.value)]);
    const destroy = await e2e.stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 7 });
    await expect(p.orgClient.projects.get(String(up.outputs.projectId?.value))).rejects.toThrow(/404/);
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
