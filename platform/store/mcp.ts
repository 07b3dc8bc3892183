/** MCP servers (soft-deleted) and their per-user instances. */
import type { SQLInputValue } from "node:sqlite";
import { newId } from "../ids";
import type { Slice } from "../pagination";
import type { Db } from "./db";
import { given, int, likePattern, setChanged, toJson } from "./json";
import { columns, flag, integer, json, nullableText, rowReader, text } from "./rows";

export interface McpServerRecord {
  id: string;
  project_id: string;
  name: string;
  auth_config_ids: string[];
  allowed_tools: string[];
  toolkits: string[];
  managed_auth_via_platform: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  server_instance_count: number;
}

export interface McpInstanceRecord {
  id: string;
  user_id: string;
  server_id: string;
  created_at: string;
  updated_at: string;
}

export type OrderBy = "created_at" | "updated_at";
export type OrderDirection = "asc" | "desc";

/** `instance_count` is kept by triggers on mcp_instances (store/db.ts, migration 2). */
const SERVER_SELECT = `SELECT s.id, s.project_id, s.name, s.auth_config_ids, s.allowed_tools, s.toolkits, s.managed_auth_via_platform,
  s.created_at, s.updated_at, s.deleted_at, s.instance_count AS server_instance_count
  FROM mcp_servers s`;

const toServer = rowReader<McpServerRecord>({
  ...columns(text, "id", "project_id", "name", "created_at", "updated_at"),
  deleted_at: nullableText,
  auth_config_ids: json([]),
  allowed_tools: json([]),
  toolkits: json([]),
  managed_auth_via_platform: flag,
  server_instance_count: integer,
});

/** Order columns come from a fixed set, never from the request text. */
function orderClause(table: string, by: OrderBy, direction: OrderDirection): string {
  const column = by === "created_at" ? "created_at" : "updated_at";
  const dir = direction === "asc" ? "ASC" : "DESC";
  return `ORDER BY ${table}.${column} ${dir}, ${table}.auto_id ${dir}`;
}

/** Called with the id of a server whose fields changed or that was deleted. */
export type McpServerChangeListener = (serverId: string) => void;

export class McpStore {
  private readonly changeListeners = new Set<McpServerChangeListener>();

  constructor(private readonly db: Db) {}

