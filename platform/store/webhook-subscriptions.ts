/**
 * The project's webhook subscription: at most one per project (a UNIQUE column). Its signing
 * secret is the project's `webhook_secret` (joined here, written through ProjectStore.setWebhook),
 * so the project's fields and the subscription never disagree.
 */
import { newId } from "../ids";
import type { Db } from "./db";
import { given, setChanged, toJson } from "./json";
import { columns, json, rowReader, sealedText, text, type RowReader } from "./rows";
import type { Secrets } from "./secrets";

export interface WebhookSubscriptionRecord {
  id: string;
  project_id: string;
  webhook_url: string;
  version: string;
  enabled_events: string[];
  /** The project's webhook_secret. */
  secret: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT w.id, w.project_id, w.webhook_url, w.version, w.enabled_events, p.webhook_secret AS secret, w.created_at, w.updated_at
  FROM webhook_subscriptions w JOIN projects p ON p.id = w.project_id`;

/** The record's columns; the secret is sealed at rest (secrets.ts), so its reader needs the store's Secrets. */
const recordReader = (secrets: Secrets): RowReader<WebhookSubscriptionRecord> => {
  const secret = sealedText(secrets);
  return rowReader<WebhookSubscriptionRecord>({
    ...columns(text, "id", "project_id", "webhook_url", "version", "created_at", "updated_at"),
    enabled_events: json<string[]>([]),
    secret: (value) => secret(value) ?? "",
  });
};

export class WebhookSubscriptionStore {
  private readonly toRecord: RowReader<WebhookSubscriptionRecord>;

  constructor(
    private readonly db: Db,
    secrets: Secrets,
  ) {
    this.toRecord = recordReader(secrets);
  }

  create(input: { projectId: string; webhookUrl: string; version: string; enabledEvents: string[]; at: string }): WebhookSubscriptionRecord {
    const id = newId("whs");
    this.db
      .stmt(
        `INSERT INTO webhook_subscriptions (id, project_id, webhook_url, version, enabled_events, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.projectId, input.webhookUrl, input.version, toJson(input.enabledEvents), input.at, input.at);
    return this.get(input.projectId, id)!;
  }

  /** The project's subscription by id; another project's answers undefined. */
  get(projectId: string, id: string): WebhookSubscriptionRecord | undefined {
    return this.toRecord(this.db.stmt(`${SELECT} WHERE w.id = ? AND w.project_id = ?`).get(id, projectId));
  }

  /** The project's subscription, if it has one. */
  ofProject(projectId: string): WebhookSubscriptionRecord | undefined {
    return this.toRecord(this.db.stmt(`${SELECT} WHERE w.project_id = ?`).get(projectId));
  }

  update(id: string, change: { webhookUrl?: string; version?: string; enabledEvents?: string[] }, at: string): void {
    const { sets, args } = setChanged(at, {
      webhook_url: change.webhookUrl,
      version: change.version,
      enabled_events: given(change.enabledEvents, toJson),
    });
    this.db.stmt(`UPDATE webhook_subscriptions SET ${sets} WHERE id = ?`).run(...args, id);
  }

  /** Bumps updated_at (a rotated secret changes the subscription). */
  touch(id: string, at: string): void {
    this.db.stmt("UPDATE webhook_subscriptions SET updated_at = ? WHERE id = ?").run(at, id);
  }

  delete(id: string): boolean {
    return Number(this.db.stmt("DELETE FROM webhook_subscriptions WHERE id = ?").run(id).changes) > 0;
  }
}
