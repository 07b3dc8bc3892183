/**
 * Rows into records, column by name. Each store declares its record once as a `RowSchema`: one
 * reader per field, named as the column of the SELECT (aliases included), so a record field
 * without a column reader does not compile. The reader copies the named columns into a fresh
 * object: cheaper than spreading node:sqlite's row objects (null-prototype, dictionary mode),
 * and every record of a kind gets one shape, which the serialization of the answer profits
 * from. Lists read rows as arrays (Db.arrays), cheaper still, by the statement's column names.
 */
import type { ArrayStatement } from "./db";
import type { SQLInputValue } from "node:sqlite";
import { bool, fromJson } from "./json";
import type { Secrets } from "./secrets";

export type ColumnReader<T> = (value: unknown) => T;

export const text: ColumnReader<string> = (value) => value as string;
export const nullableText: ColumnReader<string | null> = (value) => (value ?? null) as string | null;
/** An INTEGER 0/1 column. */
export const flag: ColumnReader<boolean> = bool;
/** An INTEGER column (node:sqlite may answer a bigint). */
export const integer: ColumnReader<number> = (value) => Number(value);
/** A JSON text column; `fallback` when it is not JSON. */
export const json = <T>(fallback: T): ColumnReader<T> => (value) => fromJson(value, fallback);

/** The same reader for several columns: `...columns(text, "id", "name")`. */
export function columns<T, const N extends string>(read: ColumnReader<T>, ...names: N[]): { readonly [K in N]: ColumnReader<T> } {
  return Object.fromEntries(names.map((name) => [name, read])) as { [K in N]: ColumnReader<T> };
}
/** A TEXT column sealed at rest (secrets.ts), opened; NULL stays null. */
export const sealedText = (secrets: Secrets): ColumnReader<string | null> => (value) =>
  typeof value === "string" ? secrets.open(value) : null;
/** A JSON text column sealed at rest, opened and parsed; `fallback` when it is not JSON. */
export const sealedJson = <T>(secrets: Secrets, fallback: T): ColumnReader<T> => (value) =>
  fromJson(typeof value === "string" ? secrets.open(value) : value, fallback);

/** A reader for every field of `R`, under the field's column name. */
export type RowSchema<R> = { readonly [K in keyof R]-?: ColumnReader<R[K]> };

export interface RowReader<R> {
  /** A row object into a record; no row, no record. */
  (row: Record<string, unknown> | undefined): R | undefined;
  /** Every row of an array statement into records, each field from the column of its name. */
  all(statement: ArrayStatement, ...params: SQLInputValue[]): R[];
}

export function rowReader<R>(schema: RowSchema<R>): RowReader<R> {
  const names = Object.keys(schema);
  const readers = Object.values(schema) as ColumnReader<unknown>[];
  const read = (row: Record<string, unknown> | undefined): R | undefined => {
    if (!row) return undefined;
    const record: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) record[names[i]!] = readers[i]!(row[names[i]!]);
    return record as R;
  };
  // Where each field stands in an array statement's rows, by statement (its columns never change).
  const positions = new WeakMap<ArrayStatement, number[]>();
  const all = (statement: ArrayStatement, ...params: SQLInputValue[]): R[] => {
    const rows = statement.all(...params);
    if (!rows.length) return [];
    let at = positions.get(statement);
    if (!at) {
      at = names.map((name) => {
        const index = statement.columns.indexOf(name);
        if (index < 0) throw new Error(`the statement has no column ${name} (columns: ${statement.columns.join(", ")})`);
        return index;
      });
      positions.set(statement, at);
    }
    const where = at;
    return rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) record[names[i]!] = readers[i]!(row[where[i]!]);
      return record as R;
    });
  };
  return Object.assign(read, { all });
}
