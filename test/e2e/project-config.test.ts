// ProjectConfig through the real engine: the new project's key as a secret
// input, PATCH of declared fields only, drift on refresh, delete semantics.
import type { ProjectConfigArgs } from "pulumi-integration-platform";
import { describe, expect, it } from "vitest";
import { IntegrationPlatformClient } from "../../provider/client";
import { sdk, usePlatformStack, expectNoWritePreview, upLogged, expectDriftUndone } from "./harness";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

describe("ProjectConfig (real engine)", () => {
  const p = useTestPlatform();
  const desired: ProjectConfigArgs = { requireMcpApiKey: true, logVisibilitySetting: "dont_store_data" };
  let declareConfig = true;
  let projectKey = "";
  const projectClient = () => new IntegrationPlatformClient({ baseUrl: p.config.baseUrl, apiKey: projectKey });

  const e2e = usePlatformStack(p, "e2e-config", async () => {
    const ip = sdk();
    const project = new ip.Project("project", { name: "e2e-config-project", createApiKey: true });
    if (!declareConfig) return { projectKey: project.apiKey };
    const config = new ip.ProjectConfig("config", { apiKey: project.apiKey.apply((k) => k ?? ""), ...desired });
    return { projectKey: project.apiKey, configProject: config.projectId };
  });

  it("up configures the new project with its own key, patching only declared fields", async () => {
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    projectKey = String(up.outputs.projectKey?.value);
    const patches = p.writes().filter((w) => w.route === "updateProjectConfig");
    expect(patches).toHaveLength(1);
    expect(patches[0]?.bodyFields?.every((f) => ["log_visibility_setting", "require_mcp_api_key"].includes(f))).toBe(true);
    const live = await projectClient().config.get();
    expect(live).toMatchObject({ require_mcp_api_key: true, log_visibility_setting: "dont_store_data" });
  });

  it("a no-op preview makes no write call", async () => {
    await expectNoWritePreview(p, e2e, 3);
  });

  it("a changed input makes one PATCH with only that field", async () => {
    desired.signedUrlFileExpiryInSeconds = 600;
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(p.writes()).toEqual([{ method: "PATCH", route: "updateProjectConfig", bodyFields: ["signed_url_file_expiry_in_seconds"] }]);
  });

  it("refresh shows drift made out of band, and up puts the declared value back", async () => {
    await projectClient().config.update({ require_mcp_api_key: false });
    await expectDriftUndone(p, e2e, [{ method: "PATCH", route: "updateProjectConfig", bodyFields: ["require_mcp_api_key"] }]);
    expect((await projectClient().config.get()).require_mcp_api_key).toBe(true);
  });

  it("keeps every key out of the state in plain text", async () => {
    await expectNoKeysInState(e2e, [projectKey, p.config.apiKey, p.config.orgApiKey]);
  });

  it("removing the resource leaves the configuration as it is", async () => {
    declareConfig = false;
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toMatchObject({ delete: 1 });
    expect(p.writes()).toEqual([]);
    expect((await projectClient().config.get()).signed_url_file_expiry_in_seconds).toBe(600);
  });
});
