/**
 * The base of the stores whose tables hold sealed columns (secrets.ts): each reads its rows with a
 * reader that unseals through the store's Secrets, and seals what it writes with the same Secrets.
 */
import type { Db } from "./db";
import type { RowReader } from "./rows";
import type { Secrets } from "./secrets";

export abstract class SealedStore<R> {
  /** One row of the store's table as its record, sealed columns opened. */
  protected readonly toRecord: RowReader<R>;

  protected constructor(
    protected readonly db: Db,
    protected readonly secrets: Secrets,
    readerFor: (secrets: Secrets) => RowReader<R>,
  ) {
    this.toRecord = readerFor(secrets);
  }
}
