/** Project configuration: the settings PATCH /org/project/config changes. */
import { z } from "zod";
import { deprecated } from "./common";

export const LOG_VISIBILITY_SETTINGS = ["show_all", "dont_store_data"] as const;
export const LogVisibilitySetting = z.enum(LOG_VISIBILITY_SETTINGS, {
  error: `must be one of: ${LOG_VISIBILITY_SETTINGS.join(", ")}`,
});

/** The deprecated field: accepted by the schema so it can be refused with a clear message. */
export const DEPRECATED_CONFIG_FIELD = "is_platform_link_enabled_for_managed_auth";

export const ProjectConfig = z.looseObject({
  is_2FA_enabled: z.boolean(),
  logo_url: z.string().nullable(),
  display_name: z.string().nullable(),
  mask_secret_keys_in_connected_account: z.boolean(),
  log_visibility_setting: LogVisibilitySetting,
  require_mcp_api_key: z.boolean(),
  [DEPRECATED_CONFIG_FIELD]: deprecated(z.boolean().optional(), "nothing; it must not be used"),
  signed_url_file_expiry_in_seconds: z.number(),
});
export type ProjectConfig = z.infer<typeof ProjectConfig>;

/** The fields a caller may write; every one optional, only those sent change. */
export const ProjectConfigPatch = z.strictObject({
  is_2FA_enabled: z.boolean().optional(),
  logo_url: z.url({ error: "must be an absolute URL" }).nullable().optional(),
  display_name: z.string().max(100, "must be at most 100 characters").nullable().optional(),
  mask_secret_keys_in_connected_account: z.boolean().optional(),
  log_visibility_setting: LogVisibilitySetting.optional(),
  require_mcp_api_key: z.boolean().optional(),
  [DEPRECATED_CONFIG_FIELD]: deprecated(z.boolean().optional(), "nothing; it must not be used"),
  signed_url_file_expiry_in_seconds: z
    .number()
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1 second")
    .max(604_800, "must be at most 604800 seconds (7 days)")
    .optional(),
});
export type ProjectConfigPatch = z.input<typeof ProjectConfigPatch>;

/** The writable field names, for diffing and for the provider's inputs. */
export const WRITABLE_CONFIG_FIELDS = [
  "is_2FA_enabled",
  "logo_url",
  "display_name",
  "mask_secret_keys_in_connected_account",
  "log_visibility_setting",
  "require_mcp_api_key",
  "signed_url_file_expiry_in_seconds",
] as const satisfies readonly (keyof ProjectConfigPatch)[];
export type WritableConfigField = (typeof WRITABLE_CONFIG_FIELDS)[number];
