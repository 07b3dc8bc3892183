/**
 * Payloads that satisfy the api/ schemas, for the contract and client tests:
 * `example` holds one full payload per object, with every field the spec's
 * tables list; the builders vary ids for lists and pages.
 */
export const ts = "2025-09-05T10:00:00.000Z";

export const example = {
  mcpServer: {
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
  },
  projectListItem: {
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
  },
  projectConfig: {
    is_2FA_enabled: true,
    logo_url: "https://example.com/logo.png",
    display_name: "Payments",
    mask_secret_keys_in_connected_account: true,
    log_visibility_setting: "dont_store_data",
    require_mcp_api_key: true,
    signed_url_file_expiry_in_seconds: 3600,
  },
  triggerInstance: {
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
  },
};

export function mcpServer(id: string, extra: Record<string, unknown> = {}) {
  return { ...example.mcpServer, id, name: `server ${id}`, mcp_url: `https://mcp.example.com/${id}`, server_instance_count: 0, ...extra };
}

export function mcpInstance(id: string, serverId = "srv_1") {
  return { id, instance_id: `user_${id}`, mcp_server_id: serverId, created_at: ts, updated_at: ts };
}

export function project(id: string) {
  return {
    id,
    org_id: "org_1",
    name: `project ${id}`,
    email: `${id}@projects.example.com`,
    created_at: ts,
    updated_at: ts,
    webhook_url: null,
    triggers_enabled: true,
    deleted: false,
  };
}

export function toolkitSummary(slug: string) {
  return {
    slug,
    name: slug.toUpperCase(),
    auth_schemes: ["OAUTH2"],
    platform_managed_auth_schemes: [],
    is_local_toolkit: false,
    no_auth: false,
    meta: {
      created_at: ts,
      updated_at: ts,
      description: `${slug} toolkit`,
      logo: "https://logos.example.com/x.png",
      app_url: "https://example.com",
      categories: [{ id: "dev", name: "Developer tools" }],
      triggers_count: 1,
      tools_count: 2,
      version: "20250101_00",
    },
  };
}

export function triggerInstance(id: string) {
  return {
    uuid: `uuid-${id}`,
    id,
    connected_account_id: "ca_1",
    trigger_name: "GITHUB_COMMIT_EVENT",
    user_id: "user_1",
    trigger_config: {},
    state: {},
    updated_at: ts,
    disabled_at: null,
  };
}

export function triggerType(slug: string) {
  return {
    slug,
    name: slug,
    description: "an event",
    type: "webhook",
    toolkit: { slug: "github", name: "GitHub" },
    config: {},
    payload: {},
    version: "20250101_00",
  };
}

export function cursorPage<K extends string>(key: K, items: unknown[], next: string | null, current: number, total: number) {
  return { [key]: items, next_cursor: next, current_page: current, total_pages: total, total_items: items.length * total };
}

export const sessionInfo = {
  project: { ...project("prj_1"), auto_id: 1, nano_id: "prj_1", org: { id: "org_1", name: "Org", plan: "free" } },
  api_key: null,
  org_member: { id: "m_1", email: "a@example.com", name: "A", role: "admin" },
};
