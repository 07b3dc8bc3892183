/** Trigger types and trigger instances. */
import { z } from "zod";
import { CursorQuery, Id, QueryBoolean, QueryStringArray, UserId, VersionSelector, cursorPage, deprecated, queryArrayOf } from "./common";

export const TriggerInstance = z.looseObject({
  uuid: z.string(),
  id: z.string(),
  connected_account_id: z.string(),
  connected_account_uuid: z.string().optional(),
  trigger_name: z.string(),
  user_id: z.string(),
  trigger_data: z.string().optional(),
  trigger_config: z.record(z.string(), z.unknown()),
  state: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
  disabled_at: z.string().nullable(),
  disabledAt: deprecated(z.string().nullable().optional(), "disabled_at"),
  connectedAccountId: deprecated(z.string().optional(), "connected_account_id"),
  triggerName: deprecated(z.string().optional(), "trigger_name"),
  updatedAt: deprecated(z.string().optional(), "updated_at"),
  triggerConfig: deprecated(z.record(z.string(), z.unknown()).optional(), "trigger_config"),
  deprecated: deprecated(z.looseObject({ createdAt: z.string() }).optional()),
});
export type TriggerInstance = z.infer<typeof TriggerInstance>;

const SchemaField = z.looseObject({
  type: z.string(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  options: z.array(z.unknown()).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});

export const TriggerType = z.looseObject({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  instructions: z.string().optional(),
  type: z.string(),
  toolkit: z.looseObject({ slug: z.string(), name: z.string(), logo: z.string().optional() }),
  config: z.record(z.string(), SchemaField),
  payload: z.record(z.string(), SchemaField),
  version: z.string(),
});
export type TriggerType = z.infer<typeof TriggerType>;

const upper = (schema: typeof QueryStringArray) =>
  schema.transform((names) => names?.map((n) => n.toUpperCase()));

/** GET /trigger_instances/active; the deprecated aliases still filter. */
export const ListActiveTriggersQuery = z.looseObject({
  user_ids: queryArrayOf(UserId),
  connected_account_ids: QueryStringArray,
  auth_config_ids: QueryStringArray,
  trigger_ids: QueryStringArray,
  trigger_names: upper(QueryStringArray).meta({ description: "Case-insensitive; normalized to upper case." }),
  show_disabled: QueryBoolean,
  ...CursorQuery,
  connectedAccountIds: deprecated(QueryStringArray, "connected_account_ids"),
  authConfigIds: deprecated(QueryStringArray, "auth_config_ids"),
  triggerIds: deprecated(QueryStringArray, "trigger_ids"),
  triggerNames: deprecated(upper(QueryStringArray), "trigger_names"),
  showDisabled: deprecated(QueryBoolean, "show_disabled"),
  deprecatedConnectedAccountUuids: deprecated(QueryStringArray, "connected_account_ids"),
  deprecatedAuthConfigUuids: deprecated(QueryStringArray, "auth_config_ids"),
});
export type ListActiveTriggersQuery = z.input<typeof ListActiveTriggersQuery>;
export const TriggerInstancePage = cursorPage("items", TriggerInstance);
export type TriggerInstancePage = z.infer<typeof TriggerInstancePage>;

export const TRIGGER_STATUS_ACTIONS = ["enable", "disable"] as const;
export const TriggerIdParams = z.object({ triggerId: Id });
export const ManageTriggerBody = z.strictObject({
  status: z.enum(TRIGGER_STATUS_ACTIONS, { error: "must be enable or disable" }),
});
export type ManageTriggerBody = z.input<typeof ManageTriggerBody>;
export const ManageTriggerResponse = z.looseObject({ status: z.string() });
export const DeleteTriggerResponse = z.looseObject({ trigger_id: z.string() });

/** Lifecycle endpoint POST /trigger_instances/{slug}/upsert (beyond the spec document). */
export const TriggerSlugParams = z.object({ slug: Id });
export const UpsertTriggerBody = z.strictObject({
  connected_account_id: Id,
  trigger_config: z.record(z.string(), z.unknown()).default({}),
});
export type UpsertTriggerBody = z.input<typeof UpsertTriggerBody>;
export const UpsertTriggerResponse = z.looseObject({ trigger_id: z.string() });
export type UpsertTriggerResponse = z.infer<typeof UpsertTriggerResponse>;

/**
 * `toolkit_versions`: `latest`, one version for all, or per toolkit in bracket
 * notation (`toolkit_versions[github]=20250905_00`), which the query parser
 * turns into an object.
 */
export const ToolkitVersions = z.union([
  VersionSelector,
  z.record(z.string().min(1), VersionSelector),
]);
export const ListTriggerTypesQuery = z.looseObject({
  toolkit_slugs: QueryStringArray,
  toolkit_versions: z.preprocess((v) => (v === "" || v === null ? undefined : v), ToolkitVersions.optional()),
  ...CursorQuery,
});
export type ListTriggerTypesQuery = z.input<typeof ListTriggerTypesQuery>;
export const TriggerTypePage = cursorPage("items", TriggerType);
export type TriggerTypePage = z.infer<typeof TriggerTypePage>;
