// Children belong to their project: the provider's diff and read of a
// project-scoped resource (an MCP server here) against keys of its own
// project, a rotated one, another project's, an unknown one, and a deleted project's.
import { describe, expect, it } from "vitest";
import { createLocalAuthConfig } from "../../platform";
import mcp from "../../provider/resources/mcp-server.provider";
import { UNKNOWN_PLACEHOLDER } from "../../provider/resources/diff";
import { useTestPlatform } from "../support/platform";

describe("project ownership of children", () => {
  const t = useTestPlatform({ configureProvider: true });

  async function projectWithServer(name: string) {
    const project = await t.orgClient.projects.create({ name, should_create_api_key: true });
    const authConfigId = await createLocalAuthConfig(t.platform.url, t.config.orgApiKey, { project_id: project.id, toolkit: "github" });
    const inputs = { name: "Owned Server", authConfigIds: [authConfigId], apiKey: project.api_key! };
    const created = await mcp.create(inputs);
    return { project, inputs, created };
  }

  it("records the project; a rotated key is no change, another project's key or an unknown one replaces", async () => {
    const { project, inputs, created } = await projectWithServer("owner-a");
    expect(created.outs?.projectId).toBe(project.id);
    const rotated = (await t.orgClient.projects.regenerateApiKey(project.id)).api_key;
    expect(await mcp.diff(created.id, created.outs!, { ...inputs, apiKey: rotated })).toEqual({ changes: false, replaces: [] });
    const other = await t.orgClient.projects.create({ name: "owner-b", should_create_api_key: true });
    expect(await mcp.diff(created.id, created.outs!, { ...inputs, apiKey: other.api_key! })).toEqual({ changes: true, replaces: ["apiKey"] });
    expect(await mcp.diff(created.id, created.outs!, { ...inputs, apiKey: UNKNOWN_PLACEHOLDER })).toEqual({ changes: true, replaces: ["apiKey"] });
  });

  it("reads a child of a deleted project as gone, but a refused key of a live project stays an error saying what to do", async () => {
    const { project, created } = await projectWithServer("owner-c");
    const stale = { ...created.outs!, apiKey: "ipk_revoked0000000000000000" };
    await expect(mcp.read(created.id, stale)).rejects.toThrow(/401.*project "\w+" still exists/);
    await t.orgClient.projects.delete(project.id);
    expect(await mcp.read(created.id, created.outs)).toEqual({});
    await expect(mcp.delete(created.id, created.outs!)).resolves.toBeUndefined();
  });
});
