/**
 * The TriggerInstance provider (module exports = provider; see mcp-server.provider.ts).
 *
 * create = upsert of (connected account, trigger type), then disable when
 * `enabled` is false; `triggerConfig` changes upsert again; `enabled` drives
 * PATCH enable|disable; delete = DELETE. A trigger is identified by its
 * connected account and type, so changing either replaces it.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { UpsertTriggerBody, type TriggerInstance } from "../../api";
import type { IntegrationPlatformClient } from "../client";
import { attempt, unlessNotFound } from "../errors";
import { projectClient } from "../settings";
import { checkWith } from "./check";
import { changedKeys, definedOnly, withoutUndefined } from "./diff";
import type { TriggerInstanceInputs } from "./schema";

export interface TriggerInstanceOutputs extends TriggerInstanceInputs {
  triggerConfig: Record<string, unknown>;
  enabled: boolean;
  userId: string;
  disabledAt: string | null;
  updatedAt: string;
}

export { configureProvider as configure } from "../settings";

export async function check(_olds: TriggerInstanceInputs, news: TriggerInstanceInputs): Promise<dynamic.CheckResult<TriggerInstanceInputs>> {
  const inputs = { ...news, enabled: news.enabled ?? true };
  const failures =
    typeof news.triggerName === "string" && news.triggerName.trim() === ""
      ? [{ property: "triggerName", reason: "triggerName must name a trigger type, e.g. GITHUB_COMMIT_EVENT" }]
      : [];
  return checkWith(
    inputs,
    UpsertTriggerBody,
    definedOnly({ connected_account_id: news.connectedAccountId, trigger_config: news.triggerConfig }),
    failures,
  );
}

export async function diff(_id: string, olds: TriggerInstanceOutputs, news: TriggerInstanceInputs): Promise<dynamic.DiffResult> {
  const replaces: string[] = [];
  if (news.triggerName !== undefined && news.triggerName.toUpperCase() !== olds.triggerName?.toUpperCase()) replaces.push("triggerName");
  if (news.connectedAccountId !== olds.connectedAccountId) replaces.push("connectedAccountId");
  if (news.adoptId !== undefined && olds.adoptId !== undefined && news.adoptId !== olds.adoptId) replaces.push("adoptId");
  const changed = changedKeys(["triggerConfig", "enabled"], olds, { ...news, enabled: news.enabled ?? true });
  // An upsert of a new type or account makes a new trigger: delete the old one first so both never listen at once.
  return { changes: replaces.length > 0 || changed.length > 0, replaces, deleteBeforeReplace: replaces.length > 0 };
}

export async function create(inputs: TriggerInstanceInputs): Promise<dynamic.CreateResult<TriggerInstanceOutputs>> {
  const client = projectClient(inputs.apiKey);
  const wanted = { ...inputs, enabled: inputs.enabled ?? true };
  let id: string;
  if (inputs.adoptId) {
    const adoptId = inputs.adoptId;
    const live = await attempt(`adopting trigger instance "${adoptId}"`, () => liveTrigger(client, adoptId));
    if (!live) throw new Error(`adopting trigger instance "${adoptId}" failed: no such trigger in this project. Check the id, or remove adoptId to create a new trigger.`);
    if (live.trigger_name.toUpperCase() !== inputs.triggerName.toUpperCase() || live.connected_account_id !== inputs.connectedAccountId) {
      throw new Error(
        `adopting trigger instance "${adoptId}" failed: it is a ${live.trigger_name} trigger on ${live.connected_account_id}; declare triggerName "${live.trigger_name}" and connectedAccountId "${live.connected_account_id}".`,
      );
    }
    id = live.id;
    await reconcile(client, id, toInputs(live), wanted);
  } else {
    const upserted = await attempt(`creating ${inputs.triggerName} trigger`, () =>
      client.triggers.upsert(inputs.triggerName, { connected_account_id: inputs.connectedAccountId, trigger_config: inputs.triggerConfig ?? {} }),
    );
    id = upserted.trigger_id;
    if (!wanted.enabled) await setEnabled(client, id, false);
  }
  const live = await attempt(`reading trigger instance "${id}"`, () => liveTrigger(client, id));
  if (!live) throw new Error(`trigger instance "${id}" vanished right after it was created`);
  return { id, outs: withoutUndefined(toOutputs(live, wanted)) };
}

export async function read(id: string, props?: TriggerInstanceOutputs): Promise<dynamic.ReadResult<TriggerInstanceOutputs>> {
  const client = projectClient(props?.apiKey);
  const live = await attempt(`reading trigger instance "${id}"`, () => liveTrigger(client, id));
  if (!live) return {};
  const inputs = definedOnly({ ...toInputs(live), apiKey: props?.apiKey, adoptId: props?.adoptId });
  return { id, props: withoutUndefined(toOutputs(live, props ?? {})), inputs: withoutUndefined(inputs) as unknown as TriggerInstanceOutputs };
}

export async function update(id: string, olds: TriggerInstanceOutputs, news: TriggerInstanceInputs): Promise<dynamic.UpdateResult<TriggerInstanceOutputs>> {
  const client = projectClient(news.apiKey);
  const wanted = { ...news, enabled: news.enabled ?? true };
  await reconcile(client, id, olds, wanted);
  const live = await attempt(`reading trigger instance "${id}"`, () => liveTrigger(client, id));
  if (!live) throw new Error(`trigger instance "${id}" no longer exists; run \`pulumi refresh\` to forget it, then \`pulumi up\` to create it again.`);
  return { outs: withoutUndefined(toOutputs(live, wanted)) };
}

async function remove(id: string, props: TriggerInstanceOutputs): Promise<void> {
  const client = projectClient(props.apiKey);
  // Already gone (deleted out of band): the goal of delete is met.
  await attempt(`deleting trigger instance "${id}"`, () => unlessNotFound(() => client.triggers.delete(id)));
}
export { remove as delete };

/** Sends only what differs: an upsert for a new config, a PATCH for a new state. */
async function reconcile(client: IntegrationPlatformClient, id: string, current: Partial<TriggerInstanceInputs>, wanted: TriggerInstanceInputs): Promise<void> {
  const changed = changedKeys(["triggerConfig", "enabled"], current, wanted);
  if (changed.includes("triggerConfig")) {
    await attempt(`updating the config of trigger instance "${id}"`, () =>
      client.triggers.upsert(wanted.triggerName, { connected_account_id: wanted.connectedAccountId, trigger_config: wanted.triggerConfig ?? {} }),
    );
  }
  if (changed.includes("enabled")) await setEnabled(client, id, wanted.enabled ?? true);
}

