// Generated from the field tables (provider/resources/*.schema.ts) by scripts/resource-types.ts.
// Do not edit: change a table, then run `npm run generate:types`.
import type * as pulumi from "@pulumi/pulumi";

/** The arguments of a new `Project`. */
export interface ProjectArgs {
  /** 3-64 letters, digits, spaces, hyphens, underscores; unique in the organization. Changing it replaces the project. */
  name: pulumi.Input<string>;
  /**
   * Issue a project API key, exposed as the secret output `apiKey`.
   * @default false
   */
  createApiKey?: pulumi.Input<boolean | undefined>;
  /** Adopt this existing project (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the project. */
  adoptId?: pulumi.Input<string | undefined>;
}

/**
 * The properties of each `Project`: its inputs and outputs, each a `pulumi.Output`.
 * A project of the organization (acts with the organization key). create = POST /org/owner/project/new, refresh = GET /org/owner/project/{id}, a name change replaces, delete = DELETE /org/owner/project/{id}.
 */
export interface ProjectProperties {
  /** 3-64 letters, digits, spaces, hyphens, underscores; unique in the organization. Changing it replaces the project. */
  readonly name: pulumi.Output<string>;
  /**
   * Issue a project API key, exposed as the secret output `apiKey`.
   * @default false
   */
  readonly createApiKey: pulumi.Output<boolean | undefined>;
  /** Adopt this existing project (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the project. */
  readonly adoptId: pulumi.Output<string | undefined>;
  /** The project's nano id (the resource id too). */
  readonly projectId: pulumi.Output<string>;
  /** The organization the project belongs to. */
  readonly orgId: pulumi.Output<string>;
  /** The project's contact email. */
  readonly email: pulumi.Output<string>;
  /** Where trigger events are delivered. */
  readonly webhookUrl: pulumi.Output<string | null>;
  /** Where platform events are delivered. */
  readonly eventWebhookUrl: pulumi.Output<string | null>;
  /** Signs webhook deliveries (secret). */
  readonly webhookSecret: pulumi.Output<string | null>;
  /** Whether the project's triggers fire. */
  readonly triggersEnabled: pulumi.Output<boolean>;
  /** The webhook payload version. */
  readonly webhookVersion: pulumi.Output<string | null>;
  /** When the project was created. */
  readonly createdAt: pulumi.Output<string>;
  /** When the project last changed. */
  readonly updatedAt: pulumi.Output<string>;
  /** The project API key (secret); set when `createApiKey` is true. */
  readonly apiKey: pulumi.Output<string | undefined>;
}

/** The arguments of a new `ProjectConfig`. */
export interface ProjectConfigArgs {
  /** Key of the project to configure (secret), e.g. a new Project's `apiKey`; defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string | undefined>;
  /** Require two-factor authentication. */
  is2FAEnabled?: pulumi.Input<boolean | undefined>;
  /** Absolute URL of the project's logo. */
  logoUrl?: pulumi.Input<string | undefined>;
  /** The name shown to users; at most 100 characters. */
  displayName?: pulumi.Input<string | undefined>;
  /** Never show connected accounts' secrets in clear. */
  maskSecretKeysInConnectedAccount?: pulumi.Input<boolean | undefined>;
  /** Whether tool inputs and outputs are kept in logs. */
  logVisibilitySetting?: pulumi.Input<"show_all" | "dont_store_data" | undefined>;
  /** MCP URLs answer only callers presenting an API key. */
  requireMcpApiKey?: pulumi.Input<boolean | undefined>;
  /** Lifetime of signed file URLs, in seconds. */
  signedUrlFileExpiryInSeconds?: pulumi.Input<number | undefined>;
  /**
   * On delete, put back the values the declared fields had before the first create (default: leave the platform as it is).
   * @default false
   */
  restoreOnDelete?: pulumi.Input<boolean | undefined>;
}

