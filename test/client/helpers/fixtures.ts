/** Response bodies that satisfy the api/ schemas, for the client tests. */
const ts = "2025-01-02T03:04:05.000Z";

export function mcpServer(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `server ${id}`,
    auth_config_ids: ["ac_1"],
    allowed_tools: ["GITHUB_CREATE_ISSUE"],
    mcp_url: `https://mcp.example.com/${id}`,
    commands: { cursor: "npx setup" },
    toolkits: ["github"],
    toolkit_icons: { github: "https://icons.example.com/github.png" },
    created_at: ts,
    updated_at: ts,
    server_instance_count: 0,
    managed_auth_via_platform: false,
    ...extra,
  };
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
