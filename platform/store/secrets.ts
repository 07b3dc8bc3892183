/**
 * The one place where the store writes and reads secret columns: auth config credentials and
 * shared credentials, and the project's webhook signing secret. Today the text is kept as
 * given, like the rest of the database file; encrypting secrets at rest means changing these
 * two functions (and migrating existing rows), not the stores that call them.
 */
export function sealSecret(plain: string): string {
  return plain;
}

export function openSecret(stored: unknown): string | null {
  return typeof stored === "string" ? stored : null;
}
