/**
 * Idempotency keys: a create sent with an Idempotency-Key runs once, and a
 * repeat with the same key (a client retrying after a lost answer) gets the
 * first answer back. Recorded in the same transaction as the create, so a
 * crash can never keep the object and lose the record, or the reverse.
 *
 * Answers can hold secrets (a new project's API key), so they are stored
 * encrypted (AES-256-GCM) under a key derived from the Idempotency-Key itself,
 * which only the caller knows; the row is found by a separate hash of it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { idempotencyKeyReused } from "../errors";
import type { Db } from "./db";

/** How long a key is remembered (like Stripe's 24 hours): longer than any retry loop. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A create sent with an Idempotency-Key. */
export interface IdempotentRequest {
  /** The caller: `project:<id>` or `org:<id>`; keys of different callers never meet. */
  scope: string;
  /** The Idempotency-Key header. */
  key: string;
  /** The route and what was sent (params, body): the same key with another request is refused. */
  fingerprint: string;
  /** The success status the answer is recorded with. */
  status: number;
  /** When the request arrived (recorded), and the clock that expires old keys. */
  at: string;
  now: () => Date;
}

interface StoredAnswer {
  status: number;
  body: unknown;
}

type Lookup =
  | { kind: "new" }
  | { kind: "replay"; answer: StoredAnswer }
  /** The key was used for a different request: refusing beats answering for the wrong one. */
  | { kind: "mismatch" };

function digest(label: string, value: string): Buffer {
  return createHash("sha256").update(label).update("\0").update(value).digest();
}

export class IdempotencyStore {
  constructor(private readonly db: Db) {}

  /**
   * Runs `create` once per caller and key, in the caller's transaction, and records its answer
   * there; a repeat of the same request answers the recorded answer (`replayed`), the same key
   * with another request is a 409 `idempotency_key_reused`. A throw of `create` records nothing.
   */
  once<T>(request: IdempotentRequest, create: () => T): { answer: T; replayed: boolean } {
    const seen = this.lookup(request.scope, request.key, request.fingerprint);
    if (seen.kind === "replay") return { answer: seen.answer.body as T, replayed: true };
    if (seen.kind === "mismatch") throw idempotencyKeyReused();
    this.expire(request.now());
    const answer = create();
    this.record(request.scope, request.key, request.fingerprint, { status: request.status, body: answer }, request.at);
    return { answer, replayed: false };
  }

  private lookup(scope: string, key: string, fingerprint: string): Lookup {
    const row = this.db
      .stmt("SELECT fingerprint, status, iv, tag, body FROM idempotency_keys WHERE scope = ? AND key_hash = ?")
      .get(scope, digest("id", key).toString("hex")) as
      | { fingerprint: string; status: number; iv: Uint8Array; tag: Uint8Array; body: Uint8Array }
      | undefined;
    if (!row) return { kind: "new" };
    if (row.fingerprint !== digest("request", fingerprint).toString("hex")) return { kind: "mismatch" };
    const decipher = createDecipheriv("aes-256-gcm", digest("encrypt", key), row.iv);
    decipher.setAuthTag(row.tag);
    const plain = Buffer.concat([decipher.update(row.body), decipher.final()]).toString("utf8");
    return { kind: "replay", answer: { status: row.status, body: JSON.parse(plain) } };
  }

  private record(scope: string, key: string, fingerprint: string, answer: StoredAnswer, at: string): void {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", digest("encrypt", key), iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(answer.body), "utf8"), cipher.final()]);
    this.db
      .stmt(
        "INSERT INTO idempotency_keys (scope, key_hash, fingerprint, status, iv, tag, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(scope, digest("id", key).toString("hex"), digest("request", fingerprint).toString("hex"), answer.status, iv, cipher.getAuthTag(), body, at);
  }

  /** Forgets keys older than the TTL; called on writes, so the table stays small. */
  private expire(now: Date): void {
    this.db.stmt("DELETE FROM idempotency_keys WHERE created_at < ?").run(new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString());
  }
}
