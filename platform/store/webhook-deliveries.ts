/**
 * The delivery log: one row per event sent to a webhook subscription, with every attempt
 * (time, HTTP status or network error). The body is kept to resend it unchanged on retries
 * (the `webhook-id` and the body stay the same across attempts, as Standard Webhooks asks).
 */
import type { Db } from "./db";
import { toJson } from "./json";
import { columns, json, rowReader, text, type ColumnReader } from "./rows";

export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  /** The receiver's HTTP status; absent when no answer came. */
  status_code?: number;
  /** Why there was no answer (refused, timed out...). */
  error?: string;
}

export interface WebhookDeliveryRecord {
  id: string;
  project_id: string;
  subscription_id: string;
  trigger_id: string;
  event_type: string;
  webhook_url: string;
  body: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  created_at: string;
  updated_at: string;
}

const COLUMNS = "id, project_id, subscription_id, trigger_id, event_type, webhook_url, body, status, attempts, created_at, updated_at";

const toRecord = rowReader<WebhookDeliveryRecord>({
  ...columns(text, "id", "project_id", "subscription_id", "trigger_id", "event_type", "webhook_url", "body", "created_at", "updated_at"),
  status: text as ColumnReader<DeliveryStatus>,
  attempts: json<DeliveryAttempt[]>([]),
});

const toPending = rowReader<Pick<WebhookDeliveryRecord, "id" | "attempts">>({ id: text, attempts: json<DeliveryAttempt[]>([]) });

export class WebhookDeliveryStore {
  constructor(private readonly db: Db) {}

  create(input: {
    id: string;
    projectId: string;
    subscriptionId: string;
    triggerId: string;
    eventType: string;
    webhookUrl: string;
    body: string;
    at: string;
  }): void {
    this.db
      .stmt(`INSERT INTO webhook_deliveries (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', '[]', ?, ?)`)
      .run(input.id, input.projectId, input.subscriptionId, input.triggerId, input.eventType, input.webhookUrl, input.body, input.at, input.at);
  }

  /** By id alone: for the dispatcher, which holds ids it was handed by a request of the project. */
  get(id: string): WebhookDeliveryRecord | undefined {
    return toRecord(this.db.stmt(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = ?`).get(id));
  }

  /** Every delivery still pending (not yet attempted, or waiting for a retry), oldest first, with its attempts. */
  pending(): Pick<WebhookDeliveryRecord, "id" | "attempts">[] {
    return toPending.all(this.db.arrays("SELECT id, attempts FROM webhook_deliveries WHERE status = 'pending' ORDER BY auto_id"));
  }

  /** Appends an attempt and sets the status. */
  recordAttempt(id: string, attempt: DeliveryAttempt, status: DeliveryStatus): void {
    const current = this.get(id);
    if (!current) return;
    this.db
      .stmt("UPDATE webhook_deliveries SET attempts = ?, status = ?, updated_at = ? WHERE id = ?")
      .run(toJson([...current.attempts, attempt]), status, attempt.at, id);
  }

  /** The deliveries of the given projects, newest first, at most `limit`. */
  list(projectIds: readonly string[], filter: { triggerId?: string | undefined; limit: number }): WebhookDeliveryRecord[] {
    if (projectIds.length === 0) return [];
    const where = [`project_id IN (${projectIds.map(() => "?").join(", ")})`];
    const args: string[] = [...projectIds];
    if (filter.triggerId !== undefined) (where.push("trigger_id = ?"), args.push(filter.triggerId));
    return toRecord.all(this.db.arrays(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE ${where.join(" AND ")} ORDER BY auto_id DESC LIMIT ?`), ...args, filter.limit);
  }
}
