/** Connected accounts: a user's connection under an auth config. */
import type { SQLInputValue } from "node:sqlite";
import { newId, newUuid } from "../ids";
import { sealClearColumn, type Db } from "./db";
import { given, setChanged, toJson, whereAnyOf } from "./json";
import { columns, flag, nullableText, rowReader, sealedJson, text, type RowReader } from "./rows";
import { SealedStore } from "./sealed-store";
import type { Secrets } from "./secrets";

export interface ConnectedAccountRecord {
  id: string;
  uuid: string;
  project_id: string;
  auth_config_id: string;
  /** The auth config's legacy UUID (joined). */
  auth_config_uuid: string;
  user_id: string;
  status: string;
  auth_scheme: string;
  val: Record<string, unknown>;
  redirect_url: string | null;
  callback_url: string | null;
  created_at: string;
  updated_at: string;
  /** Of the auth config (joined). */
  toolkit_slug: string;
  auth_config_is_platform_managed: boolean;
  auth_config_status: string;
}

const SELECT = `SELECT ca.id, ca.uuid, ca.project_id, ca.auth_config_id, ac.uuid AS auth_config_uuid, ca.user_id, ca.status,
  ca.auth_scheme, ca.val, ca.redirect_url, ca.callback_url, ca.created_at, ca.updated_at,
  ac.toolkit_slug, ac.is_platform_managed AS auth_config_is_platform_managed, ac.status AS auth_config_status
  FROM connected_accounts ca JOIN auth_configs ac ON ac.id = ca.auth_config_id`;

export interface ConnectedAccountFilter {
  userId?: string;
  userIds?: string[] | undefined;
  toolkitSlugs?: string[] | undefined;
  authConfigIds?: string[] | undefined;
  statuses?: string[] | undefined;
  /** Newest first instead of oldest first. */
  newestFirst?: boolean;
}

/** The record's columns; `val` (keys, tokens) is sealed at rest (secrets.ts), so its reader needs the store's Secrets. */
const recordReader = (secrets: Secrets): RowReader<ConnectedAccountRecord> => rowReader<ConnectedAccountRecord>({
  ...columns(text, "id", "uuid", "project_id", "auth_config_id", "auth_config_uuid", "user_id", "status", "auth_scheme", "created_at", "updated_at"),
  ...columns(text, "toolkit_slug", "auth_config_status"),
  ...columns(nullableText, "redirect_url", "callback_url"),
  val: sealedJson(secrets, {}),
  auth_config_is_platform_managed: flag,
});

export class ConnectedAccountStore extends SealedStore<ConnectedAccountRecord> {
  constructor(db: Db, secrets: Secrets) {
    super(db, secrets, recordReader);
  }

  create(input: {
    projectId: string;
    authConfigId: string;
    userId: string;
    status: string;
    authScheme: string;
    val: Record<string, unknown>;
    callbackUrl: string | null;
    /** Builds the redirect URL from the new id (OAuth schemes); null otherwise. */
    redirectUrl: (id: string) => string | null;
    at: string;
  }): ConnectedAccountRecord {
    const id = newId("ca");
    this.db
      .stmt(
        `INSERT INTO connected_accounts (id, uuid, project_id, auth_config_id, user_id, status, auth_scheme, val, redirect_url, callback_url, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        newUuid(),
        input.projectId,
        input.authConfigId,
        input.userId,
        input.status,
        input.authScheme,
        this.secrets.seal(toJson(input.val)),
        input.redirectUrl(id),
        input.callbackUrl,
        input.at,
        input.at,
      );
    return this.get(input.projectId, id)!;
  }

  /** A connected account of the project; another project's answers undefined. */
  get(projectId: string, id: string): ConnectedAccountRecord | undefined {
    return this.toRecord(this.db.stmt(`${SELECT} WHERE ca.id = ? AND ca.project_id = ?`).get(id, projectId));
  }

  /** By id alone: only for the local OAuth completion page, whose link carries the unguessable id. */
  getAnyProject(id: string): ConnectedAccountRecord | undefined {
    return this.toRecord(this.db.stmt(`${SELECT} WHERE ca.id = ?`).get(id));
  }

  /** The project's accounts, oldest first unless `newestFirst`; each array filter matches any of its values. */
  list(projectId: string, filter: ConnectedAccountFilter = {}): ConnectedAccountRecord[] {
    const where = ["ca.project_id = ?"];
    const args: SQLInputValue[] = [projectId];
    const anyOf = (column: string, values: string[] | undefined) => whereAnyOf(where, args, column, values);
    anyOf("ca.user_id", filter.userId !== undefined ? [filter.userId] : filter.userIds);
    anyOf("ac.toolkit_slug", filter.toolkitSlugs?.map((slug) => slug.toLowerCase()));
    anyOf("ca.auth_config_id", filter.authConfigIds);
    anyOf("ca.status", filter.statuses);
    const order = filter.newestFirst ? "ORDER BY ca.auto_id DESC" : "ORDER BY ca.auto_id";
    return this.toRecord.all(this.db.arrays(`${SELECT} WHERE ${where.join(" AND ")} ${order}`), ...args);
  }

  /** Deletes the account (and, by cascade, its trigger instances). */
  delete(id: string): boolean {
    return Number(this.db.stmt("DELETE FROM connected_accounts WHERE id = ?").run(id).changes) > 0;
  }

  update(id: string, change: { status?: string; redirectUrl?: string | null; callbackUrl?: string | null; val?: Record<string, unknown> }, at: string): void {
    const { sets, args } = setChanged(at, {
      status: change.status,
      redirect_url: change.redirectUrl,
      callback_url: change.callbackUrl,
      val: given(change.val, (val) => this.secrets.seal(toJson(val))),
    });
    this.db.stmt(`UPDATE connected_accounts SET ${sets} WHERE id = ?`).run(...args, id);
  }

  /**
   * Deletes the user's connected accounts that belong to the given auth configs
   * (and, by cascade, their trigger instances); returns how many accounts went.
   */
  deleteForUser(projectId: string, userId: string, authConfigIds: string[]): number {
    let count = 0;
    const statement = this.db.stmt(
      "DELETE FROM connected_accounts WHERE project_id = ? AND user_id = ? AND auth_config_id = ?",
    );
    for (const authConfigId of new Set(authConfigIds)) {
      count += Number(statement.run(projectId, userId, authConfigId).changes);
    }
    return count;
  }

  /** Seals credentials stored in clear by a version without sealing; answers how many. */
  sealClearRows(): number {
    return sealClearColumn(this.db, this.secrets, "connected_accounts", "val");
  }

  idForUuid(projectId: string, uuid: string): string | undefined {
    const row = this.db.stmt("SELECT id FROM connected_accounts WHERE uuid = ? AND project_id = ?").get(uuid, projectId) as
      | { id: string }
      | undefined;
    return row?.id;
  }
}
