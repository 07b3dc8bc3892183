import { describe, expect, it } from "vitest";
import config from "../../provider/resources/project-config.provider";
import { useTestPlatform } from "../support/platform";

describe("ProjectConfig provider", () => {
  const t = useTestPlatform({ configureProvider: true });

  it("check refuses the deprecated field and invalid values by input name", async () => {
    const deprecated = await config.check({} as never, { isPlatformLinkEnabledForManagedAuth: true } as never);
    expect(deprecated.failures?.map((f) => f.property)).toEqual(["isPlatformLinkEnabledForManagedAuth"]);
    const invalid = await config.check({} as never, { logVisibilitySetting: "everything" as never, logoUrl: "nope" });
    expect(invalid.failures?.map((f) => f.property).sort()).toEqual(["logVisibilitySetting", "logoUrl"]);
  });

  it("creates by patching only declared fields that differ, and shows drift on refresh", async () => {
    const before = await t.client.config.get();
    t.clearLog();
    const inputs = { requireMcpApiKey: !before.require_mcp_api_key, displayName: before.display_name ?? undefined };
    const created = await config.create(inputs);
    expect(t.calls("updateProjectConfig")).toBe(1);
    expect(t.platform.app.requestLog.entries({ route: "updateProjectConfig" }).map((e) => e.bodyFields)).toEqual([["require_mcp_api_key"]]);
    expect(created.id).toBe(t.platform.projectId);
    expect(created.outs?.previous).toEqual({ requireMcpApiKey: before.require_mcp_api_key, ...(inputs.displayName !== undefined ? { displayName: before.display_name } : {}) });

    expect((await config.diff(created.id, created.outs!, inputs)).changes).toBe(false);

    await t.client.config.update({ require_mcp_api_key: before.require_mcp_api_key });
    const refreshed = await config.read(created.id, created.outs);
    expect(refreshed.props?.requireMcpApiKey).toBe(before.require_mcp_api_key);
    expect((await config.diff(created.id, refreshed.props!, inputs)).changes).toBe(true);

    t.clearLog();
    const updated = await config.update(created.id, refreshed.props!, inputs);
    expect(updated.outs?.requireMcpApiKey).toBe(inputs.requireMcpApiKey);
    expect(t.calls("updateProjectConfig")).toBe(1);
  });

  it("leaves the platform as it is on delete, or restores the earlier values when asked", async () => {
    const before = await t.client.config.get();
    const kept = await config.create({ signedUrlFileExpiryInSeconds: 1234 });
    t.clearLog();
    await config.delete(kept.id, kept.outs!);
    expect(t.platform.app.requestLog.count()).toBe(0);
    expect((await t.client.config.get()).signed_url_file_expiry_in_seconds).toBe(1234);

    await t.client.config.update({ signed_url_file_expiry_in_seconds: before.signed_url_file_expiry_in_seconds });
    const restoring = await config.create({ signedUrlFileExpiryInSeconds: 999, restoreOnDelete: true });
    expect((await t.client.config.get()).signed_url_file_expiry_in_seconds).toBe(999);
    await config.delete(restoring.id, restoring.outs!);
    expect((await t.client.config.get()).signed_url_file_expiry_in_seconds).toBe(before.signed_url_file_expiry_in_seconds);
  });

  it("records a field that was null before the first create and puts the null back on delete", async () => {
    await t.client.config.update({ display_name: null });
    const created = await config.create({ displayName: "Scratch", restoreOnDelete: true });
    expect(created.outs?.previous).toEqual({ displayName: null });
    expect((await t.client.config.get()).display_name).toBe("Scratch");
    await config.delete(created.id, created.outs!);
    expect((await t.client.config.get()).display_name).toBeNull();
  });
});