/**
 * The properties of each `ProjectConfig`: its inputs and outputs, each a `pulumi.Output`.
 * The configuration of a project (acts with a project key). create/update = PATCH /org/project/config with the declared fields that differ, refresh = GET /org/project/config. Delete leaves the platform as it is, unless `restoreOnDelete` asks to put back the values seen before.
 */
export interface ProjectConfigProperties {
  /** Key of the project to configure (secret), e.g. a new Project's `apiKey`; defaults to `integration-platform:apiKey`. */
  readonly apiKey: pulumi.Output<string | undefined>;
  /** Require two-factor authentication. */
  readonly is2FAEnabled: pulumi.Output<boolean | undefined>;
  /** Absolute URL of the project's logo. */
  readonly logoUrl: pulumi.Output<string | undefined>;
  /** The name shown to users; at most 100 characters. */
  readonly displayName: pulumi.Output<string | undefined>;
  /** Never show connected accounts' secrets in clear. */
  readonly maskSecretKeysInConnectedAccount: pulumi.Output<boolean | undefined>;
  /** Whether tool inputs and outputs are kept in logs. */
  readonly logVisibilitySetting: pulumi.Output<"show_all" | "dont_store_data" | undefined>;
  /** MCP URLs answer only callers presenting an API key. */
  readonly requireMcpApiKey: pulumi.Output<boolean | undefined>;
  /** Lifetime of signed file URLs, in seconds. */
  readonly signedUrlFileExpiryInSeconds: pulumi.Output<number | undefined>;
  /**
   * On delete, put back the values the declared fields had before the first create (default: leave the platform as it is).
   * @default false
   */
  readonly restoreOnDelete: pulumi.Output<boolean | undefined>;
  /** The project the resource lives in (that of its key); a key of another project replaces the resource. */
  readonly projectId: pulumi.Output<string>;
  /** The declared fields' values before the first create, for `restoreOnDelete`. */
  readonly previous: pulumi.Output<Record<string, unknown>>;
}

/** The arguments of a new `McpServer`. */
export interface McpServerArgs {
  /** 4-30 characters of letters, digits, spaces and hyphens. */
  name: pulumi.Input<string>;
  /** Auth configs whose connected accounts the server uses. */
  authConfigIds: pulumi.Input<pulumi.Input<string>[]>;
  /** Toolkit slugs the server serves, e.g. `github`. */
  toolkits?: pulumi.Input<pulumi.Input<string>[]> | pulumi.Input<string[] | undefined>;
  /** Tool slugs the server exposes, e.g. `GITHUB_CREATE_ISSUE`. */
  allowedTools?: pulumi.Input<pulumi.Input<string>[]> | pulumi.Input<string[] | undefined>;
  /** Let the platform manage users' authentication through the server. */
  managedAuthViaPlatform?: pulumi.Input<boolean | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string | undefined>;
  /** Adopt this existing MCP server (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the MCP server. */
  adoptId?: pulumi.Input<string | undefined>;
}

/**
 * The properties of each `McpServer`: its inputs and outputs, each a `pulumi.Output`.
 * An MCP server of a project. create = POST /mcp/servers, update = PATCH /mcp/{id} with the changed fields only, delete = DELETE /mcp/{id} (soft delete), refresh = GET /mcp/{id} (a server deleted out of band disappears).
 */
