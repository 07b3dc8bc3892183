/** The AuthConfig resource, declared once: see fields.ts for what each column means. */
import type { InputsOf, OutputsOf, ResourceSchema } from "./fields";
import { PROJECT_ID, createdAt, projectChildInputs, updatedAt } from "./common-fields";

export const AUTH_CONFIG = {
  type: "AuthConfig",
  description:
    "An auth config: how a toolkit's users authenticate, platform-managed or with the team's own app (`authScheme`). " +
    "create = POST /auth_configs, changes = one PATCH /auth_configs/{id} (+ PATCH …/{ENABLED|DISABLED} for `enabled`), " +
    "delete = DELETE /auth_configs/{id} (soft), refresh = GET /auth_configs/{id}. A new toolkit, kind, scheme or name replaces it.",
  key: "project",
  noun: "auth config",
  shortNoun: "auth config",
  inputs: {
    toolkit: { type: "string", required: true, change: "replace", description: "Toolkit slug, e.g. `github`. Changing it replaces the auth config." },
    platformManaged: { api: "is_platform_managed", type: "boolean", change: "replace", default: true, description: "true (default): the platform's own app; false: custom auth with `authScheme` and `credentials`. Changing it replaces the auth config." },
    authScheme: { api: "auth_scheme", type: "string", change: "replace", ignoreCase: true, description: "Custom auth only: one of the toolkit's schemes, e.g. `OAUTH2`, `API_KEY`. Changing it replaces the auth config." },
    name: { api: "name", type: "string", change: "replace", description: "Display name (default: toolkit and scheme). The API cannot rename: changing it replaces the auth config." },
    credentials: { api: "credentials", type: "string map", secret: true, mustBeSecret: true, change: "update", description: "Custom auth only: the scheme's fields, e.g. `client_id`, `client_secret`. Secret; give them as secrets (`config.requireSecret`). An update sends them whole." },
    scopes: { type: "string[]", change: "update", description: "OAuth scopes to request, e.g. `[\"repo\", \"read:user\"]`." },
    proxyUrl: { type: "string", change: "update", description: "Custom auth only: a proxy the platform sends the toolkit's requests through." },
    proxyAuthKey: { type: "string", secret: true, change: "update", description: "Custom auth only: the key the proxy expects (secret)." },
    restrictToFollowingTools: { api: "restrict_to_following_tools", type: "string[]", change: "update", description: "Only these tools may run with the config's connected accounts (tool slugs of the toolkit)." },
    toolsForConnectedAccountCreation: { type: "string[]", change: "update", description: "Tools whose scopes a new connected account is asked for." },
    enabled: { type: "boolean", change: "update", default: true, description: "false: the auth config refuses new connected accounts." },
    ...projectChildInputs("auth config"),
  },
  outputs: {
    projectId: PROJECT_ID,
    status: { api: "status", type: "string", description: "`ENABLED` or `DISABLED`." },
    noOfConnections: { api: "no_of_connections", type: "integer", description: "How many connected accounts use the auth config." },
    createdAt: createdAt("auth config"),
    lastUpdatedAt: updatedAt("auth config", "last_updated_at"),
  },
} as const satisfies ResourceSchema;

export type AuthConfigInputs = InputsOf<typeof AUTH_CONFIG>;
export type AuthConfigOutputs = OutputsOf<typeof AUTH_CONFIG>;
