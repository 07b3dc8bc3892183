/**
 * Secrets at rest: the one place credentials are sealed before they reach the database and
 * opened when read back. Sealed: auth configs' `credentials`, `shared_credentials` and
 * `proxy_config` (its key), connected accounts' `val` (API keys, tokens) and projects'
 * `webhook_secret` (also the webhook subscription's signing secret); anything else that stores
 * a credential calls `seal` on write and `open` on read, or reads through the row readers
 * `sealedText` / `sealedJson` of rows.ts (README: "Security and limits").
 *
 * AES-256-GCM (node:crypto), a fresh 12-byte IV per value; a sealed value is the text
 * `sealed:v1:<base64url of iv | tag | ciphertext>`, so it fits the TEXT columns the clear values
 * had. The key comes from INTEGRATION_PLATFORM_SECRET_KEY when set (at least 32 characters),
 * else from a file beside the database (`<db>.key`, 0600, made on first use); an in-memory
 * store without a given key uses a random one. The 32-byte AES key is derived from either with
 * HKDF-SHA256. A value sealed under the key is kept in the database (`store_meta`), so a wrong
 * key is a clear error at start-up instead of unreadable rows later.
 */
import { chmodSync, closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export const SECRET_KEY_ENV = "INTEGRATION_PLATFORM_SECRET_KEY";
/** The start of every sealed value (`isSealed`); the store also finds clear rows by it. */
export const SEALED_PREFIX = "sealed:v1:";
const MIN_MATERIAL_LENGTH = 32;
const INFO = "integration-platform secrets v1";

/** A secret key that is missing, too short, or not the one the database was sealed with. */
export class SecretKeyError extends Error {}

export class Secrets {
  private constructor(private readonly key: Buffer) {}

  /** Secrets under a key derived from `material` (the environment variable or the key file). */
  static fromMaterial(material: string): Secrets {
    return new Secrets(Buffer.from(hkdfSync("sha256", material, "", INFO, 32)));
  }

  /** Secrets under a random key (an in-memory store: nothing outlives the process). */
  static ephemeral(): Secrets {
    return new Secrets(randomBytes(32));
  }

  /** True for a value `seal` produced. */
  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED_PREFIX);
  }

  /** `plain` encrypted and authenticated, as text. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /**
   * The clear text of a sealed value. A value that is not sealed is answered as it is: rows
   * written before sealing existed, which the store seals when it opens (Store.sealClearRows).
   * Throws when the value was sealed under another key or altered.
   */
  open(stored: string): string {
    if (!Secrets.isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }
}

/** The key file of a database file. */
export const keyFileOf = (dbPath: string) => `${dbPath}.key`;

/**
 * The store's Secrets: from `given` (the environment variable's value) when set, else from the
 * key file beside the database (created 0600 with 32 random bytes when missing), else — for
 * `:memory:` — a random key.
 */
export function loadSecrets(dbPath: string, given: string | undefined): Secrets {
  if (given !== undefined && given !== "") {
    if (given.length < MIN_MATERIAL_LENGTH) {
      throw new SecretKeyError(`${SECRET_KEY_ENV} must be at least ${MIN_MATERIAL_LENGTH} characters (e.g. \`openssl rand -base64 32\`)`);
    }
    return Secrets.fromMaterial(given);
  }
  if (dbPath === ":memory:") return Secrets.ephemeral();
  const file = keyFileOf(dbPath);
  if (!existsSync(file)) {
    try {
      // `wx`: never overwrite a key another process has just written.
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, `${randomBytes(32).toString("base64url")}\n`);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  chmodSync(file, 0o600);
  const material = readFileSync(file, "utf8").trim();
  if (material.length < MIN_MATERIAL_LENGTH) {
    throw new SecretKeyError(`the secret key file ${file} is damaged (shorter than ${MIN_MATERIAL_LENGTH} characters); restore it, or set ${SECRET_KEY_ENV}`);
  }
  return Secrets.fromMaterial(material);
}
