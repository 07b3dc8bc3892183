// TriggerInstance through the real engine: upsert on create, enable/disable by
// PATCH, config change by upsert, drift, adoption of an existing trigger, destroy.
import { describe, expect, it } from "vitest";
import { sdk, usePlatformStack, expectNoWritePreview, upLogged, expectUpCreates, expectDriftUndone } from "./harness";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

describe("TriggerInstance (real engine)", () => {
  const p = useTestPlatform();
  const desired: { enabled?: boolean; triggerConfig: Record<string, unknown>; adoptId?: string; triggerName: string } = {
    triggerName: "GITHUB_COMMIT_EVENT",
    triggerConfig: { owner: "acme", repo: "api" },
  };
  let triggerId = "";
  const live = async (id: string) =>
    (await p.client.triggers.listActive({ trigger_ids: [id], show_disabled: true })).items[0];

  const e2e = usePlatformStack(p, "e2e-trigger", async () => {
    const trigger = new (sdk().TriggerInstance)("trigger", { connectedAccountId: p.connectedAccountId, ...desired });
    return { id: trigger.id, enabled: trigger.enabled };
  });

  it("up creates the trigger by one upsert", async () => {
    const up = await expectUpCreates(p, e2e, { route: "upsertTrigger", bodyFields: ["connected_account_id", "trigger_config"] });
    triggerId = String(up.outputs.id?.value);
    expect((await live(triggerId))?.disabled_at).toBeNull();
  });

  it("a no-op preview makes no write call", async () => {
    await expectNoWritePreview(p, e2e, 2);
  });

  it("enabled: false is one PATCH disable; a config change is one upsert", async () => {
    desired.enabled = false;
    await upLogged(p, e2e);
    expect(p.writes()).toEqual([{ method: "PATCH", route: "manageTrigger", bodyFields: ["status"] }]);
    expect((await live(triggerId))?.disabled_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);

    desired.triggerConfig = { owner: "acme", repo: "web" };
    await upLogged(p, e2e);
    expect(p.writes()).toEqual([{ method: "POST", route: "upsertTrigger", bodyFields: ["connected_account_id", "trigger_config"] }]);
    expect((await live(triggerId))?.trigger_config).toEqual({ owner: "acme", repo: "web" });
  });

  it("refresh shows a trigger enabled out of band, and up disables it again", async () => {
    await p.client.triggers.manage(triggerId, { status: "enable" });
    await expectDriftUndone(p, e2e, [{ method: "PATCH", route: "manageTrigger", bodyFields: ["status"] }]);
    expect((await live(triggerId))?.disabled_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
  });

  it("keeps no key in the state in plain text", async () => {
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey]);
  });

  it("destroy deletes the trigger permanently", async () => {
    const destroy = await e2e.stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    expect(await live(triggerId)).toBeUndefined();
  });

  it("adoptId takes over an existing trigger to manage its state", async () => {
    const { trigger_id } = await p.client.triggers.upsert("GITHUB_STAR_ADDED_EVENT", {
      connected_account_id: p.connectedAccountId,
      trigger_config: { owner: "acme", repo: "api" },
    });
    Object.assign(desired, { triggerName: "GITHUB_STAR_ADDED_EVENT", adoptId: trigger_id, enabled: false, triggerConfig: { owner: "acme", repo: "api" } });
    const up = await upLogged(p, e2e);
    expect(up.outputs.id?.value).toBe(trigger_id);
    expect(p.writes()).toEqual([{ method: "PATCH", route: "manageTrigger", bodyFields: ["status"] }]);
    expect((await live(trigger_id))?.disabled_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
  });
});
