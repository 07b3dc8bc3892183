/** Projects, their configuration and their API keys. */
import type { ProjectConfig } from "../../api";
import { newId } from "../ids";
import { sealClearColumn, type Db } from "./db";
import { fromJson, toJson } from "./json";
import { columns, flag, integer, nullableText, rowReader, sealedText, text, type RowReader } from "./rows";
import { SealedStore } from "./sealed-store";
import type { Secrets } from "./secrets";

export interface Project {
  auto_id: number;
  id: string;
  org_id: string;
  name: string;
  email: string;
  created_at: string;
  updated_at: string;
  webhook_url: string | null;
  event_webhook_url: string | null;
  webhook_secret: string | null;
  triggers_enabled: boolean;
  last_subscribed_at: string | null;
  is_new_webhook: boolean;
  webhook_version: string | null;
  config: ProjectConfig;
}

export interface ProjectKey {
  auto_id: number;
  id: string;
  project_id: string;
  org_member_id: string;
  name: string;
  key_hash: Uint8Array;
  key_last4: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The configuration of a new project. */
export function defaultProjectConfig(): ProjectConfig {
  return {
    is_2FA_enabled: false,
    logo_url: null,
    display_name: null,
    mask_secret_keys_in_connected_account: true,
    log_visibility_setting: "show_all",
    require_mcp_api_key: false,
    signed_url_file_expiry_in_seconds: 3600,
  };
}

const PROJECT_COLUMNS =
  "auto_id, id, org_id, name, email, created_at, updated_at, webhook_url, event_webhook_url, webhook_secret, triggers_enabled, last_subscribed_at, is_new_webhook, webhook_version, config";
const KEY_COLUMNS =
  "auto_id, id, project_id, org_member_id, name, key_hash, key_last4, created_at, updated_at, deleted_at";

/** The record's columns; `webhook_secret` is sealed at rest (secrets.ts), so its reader needs the store's Secrets. */
const projectReader = (secrets: Secrets): RowReader<Project> => rowReader<Project>({
  ...columns(text, "id", "org_id", "name", "email", "created_at", "updated_at"),
  ...columns(nullableText, "webhook_url", "event_webhook_url", "last_subscribed_at", "webhook_version"),
  webhook_secret: sealedText(secrets),
  auto_id: integer,
  triggers_enabled: flag,
  is_new_webhook: flag,
  // The stored config over the defaults: a config written before a field existed lacks it.
  config: (value) => ({ ...defaultProjectConfig(), ...fromJson<Partial<ProjectConfig>>(value, {}) }),
});

const toKey = rowReader<ProjectKey>({
  ...columns(text, "id", "project_id", "org_member_id", "name", "key_last4", "created_at", "updated_at"),
  deleted_at: nullableText,
  auto_id: integer,
  key_hash: (value) => value as Uint8Array,
});

export class ProjectStore extends SealedStore<Project> {
  constructor(db: Db, secrets: Secrets) {
    super(db, secrets, projectReader);
  }

  create(input: { id?: string; orgId: string; name: string; email: string; config: ProjectConfig; webhookSecret: string; at: string }): Project {
    const id = input.id ?? newId("proj");
    this.db
      .stmt(
        `INSERT INTO projects (id, org_id, name, email, created_at, updated_at, webhook_secret, webhook_version, config)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'V3', ?)`,
      )
      .run(id, input.orgId, input.name, input.email, input.at, input.at, this.secrets.seal(input.webhookSecret), toJson(input.config));
    return this.get(id)!;
  }

  get(id: string): Project | undefined {
    return this.toRecord(this.db.stmt(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ?`).get(id));
  }

  /** A project of the organization; another organization's answers undefined. */
  getInOrg(orgId: string, id: string): Project | undefined {
    return this.toRecord(this.db.stmt(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ? AND org_id = ?`).get(id, orgId));
  }

  /** Names are unique within an organization, compared case-insensitively. */
  findByName(orgId: string, name: string): Project | undefined {
    return this.toRecord(
      this.db.stmt(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE org_id = ? AND name = ? COLLATE NOCASE`).get(orgId, name),
    );
  }

  /** Newest first. */
  list(orgId: string): Project[] {
    return this.db
      .stmt(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE org_id = ? ORDER BY auto_id DESC`)
      .all(orgId)
      .map((row) => this.toRecord(row)!);
  }

  first(orgId?: string): Project | undefined {
    return orgId
      ? this.toRecord(this.db.stmt(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE org_id = ? ORDER BY auto_id LIMIT 1`).get(orgId))
      : this.toRecord(this.db.stmt(`SELECT ${PROJECT_COLUMNS} FROM projects ORDER BY auto_id LIMIT 1`).get());
  }

  /** Deletes the project; keys and every object in it go with it (foreign keys cascade). */
  delete(id: string): boolean {
    return Number(this.db.stmt("DELETE FROM projects WHERE id = ?").run(id).changes) > 0;
  }

  updateConfig(id: string, config: ProjectConfig, at: string): void {
    this.db.stmt("UPDATE projects SET config = ?, updated_at = ? WHERE id = ?").run(toJson(config), at, id);
  }

  /**
   * The project's webhook fields, kept equal to its webhook subscription's (store/webhook-subscriptions.ts):
   * `url` null when it has none. The signing secret changes only when `secret` is given.
   */
  setWebhook(id: string, webhook: { url: string | null; version: string; secret?: string }, at: string): void {
    if (webhook.secret !== undefined) {
      this.db.stmt("UPDATE projects SET webhook_secret = ? WHERE id = ?").run(this.secrets.seal(webhook.secret), id);
    }
    this.db
      .stmt("UPDATE projects SET webhook_url = ?, webhook_version = ?, last_subscribed_at = COALESCE(?, last_subscribed_at), updated_at = ? WHERE id = ?")
      .run(webhook.url, webhook.version, webhook.url === null ? null : at, at, id);
  }

  addKey(input: { projectId: string; memberId: string; name: string; hash: Buffer; last4: string; at: string }): ProjectKey {
    const id = newId("pkey");
    this.db
      .stmt(
        `INSERT INTO project_keys (id, project_id, org_member_id, name, key_hash, key_last4, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.projectId, input.memberId, input.name, input.hash, input.last4, input.at, input.at);
    return toKey(this.db.stmt(`SELECT ${KEY_COLUMNS} FROM project_keys WHERE id = ?`).get(id))!;
  }

  /** Revokes every live key of the project; returns how many. */
  revokeKeys(projectId: string, at: string): number {
    return Number(
      this.db
        .stmt("UPDATE project_keys SET deleted_at = ?, updated_at = ? WHERE project_id = ? AND deleted_at IS NULL")
        .run(at, at, projectId).changes,
    );
  }

  /** A live key by its hash (revoked keys and keys of deleted projects are gone). */
  findKeyByHash(hash: Buffer): ProjectKey | undefined {
    return toKey(
      this.db.stmt(`SELECT ${KEY_COLUMNS} FROM project_keys WHERE key_hash = ? AND deleted_at IS NULL`).get(hash),
    );
  }

  count(): number {
    return (this.db.stmt("SELECT COUNT(*) AS n FROM projects").get() as { n: number }).n;
  }

  /** Seals webhook secrets stored in clear by a version without sealing; answers how many. */
  sealClearRows(): number {
    return sealClearColumn(this.db, this.secrets, "projects", "webhook_secret");
  }
}
