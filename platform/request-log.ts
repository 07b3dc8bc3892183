/** The request log: every request the app answered, in a bounded ring buffer, for tests and /_local/requests. */

export interface RequestLogEntry {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The route table name (`createMcpServer`), a `_local` name, or undefined for unknown routes. */
  route: string | undefined;
  status: number;
  durationMs: number;
  /** ISO time the request arrived. */
  at: string;
  requestId: string;
  /** Names of the top-level fields of a JSON object body (never their values), e.g. to check a PATCH sent only what changed. */
  bodyFields?: string[];
  /** What the request did beyond its route: an MCP request's JSON-RPC method, with the tool of a call (`tools/call GITHUB_CREATE_ISSUE`). */
  detail?: string;
}

export interface RequestLogFilter {
  method?: string;
  path?: string | RegExp;
  route?: string;
  status?: number;
}

/**
 * An answered request as the app records it, turned into a RequestLogEntry only when read
 * (the log is written on every request and read rarely).
 */
export interface AnsweredRequest {
  method: string;
  /** The request's URL, query string included. */
  url: string;
  route: string | undefined;
  status: number;
  elapsedMs: number;
  /** Date.now() when answered. */
  answeredAt: number;
  requestId: string;
  bodyFields: string[] | undefined;
  detail?: string;
}

function toEntry(answered: AnsweredRequest): RequestLogEntry {
  return {
    ...(answered.bodyFields ? { bodyFields: answered.bodyFields } : {}),
    method: answered.method,
    path: answered.url.split("?")[0] ?? "",
    route: answered.route,
    status: answered.status,
    durationMs: Math.round(answered.elapsedMs * 100) / 100,
    at: new Date(answered.answeredAt - answered.elapsedMs).toISOString(),
    requestId: answered.requestId,
    ...(answered.detail !== undefined ? { detail: answered.detail } : {}),
  };
}

export class RequestLog {
  private readonly buffer: AnsweredRequest[] = [];
  private start = 0;

  constructor(readonly capacity = 10_000) {}

  record(entry: AnsweredRequest): void {
    if (this.buffer.length < this.capacity) {
      this.buffer.push(entry);
    } else {
      this.buffer[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Oldest first. */
  entries(filter?: RequestLogFilter): RequestLogEntry[] {
    const ordered = [...this.buffer.slice(this.start), ...this.buffer.slice(0, this.start)].map(toEntry);
    return filter ? ordered.filter((entry) => matches(entry, filter)) : ordered;
  }

  count(filter?: RequestLogFilter): number {
    return this.entries(filter).length;
  }

  clear(): void {
    this.buffer.length = 0;
    this.start = 0;
  }
}

function matches(entry: RequestLogEntry, filter: RequestLogFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.route !== undefined && entry.route !== filter.route) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.path !== undefined) {
    if (typeof filter.path === "string" ? entry.path !== filter.path : !filter.path.test(entry.path)) return false;
  }
  return true;
}
