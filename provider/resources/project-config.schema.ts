/**
 * The ProjectConfig resource, declared once: see fields.ts for what each
 * column means. The deprecated `is_platform_link_enabled_for_managed_auth` is
 * deliberately absent (check refuses it).
 */
import { LOG_VISIBILITY_SETTINGS } from "../../api/project-config";
import type { InputsOf, OutputsOf, ResourceSchema } from "./fields";
import { API_KEY, PROJECT_ID } from "./common-fields";

export const PROJECT_CONFIG = {
  type: "ProjectConfig",
  description:
    "The configuration of a project (acts with a project key). create/update = PATCH /org/project/config with the " +
    "declared fields that differ, refresh = GET /org/project/config. Delete leaves the platform as it is, unless " +
    "`restoreOnDelete` asks to put back the values seen before.",
  key: "project",
  noun: "project configuration",
  shortNoun: "configuration",
  singleton: true,
  inputs: {
    apiKey: { ...API_KEY, description: "Key of the project to configure (secret), e.g. a new Project's `apiKey`; defaults to `integration-platform:apiKey`." },
    is2FAEnabled: { api: "is_2FA_enabled", type: "boolean", change: "update", description: "Require two-factor authentication." },
    logoUrl: { api: "logo_url", type: "string", change: "update", description: "Absolute URL of the project's logo." },
    displayName: { api: "display_name", type: "string", change: "update", description: "The name shown to users; at most 100 characters." },
    maskSecretKeysInConnectedAccount: { api: "mask_secret_keys_in_connected_account", type: "boolean", change: "update", description: "Never show connected accounts' secrets in clear." },
    logVisibilitySetting: { api: "log_visibility_setting", type: "string", values: LOG_VISIBILITY_SETTINGS, change: "update", description: "Whether tool inputs and outputs are kept in logs." },
    requireMcpApiKey: { api: "require_mcp_api_key", type: "boolean", change: "update", description: "MCP URLs answer only callers presenting an API key." },
    signedUrlFileExpiryInSeconds: { api: "signed_url_file_expiry_in_seconds", type: "integer", change: "update", description: "Lifetime of signed file URLs, in seconds." },
    restoreOnDelete: { type: "boolean", change: "state", default: false, description: "On delete, put back the values the declared fields had before the first create (default: leave the platform as it is)." },
  },
  outputs: {
    projectId: PROJECT_ID,
    previous: { type: "object", description: "The declared fields' values before the first create, for `restoreOnDelete`." },
  },
} as const satisfies ResourceSchema;

export type ProjectConfigInputs = InputsOf<typeof PROJECT_CONFIG>;
export type ProjectConfigOutputs = OutputsOf<typeof PROJECT_CONFIG>;