export interface McpServerProperties {
  /** 4-30 characters of letters, digits, spaces and hyphens. */
  readonly name: pulumi.Output<string>;
  /** Auth configs whose connected accounts the server uses. */
  readonly authConfigIds: pulumi.Output<string[]>;
  /** Toolkit slugs the server serves, e.g. `github`. */
  readonly toolkits: pulumi.Output<string[] | undefined>;
  /** Tool slugs the server exposes, e.g. `GITHUB_CREATE_ISSUE`. */
  readonly allowedTools: pulumi.Output<string[] | undefined>;
  /** Let the platform manage users' authentication through the server. */
  readonly managedAuthViaPlatform: pulumi.Output<boolean | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  readonly apiKey: pulumi.Output<string | undefined>;
  /** Adopt this existing MCP server (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the MCP server. */
  readonly adoptId: pulumi.Output<string | undefined>;
  /** The project the resource lives in (that of its key); a key of another project replaces the resource. */
  readonly projectId: pulumi.Output<string>;
  /** The server's MCP endpoint. */
  readonly mcpUrl: pulumi.Output<string>;
  /** Setup command per client application (cursor, claude, ...). */
  readonly commands: pulumi.Output<Record<string, string>>;
  /** Icon URL per toolkit. */
  readonly toolkitIcons: pulumi.Output<Record<string, string>>;
  /** How many users have an instance of the server. */
  readonly serverInstanceCount: pulumi.Output<number>;
  /** When the server was created. */
  readonly createdAt: pulumi.Output<string>;
  /** When the server last changed. */
  readonly updatedAt: pulumi.Output<string>;
}

/** The arguments of a new `TriggerInstance`. */
export interface TriggerInstanceArgs {
  /** Trigger type slug, e.g. `GITHUB_COMMIT_EVENT` (case-insensitive). Changing it replaces the trigger. */
  triggerName: pulumi.Input<string>;
  /** The connected account the trigger listens on. Changing it replaces the trigger. */
  connectedAccountId: pulumi.Input<string>;
  /** Inputs the trigger type's config schema asks for. */
  triggerConfig?: pulumi.Input<Record<string, pulumi.Input<unknown>>> | pulumi.Input<Record<string, unknown> | undefined>;
  /**
   * Desired state.
   * @default true
   */
  enabled?: pulumi.Input<boolean | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string | undefined>;
  /** Adopt this existing trigger instance (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the trigger instance. */
  adoptId?: pulumi.Input<string | undefined>;
}

/**
 * The properties of each `TriggerInstance`: its inputs and outputs, each a `pulumi.Output`.
 * A trigger instance: listens for events of one trigger type on one connected account. create = upsert (+ disable when `enabled: false`), `triggerConfig` changes upsert, `enabled` drives PATCH enable|disable, delete = DELETE.
 */
export interface TriggerInstanceProperties {
  /** Trigger type slug, e.g. `GITHUB_COMMIT_EVENT` (case-insensitive). Changing it replaces the trigger. */
  readonly triggerName: pulumi.Output<string>;
  /** The connected account the trigger listens on. Changing it replaces the trigger. */
  readonly connectedAccountId: pulumi.Output<string>;
  /** Inputs the trigger type's config schema asks for. */
  readonly triggerConfig: pulumi.Output<Record<string, unknown> | undefined>;
  /**
   * Desired state.
   * @default true
   */
  readonly enabled: pulumi.Output<boolean | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  readonly apiKey: pulumi.Output<string | undefined>;
  /** Adopt this existing trigger instance (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the trigger instance. */
  readonly adoptId: pulumi.Output<string | undefined>;
  /** The project the resource lives in (that of its key); a key of another project replaces the resource. */
  readonly projectId: pulumi.Output<string>;
  /** The user of the connected account. */
  readonly userId: pulumi.Output<string>;
  /** When the trigger was disabled; null while enabled. */
  readonly disabledAt: pulumi.Output<string | null>;
  /** When the trigger last changed. */
  readonly updatedAt: pulumi.Output<string>;
}

