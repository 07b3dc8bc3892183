/** Auth configs: made through the v3 API or the local admin surface; soft-deleted. */
import type { SQLInputValue } from "node:sqlite";
import { newId, newUuid } from "../ids";
import { sealClearColumn, type Db } from "./db";
import { given, int, likePattern, setChanged, toJson } from "./json";
import { columns, flag, json, rowReader, sealedJson, text, type RowReader } from "./rows";
import { SealedStore } from "./sealed-store";
import type { Secrets } from "./secrets";

export interface AuthConfigRecord {
  id: string;
  uuid: string;
  project_id: string;
  toolkit_slug: string;
  name: string;
  auth_scheme: string;
  type: string;
  is_platform_managed: boolean;
  credentials: Record<string, unknown>;
  restrict_to_following_tools: string[];
  status: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  proxy_config: ProxyConfigRecord | null;
  shared_credentials: Record<string, unknown>;
  tools_for_connected_account_creation: string[];
}

export interface ProxyConfigRecord {
  proxy_url: string;
  proxy_auth_key?: string | undefined;
}

const COLUMNS =
  "id, uuid, project_id, toolkit_slug, name, auth_scheme, type, is_platform_managed, credentials, restrict_to_following_tools, status, created_by, created_at, updated_at, proxy_config, shared_credentials, tools_for_connected_account_creation";
/** Soft-deleted rows are invisible to every read. */
const LIVE = "deleted_at IS NULL";

/**
 * The record's columns. The secret maps (credentials, shared credentials, the proxy's key) are
 * sealed at rest (secrets.ts), so their readers need the store's Secrets.
 */
const recordReader = (secrets: Secrets): RowReader<AuthConfigRecord> => rowReader<AuthConfigRecord>({
  ...columns(text, "id", "uuid", "project_id", "toolkit_slug", "name", "auth_scheme", "type", "status", "created_by", "created_at", "updated_at"),
  is_platform_managed: flag,
  credentials: sealedJson(secrets, {}),
  restrict_to_following_tools: json([]),
  proxy_config: sealedJson<ProxyConfigRecord | null>(secrets, null),
  shared_credentials: sealedJson(secrets, {}),
  tools_for_connected_account_creation: json([]),
});

export interface NewAuthConfig {
  projectId: string;
  toolkitSlug: string;
  name: string;
  authScheme: string;
  isPlatformManaged: boolean;
  credentials: Record<string, unknown>;
  restrictToFollowingTools?: string[];
  createdBy: string;
  at: string;
  /** `default` (platform-managed, the default) or `custom`. */
  type?: "default" | "custom";
  proxyConfig?: ProxyConfigRecord | null;
  sharedCredentials?: Record<string, unknown>;
  toolsForConnectedAccountCreation?: string[];
}

export interface AuthConfigFilter {
  toolkitSlug?: string | undefined;
  isPlatformManaged?: boolean | undefined;
  /** Substring of the name, id or toolkit slug, case-insensitive. */
  search?: string | undefined;
  /** False: ENABLED ones only. */
  showDisabled: boolean;
}

export interface AuthConfigChange {
  credentials?: Record<string, unknown>;
  proxyConfig?: ProxyConfigRecord | null;
  sharedCredentials?: Record<string, unknown>;
  restrictToFollowingTools?: string[];
  toolsForConnectedAccountCreation?: string[];
}

export class AuthConfigStore extends SealedStore<AuthConfigRecord> {
  constructor(db: Db, secrets: Secrets) {
    super(db, secrets, recordReader);
  }

  /** A secret map as stored: its JSON, sealed. */
  private sealMap(value: unknown): string {
    return this.secrets.seal(toJson(value));
  }

