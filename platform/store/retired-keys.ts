/**
 * Keys that were revoked (a project's earlier keys at regenerate_api_key) or deleted (with their
 * project): kept by hash, by triggers of the schema (migration 5 in db.ts), so that such a key
 * never authenticates again — not even when a later start-up is given it in the environment.
 * The schema also refuses to insert a key with a retired hash.
 */
import type { Db } from "./db";

export class RetiredKeyStore {
  constructor(private readonly db: Db) {}

  /** True when a key with this hash was revoked or deleted. */
  has(hash: Buffer): boolean {
    return this.db.stmt("SELECT 1 AS found FROM retired_keys WHERE key_hash = ?").get(hash) !== undefined;
  }
}
