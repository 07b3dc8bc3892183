import { describe, expect, it } from "vitest";
import { IntegrationPlatformClient } from "../../provider/client";
import project from "../../provider/resources/project.provider";
import { useTestPlatform } from "../support/platform";

describe("Project provider", () => {
  const t = useTestPlatform({ configureProvider: true });

  it("check validates the name and defaults createApiKey", async () => {
    expect((await project.check({} as never, { name: "ok-name" })).inputs).toEqual({ name: "ok-name", createApiKey: false });
    expect((await project.check({} as never, { name: "x" })).failures?.[0]?.property).toBe("name");
  });

  it("creates with a key that works, refreshes, and deletes with its keys", async () => {
    const created = await project.create({ name: "provider-project", createApiKey: true });
    expect(created.outs).toMatchObject({ name: "provider-project", projectId: created.id, createApiKey: true });
    const key = created.outs!.apiKey!;
    expect(key).toMatch(/^ipk_\w{10,}/);

    const asProject = new IntegrationPlatformClient({ baseUrl: t.platform.url, apiKey: key });
    expect((await asProject.session.info()).project.id).toBe(created.id);

    const refreshed = await project.read(created.id, created.outs);
    expect(refreshed.props?.apiKey).toBe(key);
    expect(refreshed.inputs).toMatchObject({ name: "provider-project", createApiKey: true });

    await project.delete(created.id, created.outs!);
    expect(await project.read(created.id, created.outs)).toEqual({});
    await expect(asProject.session.info()).rejects.toThrow(/401/);
  });

  it("replaces on a new name, and issues a key on update when asked", async () => {
    const created = await project.create({ name: "provider-nokey" });
    expect(created.outs?.apiKey).toBeUndefined();
    expect(await project.diff(created.id, created.outs!, { name: "provider-renamed" })).toMatchObject({ changes: true, replaces: ["name"] });
    expect(await project.diff(created.id, created.outs!, { name: "provider-nokey" })).toEqual({ changes: false, replaces: [] });
    expect(await project.diff(created.id, created.outs!, { name: "provider-nokey", createApiKey: true })).toEqual({ changes: true, replaces: [] });
    t.clearLog();
    const updated = await project.update(created.id, created.outs!, { name: "provider-nokey", createApiKey: true });
    expect(updated.outs?.apiKey).toMatch(/^ipk_\w{10,}/);
    expect(t.calls("regenerateApiKey")).toBe(1);
    await project.delete(created.id, updated.outs!);
  });

  it("adopts an existing project without creating one, and refuses a different name", async () => {
    const existing = await t.orgClient.projects.create({ name: "made-outside" });
    t.clearLog();
    const adopted = await project.create({ name: "made-outside", adoptId: existing.id });
    expect(adopted.id).toBe(existing.id);
    expect(t.calls("createProject")).toBe(0);
    await expect(project.create({ name: "other-name", adoptId: existing.id })).rejects.toThrow(/named "made-outside"/);
    await project.delete(existing.id, adopted.outs!);
  });

  it("reports a duplicate name as the API's conflict", async () => {
    await project.create({ name: "taken-name" }).then((r) => r);
    await expect(project.create({ name: "taken-name" })).rejects.toThrow(/creating project "taken-name" failed: 409/);
  });
});
