// Replacing a Project replaces its children through the real engine: preview
// plans the replacement of every child, up leaves them all in the new project
// and nothing in the old one, refresh after the project is deleted out of band
// reports the children gone, and destroy succeeds.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { createLocalAuthConfig } from "../../platform";
import { IntegrationPlatformClient } from "../../provider/client";
import { sdk, useE2EStack } from "./harness";
import { useTestPlatform } from "../support/platform";

const CHILDREN = ["ProjectConfig", "McpServer", "TriggerInstance"] as const;

describe("replacing a Project with children (real engine)", () => {
  const p = useTestPlatform();
  let projectName = "e2e-parent-a";
  // Made once per project, so that later runs of the program declare the same children.
  const setups = new Map<string, Promise<{ authConfigId: string; accountId: string }>>();
  async function setUp(projectId: string, apiKey: string) {
    const authConfigId = await createLocalAuthConfig(p.config.baseUrl, p.config.orgApiKey, { project_id: projectId, toolkit: "github" });
    const client = new IntegrationPlatformClient({ baseUrl: p.config.baseUrl, apiKey });
    const account = await client.connectedAccounts.create({ auth_config: { id: authConfigId }, connection: { user_id: "replacement-user" } });
    return { authConfigId, accountId: account.id };
  }

  const e2e = useE2EStack(() => ({
    projectName: "e2e-replacement",
    platform: p.config,
    program: async () => {
      const { Project, ProjectConfig, McpServer, TriggerInstance } = sdk();
      const project = new Project("project", { name: projectName, createApiKey: true });
      // What the children need inside the project (an auth config, a connected account), made by the test once the key is known.
      const setup = pulumi.all([project.id, project.apiKey]).apply(([projectId, apiKey]) => {
        if (!setups.has(projectId)) setups.set(projectId, setUp(projectId, apiKey!));
        return setups.get(projectId)!;
      });
      const config = new ProjectConfig("config", { apiKey: project.apiKey, displayName: "Replacement E2E" });
      const server = new McpServer("server", { apiKey: project.apiKey, name: "Replacement Server", authConfigIds: [setup.authConfigId], toolkits: ["github"] });
      const trigger = new TriggerInstance("trigger", { apiKey: project.apiKey, triggerName: "GITHUB_COMMIT_EVENT", connectedAccountId: setup.accountId, triggerConfig: { owner: "o", repo: "r" } });
      return { projectId: project.id, apiKey: project.apiKey, serverId: server.id, triggerId: trigger.id, children: [config.projectId, server.projectId, trigger.projectId] };
    },
  }));

  async function outputs() {
    const out = await e2e.stack.outputs();
    return {
      projectId: String(out.projectId?.value),
      apiKey: String(out.apiKey?.value),
      serverId: String(out.serverId?.value),
      triggerId: String(out.triggerId?.value),
      children: out.children?.value as string[],
    };
  }

  it("up makes the project and its children, each recording the project", async () => {
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    const out = await outputs();
    expect(out.children).toEqual([out.projectId, out.projectId, out.projectId]);
  });

  it("preview of a new name plans the replacement of every child, not just the project's", async () => {
    projectName = "e2e-parent-b";
    const ops = new Map<string, Set<string>>();
    p.clearLog();
    const preview = await e2e.stack.preview({
      onEvent: (event: EngineEvent) => {
        const meta = event.resourcePreEvent?.metadata;
        const type = meta?.type.split(":").pop();
        if (meta && type) ops.set(type, new Set([...(ops.get(type) ?? []), meta.op]));
      },
    });
    for (const type of ["Project", ...CHILDREN]) {
      expect(ops.get(type), type).toEqual(new Set(["create-replacement", "replace", "delete-replaced"]));
    }
    expect(preview.changeSummary).toEqual({ replace: 4, same: 1 });
    expect(p.writes()).toEqual([]);
  });

  it("up moves every child into the new project and leaves nothing in the old one", async () => {
    const before = await outputs();
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ replace: 4 });
    const after = await outputs();
    expect(after.projectId).not.toBe(before.projectId);
    expect(after.children).toEqual([after.projectId, after.projectId, after.projectId]);
    await expect(p.orgClient.projects.get(before.projectId)).rejects.toThrow(/404/);

    const inNewProject = new IntegrationPlatformClient({ baseUrl: p.config.baseUrl, apiKey: after.apiKey });
    expect((await inNewProject.mcp.get(after.serverId)).deleted).toBe(false);
    const triggers = await inNewProject.triggers.listActive({ trigger_ids: [after.triggerId], show_disabled: true });
    expect(triggers.items.map((t) => t.id)).toEqual([after.triggerId]);
    expect((await inNewProject.config.get()).display_name).toBe("Replacement E2E");
  });

  it("refresh and preview then find nothing to change", async () => {
    const refresh = await e2e.stack.refresh();
    expect(refresh.summary.resourceChanges).toEqual({ same: 5 });
    expect((await e2e.stack.preview()).changeSummary).toEqual({ same: 5 });
  });

  it("a refresh after the project is deleted out of band reports its children gone; destroy succeeds", async () => {
    const { projectId } = await outputs();
    await p.orgClient.projects.delete(projectId);
    const refresh = await e2e.stack.refresh();
    expect(refresh.summary.resourceChanges).toMatchObject({ delete: 4 });
    const state = (await e2e.stack.exportStack()).deployment as { resources?: { type: string }[] };
    const left = (state.resources ?? []).map((r) => r.type.split(":").pop());
    for (const child of CHILDREN) expect(left).not.toContain(child);
    const destroy = await e2e.stack.destroy();
    expect(destroy.summary.result).toBe("succeeded");
  });
});
