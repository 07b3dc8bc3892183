/**
 * Idempotency-Keys of creates, derived from what identifies the operation, so
 * that a create interrupted at any point (a killed `pulumi up`) and run again
 * gets the first answer replayed by the platform instead of a second object.
 *
 * A dynamic provider's `create` is not told the resource's URN, so the
 * resource class passes its identity (project, stack, type, name) as the
 * hidden input `__identity`. The key is a hash of that identity and the create
 * body (the platform refuses a key reused with another body). Two cases must
 * still make a new object:
 * - the replayed object has since been deleted (a destroy, or a delete out of
 *   band, then `up` again within the platform's 24-hour memory of keys): the
 *   next key also hashes the id of the object found gone;
 * - a replacement (`pulumi up --replace`, or a key of another project): the
 *   resource is in the state, which `check` learns from its old inputs; the
 *   key is then random, never a replay of the object being replaced.
 */
import { createHash } from "node:crypto";

/** The hidden input carrying the resource's identity; not a field of any table. */
export const IDENTITY_INPUT = "__identity";

/** `<project>/<stack>/<type>/<name>`: unique per resource of a stack (parents are not part of it). */
export function identityOf(project: string, stack: string, type: string, name: string): string {
  return [project, stack, type, name].join("/");
}

/**
 * Identities whose resource the state already holds, as `check` saw them in
 * this provider process (the engine checks every resource before it creates
 * any): a create of one of them is a replacement.
 */
const inState = new Set<string>();

/** Called by `check`: `olds` are the inputs recorded in the state, empty for a new resource. */
export function noteChecked(olds: object, news: object): void {
  const identity = identityIn(news);
  if (identity && Object.keys(olds).length > 0) inState.add(identity);
}

function identityIn(inputs: object): string | undefined {
  const value = (inputs as Record<string, unknown>)[IDENTITY_INPUT];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The Idempotency-Key of a create of `inputs` (body: what is sent), or
 * undefined for a random one (no identity, or a replacement). `gone` lists the
 * ids that earlier keys of the same create replayed but that no longer exist.
 */
export function createKey(type: string, inputs: object, body: unknown, gone: readonly string[]): string | undefined {
  const identity = identityIn(inputs);
  if (!identity || inState.has(identity)) return undefined;
  const hash = createHash("sha256").update(JSON.stringify([type, identity, body, gone])).digest("base64url");
  return `create_${hash}`;
}

/** Replays of deleted objects followed at most (each is one destroy-and-up within a day). */
export const MAX_GONE_REPLAYS = 50;
