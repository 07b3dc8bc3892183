/** Types of the client's surface, all derived from the route table in `api/routes.ts`. */

/** Options every method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the call (including retries and the waits between them): `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Time limit of each attempt in milliseconds; defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Retries of this call; defaults to the client's `maxRetries`. */
  maxRetries?: number;
  /** Idempotency-Key of a create (default: a random one per call). Reuse one to make a repeat of your own safe. */
  idempotencyKey?: string;
  /** Called when the platform answered from its record of an earlier request with the same Idempotency-Key. */
  onReplayed?: () => void;
}

/** The element type of an array type. */
export type ItemOf<T> = T extends readonly (infer I)[] ? I : never;
