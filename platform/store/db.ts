/**
 * The SQLite connection (`Db`: the connection and its prepared statements), opening a database
 * file and migrating its schema.
 *
 * Durability: WAL mode with `synchronous = FULL`. Under WAL, `NORMAL` writes each commit to the
 * WAL before the answer but fsyncs only at checkpoints: the commits survive the process being
 * killed, but an OS crash or power loss can roll back the last ones although the server
 * acknowledged them. `FULL` fsyncs the WAL on every commit, so "a restart keeps every
 * acknowledged write" holds for a restart of the machine as well. Requests' writes are
 * group-committed (transactions.ts), so concurrent writes share that fsync. The measurements
 * behind this choice are in bench/README.md ("Durability: synchronous = FULL").
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { basename, dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { SEALED_PREFIX, type Secrets } from "./secrets";

/** Prepared statements kept per database; statements built with dynamic SQL (IN lists, optional filters) count too. */
const STATEMENT_CACHE_SIZE = 256;

/** Numbers the SQL functions `watch` creates, so that each has its own name. */
let watches = 0;

/**
 * A statement answering its rows as arrays of column values: for lists, where reading a row
 * from an array costs less than from node:sqlite's row objects (≈ 14 against 30 µs for 11 rows
 * of 11 columns). `columns` names them in order (rows.ts reads them by these names); it is
 * known once `all` has run.
 */
export interface ArrayStatement {
  all(...params: SQLInputValue[]): unknown[][];
  readonly columns: readonly string[];
}

/**
 * The connection plus a cache of its prepared statements, by SQL text. Compiling a
 * statement costs more than running most of ours, so each store method asks `stmt(sql)`
 * instead of `db.prepare(sql)`. The cache is bounded (the oldest entry goes first): SQL
 * built from a request (an IN list per number of values, a SET per combination of
 * fields) has finitely many shapes but no small bound. A cached statement is safe to
 * reuse: `run`/`get`/`all` reset it, everything is synchronous on one connection, SQLite
 * re-prepares it by itself after a schema change, and closing the database finalizes it.
 */
export class Db {
  private readonly statements = new Map<string, StatementSync>();
  private readonly arrayStatements = new Map<string, ArrayStatement>();

  constructor(readonly raw: DatabaseSync) {}