  /**
   * Calls `listener` for every server updated or soft-deleted through this store, from inside
   * the writing transaction: the change may not be committed yet (or ever), so a listener reads
   * the server again once the store's batch has settled. Returns the unsubscribe function.
   */
  onServerChange(listener: McpServerChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private announceChange(id: string): void {
    for (const listener of this.changeListeners) listener(id);
  }

  create(input: {
    projectId: string;
    name: string;
    authConfigIds: string[];
    allowedTools: string[];
    toolkits: string[];
    managedAuthViaPlatform: boolean;
    at: string;
  }): McpServerRecord {
    const id = newId("mcp");
    this.db
      .stmt(
        `INSERT INTO mcp_servers (id, project_id, name, auth_config_ids, allowed_tools, toolkits, managed_auth_via_platform, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.projectId,
        input.name,
        toJson(input.authConfigIds),
        toJson(input.allowedTools),
        toJson(input.toolkits),
        int(input.managedAuthViaPlatform),
        input.at,
        input.at,
      );
    return this.get(input.projectId, id)!;
  }

  /** A live (not deleted) server of the project. */
  get(projectId: string, id: string): McpServerRecord | undefined {
    return toServer(this.db.stmt(`${SERVER_SELECT} WHERE s.id = ? AND s.project_id = ? AND s.deleted_at IS NULL`).get(id, projectId));
  }

  /** A live server by id alone, whatever its project: for the MCP endpoint, whose URL names only the server. */
  getById(id: string): McpServerRecord | undefined {
    return toServer(this.db.stmt(`${SERVER_SELECT} WHERE s.id = ? AND s.deleted_at IS NULL`).get(id));
  }

  /** Live servers of the project, filtered and paged; `toolkit` matches case-insensitively. */
  list(
    projectId: string,
    filter: {
      toolkit?: string;
      name?: string;
      toolkits?: string[];
      authConfigIds?: string[];
      orderBy: OrderBy;
      orderDirection: OrderDirection;
      offset: number;
      limit: number;
    },
  ): Slice<McpServerRecord> {
    const where = ["s.project_id = ?", "s.deleted_at IS NULL"];
    const args: SQLInputValue[] = [projectId];
    if (filter.toolkit !== undefined) {
      where.push("EXISTS (SELECT 1 FROM json_each(s.toolkits) WHERE lower(value) = lower(?))");
      args.push(filter.toolkit);
    }
    if (filter.name !== undefined) {
      where.push("s.name LIKE ? ESCAPE '\\'");
      args.push(likePattern(filter.name));
    }
    if (filter.toolkits?.length) {
      where.push(
        `EXISTS (SELECT 1 FROM json_each(s.toolkits) WHERE lower(value) IN (${filter.toolkits.map(() => "lower(?)").join(", ")}))`,
      );
      args.push(...filter.toolkits);
    }
    if (filter.authConfigIds?.length) {
      where.push(
        `EXISTS (SELECT 1 FROM json_each(s.auth_config_ids) WHERE value IN (${filter.authConfigIds.map(() => "?").join(", ")}))`,
      );
      args.push(...filter.authConfigIds);
    }
    const whereSql = where.join(" AND ");
    // The live indexes (migration 2) give the order, so only the page's rows are read. A window
    // COUNT(*) OVER () would read and sort every match (slower here than a second query); the
    // count is needless when the row after the page (read too) is not there.
    const offset = Math.min(filter.offset, Number.MAX_SAFE_INTEGER);
    const rows = toServer.all(
      this.db.arrays(`${SERVER_SELECT} WHERE ${whereSql} ${orderClause("s", filter.orderBy, filter.orderDirection)} LIMIT ? OFFSET ?`),
      ...args,
      filter.limit + 1,
      offset,
    );
    const more = rows.length > filter.limit;
    const items = more ? rows.slice(0, filter.limit) : rows;
    const total =
      more || (items.length === 0 && offset > 0)
        ? (this.db.stmt(`SELECT COUNT(*) AS n FROM mcp_servers s WHERE ${whereSql}`).get(...args) as { n: number }).n
        : offset + items.length;
    return { items, total };
  }

  update(
    id: string,
    change: { name?: string; authConfigIds?: string[]; allowedTools?: string[]; toolkits?: string[]; managedAuthViaPlatform?: boolean },
    at: string,
  ): void {
    const { sets, args } = setChanged(at, {
      name: change.name,
      auth_config_ids: given(change.authConfigIds, toJson),
      allowed_tools: given(change.allowedTools, toJson),
      toolkits: given(change.toolkits, toJson),
      managed_auth_via_platform: given(change.managedAuthViaPlatform, int),
    });
    this.db.stmt(`UPDATE mcp_servers SET ${sets} WHERE id = ?`).run(...args, id);
    this.announceChange(id);
  }

  softDelete(id: string, at: string): void {
    this.db.stmt("UPDATE mcp_servers SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL").run(at, at, id);
    this.announceChange(id);
  }

  /** Records that a user has an instance of the server (idempotent; bumps updated_at). */
  upsertInstance(serverId: string, userId: string, at: string): McpInstanceRecord {
    this.db
      .stmt(
        `INSERT INTO mcp_instances (id, server_id, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (server_id, user_id) DO UPDATE SET updated_at = excluded.updated_at`,
      )
      .run(newId("mcpi"), serverId, userId, at, at);
    return this.getInstance(serverId, userId)!;
  }

  getInstance(serverId: string, userId: string): McpInstanceRecord | undefined {
    return this.db
      .stmt("SELECT id, user_id, server_id, created_at, updated_at FROM mcp_instances WHERE server_id = ? AND user_id = ?")
      .get(serverId, userId) as McpInstanceRecord | undefined;
  }

  /** `search` matches the user ID (the instance ID) or the row id, case-insensitively. */
  listInstances(
    serverId: string,
    filter: { search?: string; orderBy: OrderBy; orderDirection: OrderDirection; offset: number; limit: number },
  ): Slice<McpInstanceRecord> {
    const where = ["i.server_id = ?"];
    const args: SQLInputValue[] = [serverId];
    if (filter.search !== undefined) {
      where.push("(i.user_id LIKE ? ESCAPE '\\' OR i.id LIKE ? ESCAPE '\\')");
      args.push(likePattern(filter.search), likePattern(filter.search));
    }
    const whereSql = where.join(" AND ");
    const total = (this.db.stmt(`SELECT COUNT(*) AS n FROM mcp_instances i WHERE ${whereSql}`).get(...args) as { n: number }).n;
    const items = this.db
      .stmt(
        `SELECT i.id, i.user_id, i.server_id, i.created_at, i.updated_at FROM mcp_instances i WHERE ${whereSql}
         ${orderClause("i", filter.orderBy, filter.orderDirection)} LIMIT ? OFFSET ?`,
      )
      .all(...args, filter.limit, filter.offset) as unknown as McpInstanceRecord[];
    return { items, total };
  }

  deleteInstance(serverId: string, userId: string): boolean {
    return Number(this.db.stmt("DELETE FROM mcp_instances WHERE server_id = ? AND user_id = ?").run(serverId, userId).changes) > 0;
  }
}