/** The arguments of a new `AuthConfig`. */
export interface AuthConfigArgs {
  /** Toolkit slug, e.g. `github`. Changing it replaces the auth config. */
  toolkit: pulumi.Input<string>;
  /**
   * true (default): the platform's own app; false: custom auth with `authScheme` and `credentials`. Changing it replaces the auth config.
   * @default true
   */
  platformManaged?: pulumi.Input<boolean | undefined>;
  /** Custom auth only: one of the toolkit's schemes, e.g. `OAUTH2`, `API_KEY`. Changing it replaces the auth config. */
  authScheme?: pulumi.Input<string | undefined>;
  /** Display name (default: toolkit and scheme). The API cannot rename: changing it replaces the auth config. */
  name?: pulumi.Input<string | undefined>;
  /** Custom auth only: the scheme's fields, e.g. `client_id`, `client_secret`. Secret; give them as secrets (`config.requireSecret`). An update sends them whole. */
  credentials?: pulumi.Input<Record<string, pulumi.Input<string>>> | pulumi.Input<Record<string, string> | undefined>;
  /** OAuth scopes to request, e.g. `["repo", "read:user"]`. */
  scopes?: pulumi.Input<pulumi.Input<string>[]> | pulumi.Input<string[] | undefined>;
  /** Custom auth only: a proxy the platform sends the toolkit's requests through. */
  proxyUrl?: pulumi.Input<string | undefined>;
  /** Custom auth only: the key the proxy expects (secret). */
  proxyAuthKey?: pulumi.Input<string | undefined>;
  /** Only these tools may run with the config's connected accounts (tool slugs of the toolkit). */
  restrictToFollowingTools?: pulumi.Input<pulumi.Input<string>[]> | pulumi.Input<string[] | undefined>;
  /** Tools whose scopes a new connected account is asked for. */
  toolsForConnectedAccountCreation?: pulumi.Input<pulumi.Input<string>[]> | pulumi.Input<string[] | undefined>;
  /**
   * false: the auth config refuses new connected accounts.
   * @default true
   */
  enabled?: pulumi.Input<boolean | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string | undefined>;
  /** Adopt this existing auth config (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the auth config. */
  adoptId?: pulumi.Input<string | undefined>;
}

/**
 * The properties of each `AuthConfig`: its inputs and outputs, each a `pulumi.Output`.
 * An auth config: how a toolkit's users authenticate, platform-managed or with the team's own app (`authScheme`). create = POST /auth_configs, changes = one PATCH /auth_configs/{id} (+ PATCH …/{ENABLED|DISABLED} for `enabled`), delete = DELETE /auth_configs/{id} (soft), refresh = GET /auth_configs/{id}. A new toolkit, kind, scheme or name replaces it.
 */
export interface AuthConfigProperties {
  /** Toolkit slug, e.g. `github`. Changing it replaces the auth config. */
  readonly toolkit: pulumi.Output<string>;
  /**
   * true (default): the platform's own app; false: custom auth with `authScheme` and `credentials`. Changing it replaces the auth config.
   * @default true
   */
  readonly platformManaged: pulumi.Output<boolean | undefined>;
  /** Custom auth only: one of the toolkit's schemes, e.g. `OAUTH2`, `API_KEY`. Changing it replaces the auth config. */
  readonly authScheme: pulumi.Output<string | undefined>;
  /** Display name (default: toolkit and scheme). The API cannot rename: changing it replaces the auth config. */
  readonly name: pulumi.Output<string | undefined>;
  /** Custom auth only: the scheme's fields, e.g. `client_id`, `client_secret`. Secret; give them as secrets (`config.requireSecret`). An update sends them whole. */
  readonly credentials: pulumi.Output<Record<string, string> | undefined>;
  /** OAuth scopes to request, e.g. `["repo", "read:user"]`. */
  readonly scopes: pulumi.Output<string[] | undefined>;
  /** Custom auth only: a proxy the platform sends the toolkit's requests through. */
  readonly proxyUrl: pulumi.Output<string | undefined>;
  /** Custom auth only: the key the proxy expects (secret). */
  readonly proxyAuthKey: pulumi.Output<string | undefined>;
  /** Only these tools may run with the config's connected accounts (tool slugs of the toolkit). */
  readonly restrictToFollowingTools: pulumi.Output<string[] | undefined>;
  /** Tools whose scopes a new connected account is asked for. */
  readonly toolsForConnectedAccountCreation: pulumi.Output<string[] | undefined>;
  /**
   * false: the auth config refuses new connected accounts.
   * @default true
   */
  readonly enabled: pulumi.Output<boolean | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  readonly apiKey: pulumi.Output<string | undefined>;
  /** Adopt this existing auth config (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the auth config. */
  readonly adoptId: pulumi.Output<string | undefined>;
  /** The project the resource lives in (that of its key); a key of another project replaces the resource. */
  readonly projectId: pulumi.Output<string>;
  /** `ENABLED` or `DISABLED`. */
  readonly status: pulumi.Output<string>;
  /** How many connected accounts use the auth config. */
  readonly noOfConnections: pulumi.Output<number>;
  /** When the auth config was created. */
  readonly createdAt: pulumi.Output<string>;
  /** When the auth config last changed. */
  readonly lastUpdatedAt: pulumi.Output<string>;
}

