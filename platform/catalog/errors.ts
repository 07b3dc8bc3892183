/**
 * A request the catalog cannot answer because the caller's input is wrong
 * (an unknown version, a bad version selector). `catalogCall` (errors.ts) maps it to a 400 that
 * names `field` when given.
 */
export class CatalogError extends Error {
  override readonly name = "CatalogError";
  /** The query or body field at fault, e.g. `cursor` or `toolkit_versions`. */
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/**
 * The catalog's data files are wrong: a record does not match the `api/`
 * contract or breaks a catalog rule. Thrown at load time, naming file and field.
 */
export class CatalogDataError extends Error {
  override readonly name = "CatalogDataError";
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`invalid catalog data:\n  ${problems.join("\n  ")}`);
    this.problems = problems;
  }
}
