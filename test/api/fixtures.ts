/** Example payloads built from the spec's field tables, shared by the contract tests. */
export const ts = "2025-09-05T10:00:00.000Z";

export const mcpServer = {
  id: "mcp_1",
  name: "Support Bot",
  auth_config_ids: ["ac_1"],
  allowed_tools: ["GITHUB_CREATE_ISSUE"],
  mcp_url: "https://mcp.example.com/v3/mcp/mcp_1/mcp?user_id=u1",
  commands: { cursor: "npx @platform/mcp setup cursor" },
  toolkits: ["github"],
  toolkit_icons: { github: "https://logos.example.com/github.svg" },
  created_at: ts,
  updated_at: ts,
  server_instance_count: 2,
  managed_auth_via_platform: false,
};

export const projectListItem = {
  id: "proj_1",
  org_id: "org_1",
  name: "payments",
  email: "payments@project.example.com",
  created_at: ts,
  updated_at: ts,
  webhook_url: "https://hooks.example.com/in",
  event_webhook_url: "https://hooks.example.com/events",
  webhook_secret: "whsec_x",
  triggers_enabled: true,
  last_subscribed_at: ts,
  is_new_webhook: true,
  webhook_version: "v2",
  deleted: false,
};

export const projectConfig = {
  is_2FA_enabled: true,
  logo_url: "https://example.com/logo.png",
  display_name: "Payments",
  mask_secret_keys_in_connected_account: true,
  log_visibility_setting: "dont_store_data",
  require_mcp_api_key: true,
  signed_url_file_expiry_in_seconds: 3600,
};

export const triggerInstance = {
  uuid: "3f1c2a1e-9d8b-4c7a-8e6f-5a4b3c2d1e0f",
  id: "ti_1",
  connected_account_id: "ca_1",
  connected_account_uuid: "5a4b3c2d-1e0f-4c7a-8e6f-3f1c2a1e9d8b",
  trigger_name: "GITHUB_COMMIT_EVENT",
  user_id: "user-1",
  trigger_data: "{}",
  trigger_config: { owner: "acme", repo: "api" },
  state: {},
  updated_at: ts,
  disabled_at: null,
  disabledAt: null,
  connectedAccountId: "ca_1",
  triggerName: "GITHUB_COMMIT_EVENT",
  updatedAt: ts,
  triggerConfig: { owner: "acme", repo: "api" },
  deprecated: { createdAt: ts },
};
