/**
 * Type tokens and input shapes of the provider's resources. Kept free of any
 * runtime dependency so that the policy pack can read declarations with the
 * same names the provider uses.
 */

/** Dynamic resources are typed `pulumi-nodejs:dynamic/<module>:<type>`. */
export const RESOURCE_MODULE = "integration-platform";
export const resourceType = (name: string) => `pulumi-nodejs:dynamic/${RESOURCE_MODULE}:${name}`;

export const TYPE_TOKENS = {
  Project: resourceType("Project"),
  ProjectConfig: resourceType("ProjectConfig"),
  McpServer: resourceType("McpServer"),
  TriggerInstance: resourceType("TriggerInstance"),
} as const;

/** Inputs every project-scoped resource accepts to act with another project's key. */
export interface ProjectScopedInputs {
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  apiKey?: string;
}

export interface ProjectInputs {
  name: string;
  /** Create an API key with the project and expose it as the secret output `apiKey`. */
  createApiKey?: boolean;
  /** Adopt this existing project (nano id) instead of creating one. */
  adoptId?: string;
}

export interface ProjectConfigInputs extends ProjectScopedInputs {
  is2FAEnabled?: boolean;
  logoUrl?: string;
  displayName?: string;
  maskSecretKeysInConnectedAccount?: boolean;
  logVisibilitySetting?: "show_all" | "dont_store_data";
  requireMcpApiKey?: boolean;
  signedUrlFileExpiryInSeconds?: number;
  /** On delete, put back the values seen before the first create (default false: leave the platform as it is). */
  restoreOnDelete?: boolean;
}

export interface McpServerInputs extends ProjectScopedInputs {
  name: string;
  authConfigIds: string[];
  toolkits?: string[];
  allowedTools?: string[];
  managedAuthViaPlatform?: boolean;
  /** Adopt this existing MCP server (id) instead of creating one. */
  adoptId?: string;
}

export interface TriggerInstanceInputs extends ProjectScopedInputs {
  /** Trigger type slug, e.g. GITHUB_COMMIT_EVENT. */
  triggerName: string;
  connectedAccountId: string;
  triggerConfig?: Record<string, unknown>;
  /** Desired state; default true. */
  enabled?: boolean;
  /** Take over this existing trigger instance (id) to manage its state. */
  adoptId?: string;
}

/**
 * Maps each ProjectConfig input to its API field. The deprecated
 * `is_platform_link_enabled_for_managed_auth` is deliberately absent.
 */
export const PROJECT_CONFIG_FIELDS = {
  is2FAEnabled: "is_2FA_enabled",
  logoUrl: "logo_url",
  displayName: "display_name",
  maskSecretKeysInConnectedAccount: "mask_secret_keys_in_connected_account",
  logVisibilitySetting: "log_visibility_setting",
  requireMcpApiKey: "require_mcp_api_key",
  signedUrlFileExpiryInSeconds: "signed_url_file_expiry_in_seconds",
} as const;
