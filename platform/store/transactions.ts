/**
 * The transactions of the store's one connection.
 *
 * - A request's reads run in one snapshot (`read`): one read transaction instead of one per
 *   statement. On a WAL file every statement outside a transaction takes and drops SQLite's
 *   shared-memory read lock (≈ 8 µs each, more than most of our queries), and the statements
 *   of one answer (a page and its COUNT, the key and what it reads) see the same data.
 * - Requests' writes are group-committed (`write`). A write arriving while a batch is open
 *   runs in its own SAVEPOINT inside the batch's transaction (a write that fails rolls back
 *   only itself); the batch commits once, after the current turn of the event loop. With
 *   `synchronous = FULL` a commit is an fsync of the WAL, by far the costliest part of a
 *   write: concurrent writes share one instead of queueing for one each.
 * - Nothing is acknowledged before it is durable: `write` settles only when its batch has
 *   committed, and a read that ran inside an open batch (and so may have seen its rows)
 *   settles only then too. When the commit fails, every request of the batch fails with it.
 * - `transaction` is the synchronous form for code outside requests (bootstrap, the local
 *   admin routes, tests): it commits the open batch first, then runs in a transaction of its own.
 */
import type { Db } from "./db";

interface Batch {
  readonly committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Settled whether or not a request still waits on it (a failed write's does not).
  committed.catch(() => undefined);
  return { committed, resolve, reject };
}

export class Transactions {
  /** > 0 while a function runs inside a transaction; nested calls join it. */
  private depth = 0;
  private batch: Batch | undefined;

  constructor(private readonly db: Db) {}

  /** True while writes wait for their batch's commit. */
  get pending(): boolean {
    return this.batch !== undefined;
  }

  /** Runs `fn` in a transaction committed before returning; nested calls join the outer one. */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return this.nested(fn);
    this.flush();
    return this.inTransaction("BEGIN IMMEDIATE", fn);
  }

  /**
   * Runs a request's writes; resolves to what `fn` returned once its batch is committed.
   * Throws what `fn` throws, its changes undone.
   */
  write<T>(fn: () => T): Promise<T> {
    if (this.depth > 0) return Promise.resolve(this.nested(fn));
    const batch = this.openBatch();
    const result = this.inSavepoint(fn);
    return batch.committed.then(() => result);
  }

  /** Runs a request's reads on one snapshot; resolves once everything they may have seen is durable. */
  read<T>(fn: () => T): Promise<T> {
    if (this.depth > 0) return Promise.resolve(this.nested(fn));
    const batch = this.batch;
    if (!batch) return Promise.resolve(this.inTransaction("BEGIN", fn));
    const result = this.inSavepoint(fn);
    return batch.committed.then(() => result);
  }

  /** Commits the open batch now, settling its requests (also run after each turn of the event loop). */
  flush(): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = undefined;
    try {
      this.db.stmt("COMMIT").run();
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      batch.reject(error);
      return;
    }
    batch.resolve();
  }

  private openBatch(): Batch {
    if (this.batch) return this.batch;
    this.db.stmt("BEGIN IMMEDIATE").run();
    const batch = newBatch();
    this.batch = batch;
    setImmediate(() => {
      if (this.batch === batch) this.flush();
    });
    return batch;
  }

  /** `fn` in a transaction of its own, committed if it returns and rolled back if it throws. */
  private inTransaction<T>(begin: string, fn: () => T): T {
    this.db.stmt(begin).run();
    try {
      const result = this.outermost(fn);
      this.db.stmt("COMMIT").run();
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      throw error;
    }
  }

  /** `fn` in a SAVEPOINT of the open batch: a throw undoes its own changes only. */
  private inSavepoint<T>(fn: () => T): T {
    this.db.stmt("SAVEPOINT request").run();
    try {
      const result = this.outermost(fn);
      this.db.stmt("RELEASE request").run();
      return result;
    } catch (error) {
      if (this.db.isTransaction) {
        this.db.stmt("ROLLBACK TO request").run();
        this.db.stmt("RELEASE request").run();
      } else {
        // SQLite rolled the whole transaction back (a full disk, an I/O error): the batch is lost.
        const batch = this.batch;
        this.batch = undefined;
        batch?.reject(error);
      }
      throw error;
    }
  }

  private outermost<T>(fn: () => T): T {
    this.depth = 1;
    try {
      const result = fn();
      if (result instanceof Promise) throw new Error("store transactions take synchronous functions");
      return result;
    } finally {
      this.depth = 0;
    }
  }

  private nested<T>(fn: () => T): T {
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }
}