  create(input: NewAuthConfig): AuthConfigRecord {
    const id = newId("ac");
    this.db
      .stmt(
        `INSERT INTO auth_configs (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'ENABLED', ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        newUuid(),
        input.projectId,
        input.toolkitSlug,
        input.name,
        input.authScheme,
        input.type ?? "default",
        int(input.isPlatformManaged),
        this.sealMap(input.credentials),
        toJson(input.restrictToFollowingTools ?? []),
        input.createdBy,
        input.at,
        input.at,
        input.proxyConfig ? this.sealMap(input.proxyConfig) : null,
        this.sealMap(input.sharedCredentials ?? {}),
        toJson(input.toolsForConnectedAccountCreation ?? []),
      );
    return this.get(input.projectId, id)!;
  }

  /** A live auth config of the project; another project's, or a deleted one, answers undefined. */
  get(projectId: string, id: string): AuthConfigRecord | undefined {
    return this.toRecord(this.db.stmt(`SELECT ${COLUMNS} FROM auth_configs WHERE id = ? AND project_id = ? AND ${LIVE}`).get(id, projectId));
  }

  /** Live auth configs of the project, oldest first; every one unless filtered. */
  list(projectId: string, filter: AuthConfigFilter = { showDisabled: true }): AuthConfigRecord[] {
    const where = ["project_id = ?", LIVE];
    const args: SQLInputValue[] = [projectId];
    if (filter.toolkitSlug !== undefined) (where.push("toolkit_slug = lower(?)"), args.push(filter.toolkitSlug));
    if (filter.isPlatformManaged !== undefined) (where.push("is_platform_managed = ?"), args.push(int(filter.isPlatformManaged)));
    if (filter.search !== undefined) {
      where.push("(name LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\' OR toolkit_slug LIKE ? ESCAPE '\\')");
      const pattern = likePattern(filter.search);
      args.push(pattern, pattern, pattern);
    }
    if (!filter.showDisabled) where.push("status = 'ENABLED'");
    return this.toRecord.all(this.db.arrays(`SELECT ${COLUMNS} FROM auth_configs WHERE ${where.join(" AND ")} ORDER BY auto_id`), ...args);
  }

  /** Sets the fields given; the others stay. */
  update(id: string, change: AuthConfigChange, at: string): void {
    const { sets, args } = setChanged(at, {
      credentials: given(change.credentials, (map) => this.sealMap(map)),
      proxy_config: given(change.proxyConfig, (proxy) => (proxy ? this.sealMap(proxy) : null)),
      shared_credentials: given(change.sharedCredentials, (map) => this.sealMap(map)),
      restrict_to_following_tools: given(change.restrictToFollowingTools, toJson),
      tools_for_connected_account_creation: given(change.toolsForConnectedAccountCreation, toJson),
    });
    this.db.stmt(`UPDATE auth_configs SET ${sets} WHERE id = ? AND ${LIVE}`).run(...args, id);
  }

  setStatus(id: string, status: "ENABLED" | "DISABLED", at: string): void {
    this.db.stmt(`UPDATE auth_configs SET status = ?, updated_at = ? WHERE id = ? AND ${LIVE}`).run(status, at, id);
  }

  softDelete(id: string, at: string): void {
    this.db.stmt(`UPDATE auth_configs SET deleted_at = ?, updated_at = ? WHERE id = ? AND ${LIVE}`).run(at, at, id);
  }

  connectionCount(id: string): number {
    return (this.db.stmt("SELECT COUNT(*) AS n FROM connected_accounts WHERE auth_config_id = ?").get(id) as { n: number }).n;
  }

  /** Seals the secret maps stored in clear by a version without sealing; answers how many. */
  sealClearRows(): number {
    return (["credentials", "shared_credentials", "proxy_config"] as const).reduce(
      (sealed, column) => sealed + sealClearColumn(this.db, this.secrets, "auth_configs", column),
      0,
    );
  }

  idForUuid(projectId: string, uuid: string): string | undefined {
    const row = this.db.stmt("SELECT id FROM auth_configs WHERE uuid = ? AND project_id = ?").get(uuid, projectId) as
      | { id: string }
      | undefined;
    return row?.id;
  }
}
