/** Trigger instances: the answer form, with the deprecated camelCase aliases the spec keeps. */
import type { TriggerInstance } from "../../api";
import type { TriggerInstanceRecord } from "../store";

export function presentTrigger(record: TriggerInstanceRecord): TriggerInstance {
  return {
    uuid: record.uuid,
    id: record.id,
    connected_account_id: record.connected_account_id,
    connected_account_uuid: record.connected_account_uuid,
    trigger_name: record.trigger_slug,
    user_id: record.user_id,
    trigger_data: "",
    trigger_config: record.trigger_config,
    state: record.state,
    updated_at: record.updated_at,
    disabled_at: record.disabled_at,
    disabledAt: record.disabled_at,
    connectedAccountId: record.connected_account_id,
    triggerName: record.trigger_slug,
    updatedAt: record.updated_at,
    triggerConfig: record.trigger_config,
    deprecated: { createdAt: record.created_at },
  };
}
