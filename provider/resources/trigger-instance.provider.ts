/**
 * The TriggerInstance provider: what is particular to it beside the shared
 * lifecycle. create = upsert of (connected account, trigger type), then
 * disable when `enabled` is false; `triggerConfig` changes upsert again;
 * `enabled` drives PATCH enable|disable. The active list is the only read of
 * one trigger (disabled ones on request).
 */
import { UpsertTriggerBody, type TriggerInstance } from "../../api";
import type { IntegrationPlatformClient } from "../client";
import { labelFailure, unlessNotFound } from "../errors";
import { projectClient } from "../clients";
import { changedKeys } from "./diff";
import { inputsFromApi, keysOf, outputsFromApi, providerInputs } from "./fields";
import { resourceProvider } from "./lifecycle";
import { TRIGGER_INSTANCE, type TriggerInstanceInputs, type TriggerInstanceOutputs } from "./trigger-instance.schema";

const UPDATABLE = keysOf(TRIGGER_INSTANCE, "update");

async function liveTrigger(client: IntegrationPlatformClient, id: string): Promise<TriggerInstance | undefined> {
  const page = await unlessNotFound(() => client.triggers.listActive({ trigger_ids: [id], show_disabled: true, limit: 1 }));
  return page?.items.find((t) => t.id === id);
}

/** `enabled` is not an API field: a trigger is enabled while it has no `disabled_at`. */
function liveInputs(trigger: TriggerInstance): Partial<TriggerInstanceInputs> {
  return { ...inputsFromApi(TRIGGER_INSTANCE, trigger), enabled: !trigger.disabled_at };
}

function outputs(_id: string, trigger: TriggerInstance, declared: Partial<TriggerInstanceOutputs>): TriggerInstanceOutputs {
  return { ...providerInputs(TRIGGER_INSTANCE, declared), ...liveInputs(trigger), ...outputsFromApi(TRIGGER_INSTANCE, trigger) } as TriggerInstanceOutputs;
}

/** Sends only what differs: an upsert for a new config, a PATCH for a new state. */
async function reconcile(client: IntegrationPlatformClient, id: string, changed: string[], wanted: TriggerInstanceInputs): Promise<void> {
  if (changed.includes("triggerConfig")) {
    await labelFailure(`updating the config of trigger instance "${id}"`, () => upsert(client, wanted));
  }
  if (changed.includes("enabled")) await setEnabled(client, id, wanted.enabled ?? true);
}

function upsert(client: IntegrationPlatformClient, inputs: TriggerInstanceInputs) {
  return client.triggers.upsert(inputs.triggerName, { connected_account_id: inputs.connectedAccountId, trigger_config: inputs.triggerConfig ?? {} });
}

async function setEnabled(client: IntegrationPlatformClient, id: string, enabled: boolean): Promise<void> {
  await labelFailure(`${enabled ? "enabling" : "disabling"} trigger instance "${id}"`, () =>
    client.triggers.manage(id, { status: enabled ? "enable" : "disable" }),
  );
}

/** The outputs after a change: read back, since neither upsert nor PATCH answers with the trigger. */
async function readBack(client: IntegrationPlatformClient, id: string, wanted: TriggerInstanceInputs, gone: string): Promise<TriggerInstanceOutputs> {
  const live = await labelFailure(`reading trigger instance "${id}"`, () => liveTrigger(client, id));
  if (!live) throw new Error(`trigger instance "${id}" ${gone}`);
  return outputs(id, live, wanted);
}

export = resourceProvider({
  schema: TRIGGER_INSTANCE,
  body: UpsertTriggerBody,

  checkMore(news) {
    if (typeof news.triggerName !== "string" || news.triggerName.trim() !== "") return [];
    return [{ property: "triggerName", reason: "triggerName must name a trigger type, e.g. GITHUB_COMMIT_EVENT" }];
  },

  find: (id, declared) => liveTrigger(projectClient(declared.apiKey), id),
  liveInputs,
  outputs,

  // A trigger is identified by its type and account: adopting one of another is a mistake.
  adoptMismatch(live, inputs) {
    if (live.trigger_name.toUpperCase() === inputs.triggerName.toUpperCase() && live.connected_account_id === inputs.connectedAccountId) return undefined;
    return `it is a ${live.trigger_name} trigger on ${live.connected_account_id}; declare triggerName "${live.trigger_name}" and connectedAccountId "${live.connected_account_id}".`;
  },

  async adopt(live, inputs) {
    const client = projectClient(inputs.apiKey);
    await reconcile(client, live.id, changedKeys(UPDATABLE, liveInputs(live), inputs), inputs);
    return { id: live.id, outs: await readBack(client, live.id, inputs, "vanished right after it was created") };
  },

  async create(inputs) {
    const client = projectClient(inputs.apiKey);
    const { trigger_id: id } = await labelFailure(`creating ${inputs.triggerName} trigger`, () => upsert(client, inputs));
    if (inputs.enabled === false) await setEnabled(client, id, false);
    return { id, outs: await readBack(client, id, inputs, "vanished right after it was created") };
  },

  async update(id, _olds, news, changed) {
    const client = projectClient(news.apiKey);
    await reconcile(client, id, changed, news);
    return readBack(client, id, news, "no longer exists; run `pulumi refresh` to forget it, then `pulumi up` to create it again.");
  },

  async remove(id, props) {
    await projectClient(props.apiKey).triggers.delete(id);
  },
});
