/** Events the platform sends to a project's webhook subscription. */
import type { TriggerMessageEvent } from "../../api";
import { newId } from "../ids";
import type { TriggerInstanceRecord } from "../store";

/** A trigger instance's event, in the V3 body every delivery carries. */
export function triggerMessageEvent(
  trigger: TriggerInstanceRecord,
  toolkitSlug: string,
  payload: Record<string, unknown>,
  at: string,
): TriggerMessageEvent {
  return {
    id: newId("msg"),
    type: "platform.trigger.message",
    timestamp: at,
    metadata: {
      project_id: trigger.project_id,
      trigger_id: trigger.id,
      trigger_slug: trigger.trigger_slug,
      toolkit_slug: toolkitSlug,
      connected_account_id: trigger.connected_account_id,
      auth_config_id: trigger.auth_config_id,
      user_id: trigger.user_id,
    },
    data: payload,
  };
}
