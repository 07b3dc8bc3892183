/**
 * The one-way digest that stands for an API key wherever a key must be told apart from another
 * without being kept: the client and pacer caches' ids, and the `keyFingerprint` recorded in
 * Pulumi state (so its encoding must not change: sha256, base64url). Keys are random, so the
 * digest reveals nothing of them.
 */
import { createHash } from "node:crypto";

export function keyHash(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}
