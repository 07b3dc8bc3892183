// Project through the real engine (organization key): create with a key kept
// secret in state, no-op preview, replace on rename, adoption, refresh after an
// out-of-band delete, destroy.
import type { ProjectArgs } from "pulumi-integration-platform";
import { describe, expect, it } from "vitest";
import { sdk, useE2EStack, expectDestroyed, expectNoWritePreview, upLogged, expectUpCreates, expectRefreshFinds } from "./harness";
import { expectNoKeysInState, stateText, useTestPlatform } from "../support/platform";

describe("Project (real engine)", () => {
  const p = useTestPlatform();
  const desired: ProjectArgs & { name: string } = { name: "e2e-project", createApiKey: true };
  let projectId = "";
  let projectKey = "";

  const e2e = useE2EStack(() => ({
    projectName: "e2e-project",
    platform: p.config,
    program: async () => {
      const project = new (sdk().Project)("project", { ...desired });
      return { id: project.id, name: project.name, apiKey: project.apiKey };
    },
  }));

  it("up creates the project and its key, a secret output", async () => {
    const up = await expectUpCreates(p, e2e, { route: "createProject", bodyFields: ["name", "should_create_api_key"] });
    projectId = String(up.outputs.id?.value);
    expect(up.outputs.apiKey?.secret).toBe(true);
    projectKey = String(up.outputs.apiKey?.value);
    expect(projectKey).toMatch(/\w{10,}/);
    expect((await p.orgClient.projects.get(projectId)).name).toBe("e2e-project");
  });

  it("keeps the new project's key and the platform's keys out of the state in plain text", async () => {
    await expectNoKeysInState(e2e, [projectKey, p.config.apiKey, p.config.orgApiKey]);
    expect(await stateText(e2e)).toContain("ciphertext");
  });

  it("a no-op preview makes no write call", async () => {
    await expectNoWritePreview(p, e2e, 2);
  });

  it("a new name replaces the project (there is no rename)", async () => {
    desired.name = "e2e-project-renamed";
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(p.writes().map((w) => w.route)).toEqual(["createProject", "deleteProject"]);
    await expect(p.orgClient.projects.get(projectId)).rejects.toThrow(/404/);
    projectId = String(up.outputs.id?.value);
  });

  it("a project deleted out of band disappears on refresh", async () => {
    await p.orgClient.projects.delete(projectId);
    await expectRefreshFinds(e2e, { delete: 1 });
    expect((await e2e.stack.preview()).changeSummary).toMatchObject({ create: 1 });
  });

  it("adopts an existing project with adoptId, then destroy deletes it", async () => {
    const existing = await p.orgClient.projects.create({ name: "e2e-adopted-project" });
    desired.name = "e2e-adopted-project";
    desired.adoptId = existing.id;
    desired.createApiKey = false;
    const up = await upLogged(p, e2e);
    expect(up.outputs.id?.value).toBe(existing.id);
    expect(p.calls("createProject")).toBe(0);
    await expectDestroyed(e2e, 2, () => p.orgClient.projects.get(existing.id));
  });
});
