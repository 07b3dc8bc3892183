/**
 * The request log: every request the app answered, for tests and /_local/requests, in bounded
 * memory. A request can carry up to the body limit in field names and 16 KB of path, and callers
 * without a key can send as many as they like, so what one entry keeps is capped (a path of at
 * most MAX_PATH_LENGTH characters, at most MAX_BODY_FIELDS field names of at most
 * MAX_FIELD_NAME_LENGTH characters each, only for callers that authenticated) and so is the
 * whole log: at most `capacity` entries and `maxBytes` bytes, oldest dropped first.
 */

export interface RequestLogEntry {
  method: string;
  /** Path without the query string (cut at MAX_PATH_LENGTH characters). */
  path: string;
  /** The route table name (`createMcpServer`), a `_local` name, or undefined for unknown routes. */
  route: string | undefined;
  status: number;
  durationMs: number;
  /** ISO time the request arrived. */
  at: string;
  requestId: string;
  /**
   * Names of the top-level fields of a JSON object body (never their values), e.g. to check a
   * PATCH sent only what changed; only for a caller that authenticated, at most MAX_BODY_FIELDS.
   */
  bodyFields?: string[];
  /** What the request did beyond its route: an MCP request's JSON-RPC method, with the tool of a call (`tools/call GITHUB_CREATE_ISSUE`). */
  detail?: string;
}

export interface RequestLogFilter {
  method?: string;
  path?: string | RegExp;
  route?: string;
  status?: number;
  /** Only requests of a caller that authenticated as (a project of) this organization. */
  orgId?: string;
}

/** Field names kept per entry, and characters kept per name and per path. */
export const MAX_BODY_FIELDS = 64;
export const MAX_FIELD_NAME_LENGTH = 64;
export const MAX_PATH_LENGTH = 512;
/** The longest `detail` kept (an MCP tool's name comes from the caller). */
export const MAX_DETAIL_LENGTH = 256;
/** Defaults of the log's bounds. */
export const DEFAULT_CAPACITY = 10_000;
export const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * An answered request as the app records it, turned into a RequestLogEntry only when read
 * (the log is written on every request and read rarely).
 */
export interface AnsweredRequest {
  method: string;
  /** The request's URL, query string included (only its path is kept). */
  url: string;
  route: string | undefined;
  status: number;
  elapsedMs: number;
  /** Date.now() when answered. */
  answeredAt: number;
  requestId: string;
  /** The body's top-level field names; pass them only for a caller that authenticated. */
  bodyFields: string[] | undefined;
  /** What the request did beyond its route (RequestLogEntry.detail); cut at MAX_DETAIL_LENGTH. */
  detail?: string | undefined;
  /** The organization of the caller that authenticated, if any. */
  orgId?: string | undefined;
}

/** An AnsweredRequest as the log keeps it: its path (cut) in place of its URL, its body fields and detail cut. */
interface Kept extends Omit<AnsweredRequest, "url"> {
  path: string;
  detail: string | undefined;
  orgId: string | undefined;
  /** What the entry costs, roughly: two bytes a character plus the objects' overhead. */
  bytes: number;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A caller's body fields as the log keeps them: the first MAX_BODY_FIELDS names, each cut. */
export function keptBodyFields(names: readonly string[]): string[] {
  const kept: string[] = [];
  for (const name of names) {
    if (kept.length === MAX_BODY_FIELDS) break;
    kept.push(cut(name, MAX_FIELD_NAME_LENGTH));
  }
  return kept;
}

function keep(answered: AnsweredRequest): Kept {
  const path = cut(answered.url.split("?", 1)[0] ?? "", MAX_PATH_LENGTH);
  const bodyFields = answered.bodyFields ? keptBodyFields(answered.bodyFields) : undefined;
  const detail = answered.detail === undefined ? undefined : cut(answered.detail, MAX_DETAIL_LENGTH);
  let chars = answered.method.length + path.length + (answered.route?.length ?? 0) + answered.requestId.length + (answered.orgId?.length ?? 0) + (detail?.length ?? 0);
  for (const name of bodyFields ?? []) chars += name.length + 8;
  return {
    method: answered.method,
    path,
    route: answered.route,
    status: answered.status,
    elapsedMs: answered.elapsedMs,
    answeredAt: answered.answeredAt,
    requestId: answered.requestId,
    bodyFields,
    detail,
    orgId: answered.orgId,
    bytes: 200 + 2 * chars,
  };
}

function toEntry(kept: Kept): RequestLogEntry {
  return {
    ...(kept.bodyFields ? { bodyFields: kept.bodyFields } : {}),
    method: kept.method,
    path: kept.path,
    route: kept.route,
    status: kept.status,
    durationMs: Math.round(kept.elapsedMs * 100) / 100,
    at: new Date(kept.answeredAt - kept.elapsedMs).toISOString(),
    requestId: kept.requestId,
    ...(kept.detail !== undefined ? { detail: kept.detail } : {}),
  };
}

export class RequestLog {
  /** Oldest first from `head`; the slots before it are dropped entries awaiting compaction. */
  private kept: Kept[] = [];
  private head = 0;
  private totalBytes = 0;

  constructor(
    readonly capacity = DEFAULT_CAPACITY,
    readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  record(answered: AnsweredRequest): void {
    const entry = keep(answered);
    this.kept.push(entry);
    this.totalBytes += entry.bytes;
    while (this.kept.length - this.head > this.capacity || (this.totalBytes > this.maxBytes && this.kept.length - this.head > 1)) {
      this.totalBytes -= this.kept[this.head]!.bytes;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.kept.length) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
  }

  /** Bytes the kept entries cost (roughly); never above `maxBytes` but for a single entry. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** Oldest first. */
  entries(filter?: RequestLogFilter): RequestLogEntry[] {
    const live = this.kept.slice(this.head);
    return (filter ? live.filter((kept) => matches(kept, filter)) : live).map(toEntry);
  }

  count(filter?: RequestLogFilter): number {
    return this.entries(filter).length;
  }

  /** Forgets the entries `filter` matches (all without one); answers how many. */
  clear(filter?: RequestLogFilter): number {
    const live = this.kept.slice(this.head);
    const stay = filter ? live.filter((kept) => !matches(kept, filter)) : [];
    this.kept = stay;
    this.head = 0;
    this.totalBytes = stay.reduce((sum, kept) => sum + kept.bytes, 0);
    return live.length - stay.length;
  }
}

function matches(kept: Kept, filter: RequestLogFilter): boolean {
  if (filter.method !== undefined && kept.method !== filter.method.toUpperCase()) return false;
  if (filter.route !== undefined && kept.route !== filter.route) return false;
  if (filter.status !== undefined && kept.status !== filter.status) return false;
  if (filter.orgId !== undefined && kept.orgId !== filter.orgId) return false;
  if (filter.path !== undefined) {
    if (typeof filter.path === "string" ? kept.path !== filter.path : !filter.path.test(kept.path)) return false;
  }
  return true;
}
