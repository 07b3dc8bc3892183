/** The TriggerInstance resource, declared once: see fields.ts for what each column means. */
import type { InputsOf, OutputsOf, ResourceSchema } from "./fields";
import { PROJECT_ID, projectChildInputs, updatedAt } from "./common-fields";

export const TRIGGER_INSTANCE = {
  type: "TriggerInstance",
  description:
    "A trigger instance: listens for events of one trigger type on one connected account. create = upsert " +
    "(+ disable when `enabled: false`), `triggerConfig` changes upsert, `enabled` drives PATCH enable|disable, delete = DELETE.",
  key: "project",
  noun: "trigger instance",
  shortNoun: "trigger",
  // An upsert of a new type or account makes a new trigger: delete the old one first so both never listen at once.
  deleteBeforeReplace: true,
  inputs: {
    triggerName: { api: "trigger_name", type: "string", required: true, change: "replace", inPath: true, ignoreCase: true, description: "Trigger type slug, e.g. `GITHUB_COMMIT_EVENT` (case-insensitive). Changing it replaces the trigger." },
    connectedAccountId: { api: "connected_account_id", type: "string", required: true, change: "replace", description: "The connected account the trigger listens on. Changing it replaces the trigger." },
    triggerConfig: { api: "trigger_config", type: "object", change: "update", description: "Inputs the trigger type's config schema asks for." },
    enabled: { type: "boolean", change: "update", default: true, description: "Desired state." },
    ...projectChildInputs("trigger instance"),
  },
  outputs: {
    projectId: PROJECT_ID,
    userId: { api: "user_id", type: "string", description: "The user of the connected account." },
    disabledAt: { api: "disabled_at", type: "string", nullable: true, description: "When the trigger was disabled; null while enabled." },
    updatedAt: updatedAt("trigger"),
  },
} as const satisfies ResourceSchema;

export type TriggerInstanceInputs = InputsOf<typeof TRIGGER_INSTANCE>;
export type TriggerInstanceOutputs = OutputsOf<typeof TRIGGER_INSTANCE>;
