import { describe, expect, it } from "vitest";
import trigger from "../../provider/resources/trigger-instance.provider";
import { useTestPlatform } from "../support/platform";

describe("TriggerInstance provider", () => {
  const t = useTestPlatform({ configureProvider: true });

  it("creates by upsert, disables and enables through PATCH, and deletes", async () => {
    const inputs = { triggerName: "GITHUB_COMMIT_EVENT", connectedAccountId: t.connectedAccountId, triggerConfig: { owner: "acme", repo: "api" } };
    const checked = await trigger.check({} as never, inputs);
    expect(checked.failures).toEqual([]);
    const created = await trigger.create(checked.inputs!);
    expect(created.outs).toMatchObject({ triggerName: "GITHUB_COMMIT_EVENT", enabled: true, disabledAt: null, triggerConfig: { owner: "acme", repo: "api" } });

    expect(await trigger.diff(created.id, created.outs!, checked.inputs!)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });

    t.clearLog();
    const disabled = await trigger.update(created.id, created.outs!, { ...inputs, enabled: false });
    expect(disabled.outs?.enabled).toBe(false);
    expect(disabled.outs?.disabledAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(t.calls("manageTrigger")).toBe(1);
    expect(t.calls("upsertTrigger")).toBe(0);

    t.clearLog();
    const reconfigured = await trigger.update(created.id, disabled.outs!, { ...inputs, enabled: false, triggerConfig: { owner: "acme", repo: "web" } });
    expect(reconfigured.outs?.triggerConfig).toEqual({ owner: "acme", repo: "web" });
    expect(t.calls("upsertTrigger")).toBe(1);
    expect(t.calls("manageTrigger")).toBe(0);

    await t.client.triggers.manage(created.id, { status: "enable" });
    const refreshed = await trigger.read(created.id, reconfigured.outs);
    expect(refreshed.props?.enabled).toBe(true);

    await trigger.delete(created.id, refreshed.props!);
    expect(await trigger.read(created.id, refreshed.props)).toEqual({});
  });

  it("replaces when the trigger type or account changes", async () => {
    const olds = { triggerName: "GITHUB_COMMIT_EVENT", connectedAccountId: "ca_1", enabled: true, triggerConfig: {} } as never;
    expect(await trigger.diff("ti", olds, { triggerName: "github_commit_event", connectedAccountId: "ca_1", triggerConfig: {} })).toMatchObject({ changes: false });
    expect(await trigger.diff("ti", olds, { triggerName: "GITHUB_STAR_ADDED_EVENT", connectedAccountId: "ca_1" })).toMatchObject({ replaces: ["triggerName"], deleteBeforeReplace: true });
    expect(await trigger.diff("ti", olds, { triggerName: "GITHUB_COMMIT_EVENT", connectedAccountId: "ca_2" })).toMatchObject({ replaces: ["connectedAccountId"] });
  });

  it("takes over an existing trigger to manage its state", async () => {
    const { trigger_id } = await t.client.triggers.upsert("GITHUB_STAR_ADDED_EVENT", { connected_account_id: t.connectedAccountId, trigger_config: { owner: "o", repo: "r" } });
    t.clearLog();
    const adopted = await trigger.create({ triggerName: "GITHUB_STAR_ADDED_EVENT", connectedAccountId: t.connectedAccountId, enabled: false, adoptId: trigger_id });
    expect(adopted.id).toBe(trigger_id);
    expect(adopted.outs?.enabled).toBe(false);
    expect(adopted.outs?.triggerConfig).toEqual({ owner: "o", repo: "r" });
    expect(t.calls("upsertTrigger")).toBe(0);
    expect(t.calls("manageTrigger")).toBe(1);
    await expect(trigger.create({ triggerName: "GITHUB_COMMIT_EVENT", connectedAccountId: t.connectedAccountId, adoptId: trigger_id })).rejects.toThrow(/declare triggerName "GITHUB_STAR_ADDED_EVENT"/);
    await trigger.delete(trigger_id, adopted.outs!);
  });
});
