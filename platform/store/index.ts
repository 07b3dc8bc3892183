/**
 * The persistent store of the local platform: one SQLite database behind a
 * `Store` with one module per table group. Route handlers call these methods;
 * they never write SQL.
 */
import { AuthConfigStore } from "./auth-configs";
import { ConnectedAccountStore } from "./connected-accounts";
import { Db, openDatabase } from "./db";
import { McpStore } from "./mcp";
import { OrgStore } from "./orgs";
import { ProjectStore } from "./projects";
import { IdempotencyStore } from "./idempotency";
import { RetiredKeyStore } from "./retired-keys";
import { keyFileOf, loadSecrets, SECRET_KEY_ENV, SecretKeyError, Secrets } from "./secrets";
import { ToolRouterStore } from "./tool-router";
import { Transactions } from "./transactions";
import { TriggerStore } from "./triggers";
import { WebhookDeliveryStore } from "./webhook-deliveries";
import { WebhookSubscriptionStore } from "./webhook-subscriptions";

export type { AuthConfigFilter, AuthConfigRecord, ProxyConfigRecord } from "./auth-configs";
export type { ConnectedAccountRecord } from "./connected-accounts";
export type { McpInstanceRecord, McpServerRecord, OrderBy, OrderDirection } from "./mcp";
export type { Org, OrgKey, OrgMember } from "./orgs";
export type { Project, ProjectKey } from "./projects";
export { defaultProjectConfig } from "./projects";
export type { ToolRouterSessionRecord } from "./tool-router";
export type { TriggerFilter, TriggerInstanceRecord } from "./triggers";
export type { DeliveryAttempt, DeliveryStatus, WebhookDeliveryRecord } from "./webhook-deliveries";
export type { WebhookSubscriptionRecord } from "./webhook-subscriptions";
export { SCHEMA_VERSION } from "./db";
export { SECRET_KEY_ENV, SecretKeyError, Secrets, keyFileOf } from "./secrets";

export interface StoreOptions {
  /** Key material credentials are sealed with (INTEGRATION_PLATFORM_SECRET_KEY); default: the key file beside the database. */
  secretKey?: string | undefined;
}

/** A value sealed under the key, kept in store_meta: opening it proves a later key is the same. */
const KEY_CHECK = "secret_key_check";

export type LegacyType = "CONNECTED_ACCOUNT" | "AUTH_CONFIG" | "TRIGGER_INSTANCE";

export class Store {
  readonly path: string;
  readonly orgs: OrgStore;
  readonly projects: ProjectStore;
  readonly authConfigs: AuthConfigStore;
  readonly connectedAccounts: ConnectedAccountStore;
  readonly mcp: McpStore;
  readonly triggers: TriggerStore;
  readonly toolRouter: ToolRouterStore;
  readonly idempotency: IdempotencyStore;
  readonly webhookSubscriptions: WebhookSubscriptionStore;
  readonly webhookDeliveries: WebhookDeliveryStore;
  readonly retiredKeys: RetiredKeyStore;
  /** Seals and opens credentials at rest (store/secrets.ts); for any module that stores one. */
  readonly secrets: Secrets;
  private readonly db: Db;
  private readonly transactions: Transactions;
  private principalsGeneration = 0;
  private seenDataVersion = -1;