/** The arguments of a new `WebhookSubscription`. */
export interface WebhookSubscriptionArgs {
  /** Where events are POSTed (https). */
  webhookUrl: pulumi.Input<string>;
  /** Event types delivered, e.g. `platform.trigger.message` (see `getWebhookEventTypes`). */
  enabledEvents: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Payload version.
   * @default "V3"
   */
  version?: pulumi.Input<"V1" | "V2" | "V3" | undefined>;
  /** Any value, e.g. a date; changing it rotates the signing secret (POST …/rotate_secret). On adoption, declaring it rotates once so the stack knows the secret. */
  rotation?: pulumi.Input<string | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string | undefined>;
  /** Adopt this existing webhook subscription (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the webhook subscription. */
  adoptId?: pulumi.Input<string | undefined>;
}

/**
 * The properties of each `WebhookSubscription`: its inputs and outputs, each a `pulumi.Output`.
 * The project's webhook subscription (one per project): where the platform delivers events, signed per Standard Webhooks. create = POST /webhook_subscriptions, changes = one PATCH /webhook_subscriptions/{id}, a new `rotation` = POST …/rotate_secret, delete = DELETE /webhook_subscriptions/{id}, refresh = GET /webhook_subscriptions/{id}.
 */
export interface WebhookSubscriptionProperties {
  /** Where events are POSTed (https). */
  readonly webhookUrl: pulumi.Output<string>;
  /** Event types delivered, e.g. `platform.trigger.message` (see `getWebhookEventTypes`). */
  readonly enabledEvents: pulumi.Output<string[]>;
  /**
   * Payload version.
   * @default "V3"
   */
  readonly version: pulumi.Output<"V1" | "V2" | "V3" | undefined>;
  /** Any value, e.g. a date; changing it rotates the signing secret (POST …/rotate_secret). On adoption, declaring it rotates once so the stack knows the secret. */
  readonly rotation: pulumi.Output<string | undefined>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  readonly apiKey: pulumi.Output<string | undefined>;
  /** Adopt this existing webhook subscription (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the webhook subscription. */
  readonly adoptId: pulumi.Output<string | undefined>;
  /** The project the resource lives in (that of its key); a key of another project replaces the resource. */
  readonly projectId: pulumi.Output<string>;
  /** The signing secret (`whsec_…`, secret). The API shows it in full only on create and rotation. */
  readonly secret: pulumi.Output<string>;
  /** When the subscription was created. */
  readonly createdAt: pulumi.Output<string>;
  /** When the subscription last changed. */
  readonly updatedAt: pulumi.Output<string>;
}

/** Each resource's interfaces by class name: the plugin's classes are typed with it, and the check that they match the tables reads it. */
export interface ResourceTypes {
  Project: { args: ProjectArgs; properties: ProjectProperties };
  ProjectConfig: { args: ProjectConfigArgs; properties: ProjectConfigProperties };
  McpServer: { args: McpServerArgs; properties: McpServerProperties };
  TriggerInstance: { args: TriggerInstanceArgs; properties: TriggerInstanceProperties };
  AuthConfig: { args: AuthConfigArgs; properties: AuthConfigProperties };
  WebhookSubscription: { args: WebhookSubscriptionArgs; properties: WebhookSubscriptionProperties };
}
