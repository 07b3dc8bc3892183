/** Identifiers and API keys of the local platform. */
import { hash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { customAlphabet } from "nanoid";
import { WEBHOOK_SECRET_PREFIX } from "../api";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const shortId = customAlphabet(ALPHANUMERIC, 14);
/** 40 characters of 62 symbols ≈ 238 bits: high entropy, so a plain sha256 is a fine key hash. */
const keySecret = customAlphabet(ALPHANUMERIC, 40);

export type IdPrefix =
  | "org" | "mem" | "okey" | "proj" | "pkey" | "ac" | "ca" | "mcp" | "mcpi" | "ti" | "trs" | "log" | "req" | "whs" | "msg";

/** `ac_3kTq9...`: a prefix naming the kind of object, then 14 random characters. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${shortId()}`;
}

export const newUuid = (): string => randomUUID();

export const PROJECT_KEY_PREFIX = "ipk_";
export const ORG_KEY_PREFIX = "iok_";
const KEY_PATTERN = /^(ipk|iok)_[0-9A-Za-z]{16,128}$/;

export function newProjectKey(): string {
  return PROJECT_KEY_PREFIX + keySecret();
}
export function newOrgKey(): string {
  return ORG_KEY_PREFIX + keySecret();
}

/** Keys we accept in a header or from the environment (format check before any lookup). */
export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function hashKey(key: string): Buffer {
  return hash("sha256", key, "buffer");
}

/** `hashKey(key)` in base64, without a Buffer (one-shot hashing into a string is the cheapest form). */
export function keyDigest(key: string): string {
  return hash("sha256", key, "base64");
}

/** Compares two key hashes in constant time. */
export function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `ipk_…abcd`: enough to recognise a key, never enough to use it. */
export function maskKey(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}

/**
 * A webhook signing secret in the Standard Webhooks form: `whsec_` and the key in standard
 * base64 (its libraries decode that alphabet only), 24 random bytes.
 */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

const SECRET_NAME = /secret|token|password|passwd|api_?key|apikey|private|credential|^key$/i;

/** True for a field name that holds a secret (client_secret, api_key, access_token...). */
export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A copy with secret-named string values masked to their last 4 characters. */
export function maskSecrets(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] = isSecretField(name) && typeof value === "string" && value !== "" ? `…${value.slice(-4)}` : value;
  }
  return out;
}