  /** `path`: a database file (its folder is created) or `:memory:`. */
  constructor(path = ":memory:", options: StoreOptions = {}) {
    this.path = path;
    this.db = new Db(openDatabase(path));
    try {
      this.secrets = loadSecrets(path, options.secretKey);
      this.checkSecretKey();
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.orgs = new OrgStore(this.db);
    this.projects = new ProjectStore(this.db, this.secrets);
    this.authConfigs = new AuthConfigStore(this.db, this.secrets);
    this.connectedAccounts = new ConnectedAccountStore(this.db, this.secrets);
    this.mcp = new McpStore(this.db);
    this.triggers = new TriggerStore(this.db);
    this.toolRouter = new ToolRouterStore(this.db);
    this.idempotency = new IdempotencyStore(this.db);
    this.webhookSubscriptions = new WebhookSubscriptionStore(this.db, this.secrets);
    this.webhookDeliveries = new WebhookDeliveryStore(this.db);
    this.retiredKeys = new RetiredKeyStore(this.db);
    this.transactions = new Transactions(this.db);
    this.db.watch(["orgs", "org_members", "org_keys", "projects", "project_keys"], () => {
      this.principalsGeneration++;
    });
    this.sealClearRows();
  }

  /** Refuses a key other than the one the database's secrets were sealed with; records the check on first use. */
  private checkSecretKey(): void {
    const row = this.db.stmt("SELECT value FROM store_meta WHERE name = ?").get(KEY_CHECK) as { value: string } | undefined;
    if (!row) {
      this.db.stmt("INSERT INTO store_meta (name, value) VALUES (?, ?)").run(KEY_CHECK, this.secrets.seal(KEY_CHECK));
      return;
    }
    let opened: string | undefined;
    try {
      opened = this.secrets.open(row.value);
    } catch {
      opened = undefined;
    }
    if (opened !== KEY_CHECK) {
      throw new SecretKeyError(
        `the credentials in ${this.path} were encrypted with another secret key: set ${SECRET_KEY_ENV} to the key used before, or restore the key file ${keyFileOf(this.path)}`,
      );
    }
  }

  /**
   * Seals credentials a version without sealing stored in clear, then rewrites the file (VACUUM)
   * and empties the WAL, so that no clear copy stays in either.
   */
  private sealClearRows(): void {
    const sealed = this.transaction(
      () => this.projects.sealClearRows() + this.authConfigs.sealClearRows() + this.connectedAccounts.sealClearRows(),
    );
    if (sealed > 0 && this.path !== ":memory:") {
      this.db.exec("VACUUM");
      this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
  }

  /**
   * A number that changes whenever an organization, member, project or key may have changed:
   * any row written to their tables through this store (cascades included, rolled back or
   * not), or any commit by another connection to the file. What is derived from them (the
   * authentication cache of auth.ts) stays valid while it does not change.
   */
  principalsVersion(): number {
    const dataVersion = this.db.dataVersion();
    if (dataVersion !== this.seenDataVersion) {
      this.seenDataVersion = dataVersion;
      this.principalsGeneration++;
    }
    return this.principalsGeneration;
  }

  static open(path = ":memory:", options: StoreOptions = {}): Store {
    return new Store(path, options);
  }

  /**
   * Runs `fn` in one transaction, committed before it returns (rolled back if it throws);
   * for work outside requests. Synchronous on purpose: nothing else can interleave on the
   * single connection. Nested calls join the outer transaction.
   */
  transaction<T>(fn: () => T): T {
    return this.transactions.transaction(fn);
  }

  /** A request's writes, group-committed: resolves once durable (see transactions.ts). */
  write<T>(fn: () => T): Promise<T> {
    return this.transactions.write(fn);
  }

  /** A request's reads, on one snapshot: resolves once all they saw is durable (see transactions.ts). */
  read<T>(fn: () => T): Promise<T> {
    return this.transactions.read(fn);
  }

  /** The nano id of a legacy UUID in the project, by object type. */
  nanoIdForUuid(projectId: string, type: LegacyType, uuid: string): string | undefined {
    switch (type) {
      case "AUTH_CONFIG":
        return this.authConfigs.idForUuid(projectId, uuid);
      case "CONNECTED_ACCOUNT":
        return this.connectedAccounts.idForUuid(projectId, uuid);
      case "TRIGGER_INSTANCE":
        return this.triggers.idForUuid(projectId, uuid);
    }
  }

  /** True when the store has no organization yet (a fresh database). */
  isEmpty(): boolean {
    return this.orgs.count() === 0;
  }

  get isOpen(): boolean {
    return this.db.isOpen;
  }

  close(): void {
    if (this.db.isOpen) this.transactions.flush();
    this.db.close();
  }
}
