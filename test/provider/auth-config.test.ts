import { describe, expect, it } from "vitest";
import authConfig from "../../provider/resources/auth-config.provider";
import { useTestPlatform } from "../support/platform";

describe("AuthConfig provider", () => {
  const t = useTestPlatform({ configureProvider: true });
  const custom = {
    toolkit: "github",
    platformManaged: false,
    authScheme: "OAUTH2",
    credentials: { client_id: "Iv1.provider", client_secret: "provider-secret-1234" },
    scopes: ["repo", "read:user"],
  };

  it("check names the input and makes no call: custom auth needs a scheme, platform-managed takes no credentials", async () => {
    t.clearLog();
    expect((await authConfig.check({} as never, { toolkit: "github", platformManaged: false })).failures).toEqual([
      { property: "authScheme", reason: "authScheme is required for custom auth (platformManaged: false), e.g. OAUTH2 or API_KEY" },
    ]);
    const managed = await authConfig.check({} as never, { toolkit: "github", credentials: { client_secret: "x" } });
    expect((managed.failures ?? []).map((f) => f.property)).toEqual(["credentials"]);
    const proxy = await authConfig.check({} as never, { ...custom, proxyUrl: "not a url" });
    expect(proxy.failures).toEqual([{ property: "proxyUrl", reason: "proxyUrl must be an absolute URL" }]);
    expect(t.platform.app.requestLog.count()).toBe(0);
  });

  it("creates a custom OAuth config, patches only what changed, sees masked drift, disables and deletes", async () => {
    const created = await authConfig.create(custom);
    const live = await t.client.authConfigs.get(created.id);
    expect(live).toMatchObject({ is_platform_managed: false, auth_scheme: "OAUTH2", status: "ENABLED" });
    expect(live.credentials).toMatchObject({ client_id: "Iv1.provider", scopes: "repo,read:user" });
    expect(created.outs).toMatchObject({ toolkit: "github", credentials: custom.credentials, scopes: ["repo", "read:user"], enabled: true });
    expect(await authConfig.diff(created.id, created.outs!, custom)).toEqual({ changes: false, replaces: [] });

    // A refresh of an unchanged config: the masked secret fits the declared one, so no drift.
    const same = await authConfig.read(created.id, created.outs);
    expect(same.props?.credentials).toEqual(custom.credentials);
    expect((await authConfig.diff(created.id, same.props!, custom)).changes).toBe(false);

    t.clearLog();
    const narrowed = { ...custom, restrictToFollowingTools: ["GITHUB_CREATE_ISSUE"] };
    const updated = await authConfig.update(created.id, same.props!, narrowed);
    expect(t.writes()).toEqual([{ method: "PATCH", route: "updateAuthConfig", bodyFields: ["credentials", "tool_access_config", "type"] }]);
    expect(updated.outs?.restrictToFollowingTools).toEqual(["GITHUB_CREATE_ISSUE"]);

    // The secret changed out of band: refresh shows it (masked), and the diff asks to put the declared one back.
    await t.client.authConfigs.update(created.id, { type: "custom", credentials: { client_id: "Iv1.provider", client_secret: "changed-by-hand-9999" } });
    const drifted = await authConfig.read(created.id, updated.outs);
    expect(drifted.props?.credentials).toEqual({ client_id: "Iv1.provider", client_secret: "…9999" });
    expect(drifted.props?.scopes).toBeUndefined();
    expect((await authConfig.diff(created.id, drifted.props!, narrowed)).changes).toBe(true);

    t.clearLog();
    await authConfig.update(created.id, updated.outs!, { ...narrowed, enabled: false });
    expect(t.writes()).toEqual([{ method: "PATCH", route: "setAuthConfigStatus" }]);
    expect((await t.client.authConfigs.get(created.id)).status).toBe("DISABLED");

    await authConfig.delete(created.id, updated.outs!);
    expect(await authConfig.read(created.id, updated.outs)).toEqual({});
    await expect(authConfig.delete(created.id, updated.outs!)).resolves.toBeUndefined();
  });

  it("replaces on a new toolkit, kind or scheme, never on a credential", async () => {
    const outs = { ...custom, enabled: true } as never;
    expect((await authConfig.diff("ac_1", outs, { ...custom, toolkit: "gmail" })).replaces).toEqual(["toolkit"]);
    expect((await authConfig.diff("ac_1", outs, { ...custom, platformManaged: true })).replaces).toEqual(["platformManaged"]);
    expect((await authConfig.diff("ac_1", outs, { ...custom, authScheme: "oauth2" })).changes).toBe(false);
    expect(await authConfig.diff("ac_1", outs, { ...custom, credentials: { client_id: "x", client_secret: "y" } })).toEqual({ changes: true, replaces: [] });
  });

  it("creates a platform-managed config with scopes and sets them with a default PATCH", async () => {
    const managed = { toolkit: "github", scopes: ["repo"] };
    const created = await authConfig.create(managed);
    expect(created.outs).toMatchObject({ platformManaged: true, authScheme: "OAUTH2", scopes: ["repo"] });
    t.clearLog();
    const updated = await authConfig.update(created.id, created.outs!, { ...managed, scopes: ["repo", "gist"] });
    expect(t.writes()).toEqual([{ method: "PATCH", route: "updateAuthConfig", bodyFields: ["scopes", "type"] }]);
    expect(updated.outs?.scopes).toEqual(["repo", "gist"]);
    await authConfig.delete(created.id, updated.outs!);
  });

  it("adopts an existing config, reconciles what differs, and refuses one of another toolkit", async () => {
    const { auth_config: existing } = await t.client.authConfigs.create({ toolkit: { slug: "github" } });
    t.clearLog();
    const adopted = await authConfig.create({ toolkit: "github", adoptId: existing.id, enabled: false });
    expect(adopted.id).toBe(existing.id);
    expect(t.writes()).toEqual([{ method: "PATCH", route: "setAuthConfigStatus" }]);
    await expect(authConfig.create({ toolkit: "gmail", adoptId: existing.id })).rejects.toThrow(
      `adopting auth config "${existing.id}" failed: it is an auth config of github; declare toolkit "github".`,
    );
  });
});