async function setEnabled(client: IntegrationPlatformClient, id: string, enabled: boolean): Promise<void> {
  await attempt(`${enabled ? "enabling" : "disabling"} trigger instance "${id}"`, () =>
    client.triggers.manage(id, { status: enabled ? "enable" : "disable" }),
  );
}

/** The active list is the only read of one trigger; disabled ones are included on request. */
async function liveTrigger(client: IntegrationPlatformClient, id: string): Promise<TriggerInstance | undefined> {
  const page = await unlessNotFound(() => client.triggers.listActive({ trigger_ids: [id], show_disabled: true, limit: 1 }));
  return page?.items.find((t) => t.id === id);
}

function toInputs(trigger: TriggerInstance): TriggerInstanceInputs {
  return {
    triggerName: trigger.trigger_name,
    connectedAccountId: trigger.connected_account_id,
    triggerConfig: trigger.trigger_config,
    enabled: !trigger.disabled_at,
  };
}

function toOutputs(trigger: TriggerInstance, inputs: Partial<TriggerInstanceInputs>): TriggerInstanceOutputs {
  return {
    ...(definedOnly({ apiKey: inputs.apiKey, adoptId: inputs.adoptId }) as Partial<TriggerInstanceInputs>),
    ...toInputs(trigger),
    triggerConfig: trigger.trigger_config,
    enabled: !trigger.disabled_at,
    userId: trigger.user_id,
    disabledAt: trigger.disabled_at,
    updatedAt: trigger.updated_at,
  };
}