  stmt(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.raw.prepare(sql);
      remember(this.statements, sql, statement);
    }
    return statement;
  }

  /** `stmt(sql)` answering rows as arrays (see ArrayStatement); Node before 22.16 has no setReturnArrays: the objects' values then. */
  arrays(sql: string): ArrayStatement {
    let statement = this.arrayStatements.get(sql);
    if (statement === undefined) {
      statement = arrayStatement(this.raw.prepare(sql));
      remember(this.arrayStatements, sql, statement);
    }
    return statement;
  }

  exec(sql: string): void {
    this.raw.exec(sql);
  }

  /**
   * Calls `onChange` after every row inserted, updated or deleted in `tables` through this
   * connection, cascades included: temporary triggers calling a function of this process
   * (nothing is written to the file). Changes by other connections: see `dataVersion`.
   */
  watch(tables: readonly string[], onChange: () => void): void {
    const fn = `watch_${++watches}`;
    this.raw.function(fn, () => {
      onChange();
      return null;
    });
    for (const table of tables) {
      for (const op of ["INSERT", "UPDATE", "DELETE"]) {
        this.raw.exec(`CREATE TEMP TRIGGER ${fn}_${table}_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN SELECT ${fn}(); END`);
      }
    }
  }

  /** SQLite's data_version: changes when another connection commits to the file. */
  dataVersion(): number {
    return Number((this.stmt("PRAGMA data_version").get() as { data_version: number }).data_version);
  }

  get isOpen(): boolean {
    return this.raw.isOpen;
  }

  get isTransaction(): boolean {
    return this.raw.isTransaction;
  }

  close(): void {
    this.statements.clear();
    this.arrayStatements.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

function arrayStatement(prepared: StatementSync): ArrayStatement {
  if (typeof prepared.setReturnArrays === "function") {
    prepared.setReturnArrays(true);
    const columns = prepared.columns().map((column) => column.name);
    return { columns, all: (...params) => prepared.all(...params) as unknown as unknown[][] };
  }
  let columns: string[] = [];
  return {
    get columns() {
      return columns;
    },
    all: (...params) => {
      const rows = prepared.all(...params);
      if (rows[0]) columns = Object.keys(rows[0]);
      return rows.map((row) => Object.values(row));
    },
  };
}

function remember<T>(cache: Map<string, T>, sql: string, statement: T): void {
  if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(sql, statement);
}

/**
 * Seals the values of `table.column` still in clear (written by a version without sealing);
 * answers how many. For Store's start-up, inside its transaction.
 */
export function sealClearColumn(db: Db, secrets: Secrets, table: string, column: string): number {
  const clear = db
    .stmt(`SELECT rowid AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ${column} NOT LIKE '${SEALED_PREFIX}%'`)
    .all() as { id: number; value: string }[];
  const update = db.stmt(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
  for (const row of clear) update.run(secrets.seal(row.value), row.id);
  return clear.length;
}

/** Each entry moves the schema from version i to i+1; never edit a shipped entry, append. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE orgs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE org_members (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE org_keys (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
    org_member_id TEXT NOT NULL REFERENCES org_members(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    key_hash BLOB NOT NULL UNIQUE,
    key_last4 TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE projects (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    email TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    webhook_url TEXT,
    event_webhook_url TEXT,
    webhook_secret TEXT,
    triggers_enabled INTEGER NOT NULL DEFAULT 1,
    last_subscribed_at TEXT,
    is_new_webhook INTEGER NOT NULL DEFAULT 1,
    webhook_version TEXT,
    config TEXT NOT NULL,
    UNIQUE (org_id, name)
  );
  CREATE TABLE project_keys (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    org_member_id TEXT NOT NULL,
    name TEXT NOT NULL,
    key_hash BLOB NOT NULL UNIQUE,
    key_last4 TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at TEXT
  );
  CREATE INDEX project_keys_project ON project_keys(project_id);
  CREATE TABLE auth_configs (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    uuid TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    toolkit_slug TEXT NOT NULL,
    name TEXT NOT NULL,
    auth_scheme TEXT NOT NULL,
    type TEXT NOT NULL,
    is_platform_managed INTEGER NOT NULL,
    credentials TEXT NOT NULL,
    restrict_to_following_tools TEXT NOT NULL,
    status TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX auth_configs_project ON auth_configs(project_id);
  CREATE TABLE connected_accounts (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    uuid TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    auth_config_id TEXT NOT NULL REFERENCES auth_configs(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    status TEXT NOT NULL,
    auth_scheme TEXT NOT NULL,
    val TEXT NOT NULL,
    redirect_url TEXT,
    callback_url TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX connected_accounts_project ON connected_accounts(project_id);
  CREATE INDEX connected_accounts_user ON connected_accounts(project_id, user_id);
  CREATE TABLE mcp_servers (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    auth_config_ids TEXT NOT NULL,
    allowed_tools TEXT NOT NULL,
    toolkits TEXT NOT NULL,
    managed_auth_via_platform INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at TEXT
  );
  CREATE INDEX mcp_servers_project ON mcp_servers(project_id);
  CREATE TABLE mcp_instances (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    server_id TEXT NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (server_id, user_id)
  );
  CREATE TABLE trigger_instances (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    uuid TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    connected_account_id TEXT NOT NULL REFERENCES connected_accounts(id) ON DELETE CASCADE,
    trigger_slug TEXT NOT NULL,
    trigger_config TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    disabled_at TEXT,
    UNIQUE (connected_account_id, trigger_slug)
  );
  CREATE INDEX trigger_instances_project ON trigger_instances(project_id);
  CREATE TABLE tool_router_sessions (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    toolkits TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE tool_router_recipes (
    session_id TEXT NOT NULL REFERENCES tool_router_sessions(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    recipe TEXT NOT NULL,
    PRIMARY KEY (session_id, id)
  );
  `,
  // 2: lists page in SQL without sorting. MCP servers are listed live, by updated_at or
  // created_at either way with the rowid breaking ties (an index ends with the rowid, and
  // SQLite reads one backwards for DESC); trigger instances newest first. A server's instance
  // count is kept in its row by triggers (also through cascades) instead of a count per row listed.
  `
  CREATE INDEX mcp_servers_live_updated ON mcp_servers(project_id, updated_at) WHERE deleted_at IS NULL;
  CREATE INDEX mcp_servers_live_created ON mcp_servers(project_id, created_at) WHERE deleted_at IS NULL;
  ALTER TABLE mcp_servers ADD COLUMN instance_count INTEGER NOT NULL DEFAULT 0;
  UPDATE mcp_servers SET instance_count = (SELECT COUNT(*) FROM mcp_instances i WHERE i.server_id = mcp_servers.id);
  CREATE TRIGGER mcp_instances_counted AFTER INSERT ON mcp_instances
    BEGIN UPDATE mcp_servers SET instance_count = instance_count + 1 WHERE id = NEW.server_id; END;
  CREATE TRIGGER mcp_instances_uncounted AFTER DELETE ON mcp_instances
    BEGIN UPDATE mcp_servers SET instance_count = instance_count - 1 WHERE id = OLD.server_id; END;
  DROP INDEX trigger_instances_project;
  CREATE INDEX trigger_instances_project_created ON trigger_instances(project_id, created_at);
  `,
  // 3: idempotency keys of creates (store/idempotency.ts): answers kept encrypted for 24 hours.
  `
  CREATE TABLE idempotency_keys (
    scope TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    iv BLOB NOT NULL,
    tag BLOB NOT NULL,
    body BLOB NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope, key_hash)
  );
  CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
  `,
  // 4: auth configs made and changed through the v3 API (soft-deleted; proxy, shared credentials,
  // tools for connection creation); the project's webhook subscription (its signing secret is the
  // project's webhook_secret) and the log of the deliveries made to it.
  `
  ALTER TABLE auth_configs ADD COLUMN deleted_at TEXT;
  ALTER TABLE auth_configs ADD COLUMN proxy_config TEXT;
  ALTER TABLE auth_configs ADD COLUMN shared_credentials TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE auth_configs ADD COLUMN tools_for_connected_account_creation TEXT NOT NULL DEFAULT '[]';
  CREATE TABLE webhook_subscriptions (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL UNIQUE REFERENCES projects(id) ON DELETE CASCADE,
    webhook_url TEXT NOT NULL,
    version TEXT NOT NULL,
    enabled_events TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE webhook_deliveries (
    auto_id INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    subscription_id TEXT NOT NULL,
    trigger_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    webhook_url TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX webhook_deliveries_project ON webhook_deliveries(project_id, auto_id);
  `,
  // 5: a revoked key never comes back (store/retired-keys.ts). The hash of every key revoked
  // (regenerate) or deleted (with its project) is kept, by triggers, also through cascades;
  // inserting a key with a kept hash aborts. Keys deleted before this version left no trace.
  `
  CREATE TABLE retired_keys (
    key_hash BLOB PRIMARY KEY,
    retired_at TEXT NOT NULL
  ) WITHOUT ROWID;
  INSERT OR IGNORE INTO retired_keys SELECT key_hash, deleted_at FROM project_keys WHERE deleted_at IS NOT NULL;
  INSERT OR IGNORE INTO retired_keys SELECT key_hash, revoked_at FROM org_keys WHERE revoked_at IS NOT NULL;
  CREATE TRIGGER project_keys_revoked AFTER UPDATE OF deleted_at ON project_keys WHEN NEW.deleted_at IS NOT NULL
    BEGIN INSERT OR IGNORE INTO retired_keys VALUES (NEW.key_hash, NEW.deleted_at); END;
  CREATE TRIGGER project_keys_deleted AFTER DELETE ON project_keys
    BEGIN INSERT OR IGNORE INTO retired_keys VALUES (OLD.key_hash, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
  CREATE TRIGGER org_keys_revoked AFTER UPDATE OF revoked_at ON org_keys WHEN NEW.revoked_at IS NOT NULL
    BEGIN INSERT OR IGNORE INTO retired_keys VALUES (NEW.key_hash, NEW.revoked_at); END;
  CREATE TRIGGER org_keys_deleted AFTER DELETE ON org_keys
    BEGIN INSERT OR IGNORE INTO retired_keys VALUES (OLD.key_hash, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
  CREATE TRIGGER project_keys_not_retired BEFORE INSERT ON project_keys
    WHEN EXISTS (SELECT 1 FROM retired_keys WHERE key_hash = NEW.key_hash)
    BEGIN SELECT RAISE(ABORT, 'a revoked key is never issued again'); END;
  CREATE TRIGGER org_keys_not_retired BEFORE INSERT ON org_keys
    WHEN EXISTS (SELECT 1 FROM retired_keys WHERE key_hash = NEW.key_hash)
    BEGIN SELECT RAISE(ABORT, 'a revoked key is never issued again'); END;
  `,
  // 6: facts about the store itself, by name: the check value of the secret key (store/secrets.ts).
  `
  CREATE TABLE store_meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** The folder the CLI keeps its database in by default (cli.ts DEFAULT_DB). */
const DEFAULT_FOLDER = ".integration-platform";

/**
 * The database's folder and file, readable by their owner only: the file is created 0600 before
 * SQLite opens it (SQLite gives the WAL and SHM files the database file's mode) and an existing
 * one, its WAL and SHM are set to 0600; a folder created here is 0700, as is the default folder
 * of an earlier version. Another existing folder (`--db /tmp/x.db`) is left as it is.
 */
function secureFiles(path: string): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (basename(folder) === DEFAULT_FOLDER) chmodSync(folder, 0o700);
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

export function openDatabase(path: string): DatabaseSync {
  if (path !== ":memory:") secureFiles(path);
  const db = new DatabaseSync(path);
  try {
    db.exec("PRAGMA journal_mode = WAL");
    // Freed space is zeroed: a secret sealed in place (or a deleted row) leaves no clear copy behind.
    db.exec("PRAGMA secure_delete = ON");
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("PRAGMA busy_timeout = 5000");
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function migrate(db: DatabaseSync): void {
  const row = db.prepare("PRAGMA user_version").get() as { user_version: number };
  const current = row.user_version;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the database schema is version ${current}, newer than this platform knows (${MIGRATIONS.length}); use a newer integration-platform-local`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}
