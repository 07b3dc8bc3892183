/** Trigger instances: one per connected account and trigger type. */
import type { SQLInputValue } from "node:sqlite";
import { newId, newUuid } from "../ids";
import type { Slice } from "../pagination";
import type { Db } from "./db";
import { toJson, whereAnyOf } from "./json";
import { columns, json, nullableText, rowReader, text } from "./rows";

export interface TriggerInstanceRecord {
  id: string;
  uuid: string;
  project_id: string;
  connected_account_id: string;
  connected_account_uuid: string;
  auth_config_id: string;
  auth_config_uuid: string;
  user_id: string;
  trigger_slug: string;
  trigger_config: Record<string, unknown>;
  state: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
}

const FROM = `FROM trigger_instances t
  JOIN connected_accounts ca ON ca.id = t.connected_account_id
  JOIN auth_configs ac ON ac.id = ca.auth_config_id`;
const SELECT = `SELECT t.id, t.uuid, t.project_id, t.connected_account_id, ca.uuid AS connected_account_uuid,
  ca.auth_config_id, ac.uuid AS auth_config_uuid, ca.user_id, t.trigger_slug, t.trigger_config, t.state,
  t.created_at, t.updated_at, t.disabled_at
  ${FROM}`;
/** Newest first; trigger_instances_project_created (migration 2) gives this order without a sort. */
const ORDER = "ORDER BY t.created_at DESC, t.auto_id DESC";

const toRecord = rowReader<TriggerInstanceRecord>({
  ...columns(text, "id", "uuid", "project_id", "connected_account_id", "connected_account_uuid", "auth_config_id", "auth_config_uuid", "user_id", "trigger_slug", "created_at", "updated_at"),
  disabled_at: nullableText,
  trigger_config: json({}),
  state: json({}),
});

export interface TriggerFilter {
  userIds?: string[];
  connectedAccountIds?: string[];
  connectedAccountUuids?: string[];
  authConfigIds?: string[];
  authConfigUuids?: string[];
  triggerIds?: string[];
  /** Upper-cased slugs. */
  triggerNames?: string[];
  showDisabled: boolean;
}

export class TriggerStore {
  constructor(private readonly db: Db) {}

  /**
   * Creates the trigger of `slug` on the account, or updates its config when
   * one exists already (same account and slug never duplicates).
   */
  upsert(input: { projectId: string; connectedAccountId: string; slug: string; config: Record<string, unknown>; at: string }): {
    record: TriggerInstanceRecord;
    created: boolean;
  } {
    const existing = this.db
      .stmt("SELECT id FROM trigger_instances WHERE connected_account_id = ? AND trigger_slug = ?")
      .get(input.connectedAccountId, input.slug) as { id: string } | undefined;
    if (existing) {
      this.db
        .stmt("UPDATE trigger_instances SET trigger_config = ?, updated_at = ? WHERE id = ?")
        .run(toJson(input.config), input.at, existing.id);
      return { record: this.get(input.projectId, existing.id)!, created: false };
    }
    const id = newId("ti");
    this.db
      .stmt(
        `INSERT INTO trigger_instances (id, uuid, project_id, connected_account_id, trigger_slug, trigger_config, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, '{}', ?, ?)`,
      )
      .run(id, newUuid(), input.projectId, input.connectedAccountId, input.slug, toJson(input.config), input.at, input.at);
    return { record: this.get(input.projectId, id)!, created: true };
  }

  get(projectId: string, id: string): TriggerInstanceRecord | undefined {
    return toRecord(this.db.stmt(`${SELECT} WHERE t.id = ? AND t.project_id = ?`).get(id, projectId));
  }

  /** Every matching trigger of the project, newest first. Each array filter matches any of its values. */
  list(projectId: string, filter: TriggerFilter): TriggerInstanceRecord[] {
    const { whereSql, args } = this.where(projectId, filter);
    return toRecord.all(this.db.arrays(`${SELECT} WHERE ${whereSql} ${ORDER}`), ...args);
  }

  /**
   * One page of `list`, cut in SQL, and the number of matches. One row more than the page is
   * read: when it is not there, the total follows from the page and needs no count.
   */
  page(projectId: string, filter: TriggerFilter, window: { offset: number; limit: number }): Slice<TriggerInstanceRecord> {
    const { whereSql, args } = this.where(projectId, filter);
    // Beyond any table's size; keeps the bound value an exact integer.
    const offset = Math.min(window.offset, Number.MAX_SAFE_INTEGER);
    const rows = toRecord.all(this.db.arrays(`${SELECT} WHERE ${whereSql} ${ORDER} LIMIT ? OFFSET ?`), ...args, window.limit + 1, offset);
    const more = rows.length > window.limit;
    const items = more ? rows.slice(0, window.limit) : rows;
    const total =
      more || (items.length === 0 && offset > 0)
        ? (this.db.stmt(`SELECT COUNT(*) AS n ${FROM} WHERE ${whereSql}`).get(...args) as { n: number }).n
        : offset + items.length;
    return { items, total };
  }

  private where(projectId: string, filter: TriggerFilter): { whereSql: string; args: SQLInputValue[] } {
    const where = ["t.project_id = ?"];
    const args: SQLInputValue[] = [projectId];
    const anyOf = (column: string, values: string[] | undefined) => whereAnyOf(where, args, column, values);
    anyOf("ca.user_id", filter.userIds);
    // An id filter and its deprecated UUID alias match either form of the same object.
    const accountIds = [...(filter.connectedAccountIds ?? []), ...(filter.connectedAccountUuids ?? [])];
    if (accountIds.length) {
      const marks = accountIds.map(() => "?").join(", ");
      where.push(`(t.connected_account_id IN (${marks}) OR ca.uuid IN (${marks}))`);
      args.push(...accountIds, ...accountIds);
    }
    const authConfigIds = [...(filter.authConfigIds ?? []), ...(filter.authConfigUuids ?? [])];
    if (authConfigIds.length) {
      const marks = authConfigIds.map(() => "?").join(", ");
      where.push(`(ca.auth_config_id IN (${marks}) OR ac.uuid IN (${marks}))`);
      args.push(...authConfigIds, ...authConfigIds);
    }
    anyOf("t.id", filter.triggerIds);
    anyOf("t.trigger_slug", filter.triggerNames);
    if (!filter.showDisabled) where.push("t.disabled_at IS NULL");
    return { whereSql: where.join(" AND "), args };
  }

  setDisabled(id: string, disabledAt: string | null, at: string): void {
    this.db.stmt("UPDATE trigger_instances SET disabled_at = ?, updated_at = ? WHERE id = ?").run(disabledAt, at, id);
  }

  delete(id: string): boolean {
    return Number(this.db.stmt("DELETE FROM trigger_instances WHERE id = ?").run(id).changes) > 0;
  }

  idForUuid(projectId: string, uuid: string): string | undefined {
    const row = this.db.stmt("SELECT id FROM trigger_instances WHERE uuid = ? AND project_id = ?").get(uuid, projectId) as
      | { id: string }
      | undefined;
    return row?.id;
  }
}
