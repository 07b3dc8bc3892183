/**
 * Open MCP sessions, keyed by their `mcp-session-id`. A session is one SDK server and its
 * Streamable HTTP transport, bound to one MCP server and one caller at `initialize`.
 *
 * Sessions live in memory: a restarted platform answers 404 to an old session id, which tells
 * clients to initialize again (the transport's rule). The registry is bounded, the least
 * recently used session closed first, so clients that never end their sessions cannot grow it
 * without limit.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Caller } from "./connections";

export interface McpSession {
  /** The MCP server (platform object) the session is bound to. */
  serverId: string;
  caller: Caller;
  protocol: Server;
  transport: StreamableHTTPServerTransport;
  /** The server's tool selection the client last saw (see `toolSelection`). */
  seenSelection: string;
}

/** What decides a server's tool list; a change of it is announced to open sessions. */
export function toolSelection(server: { allowed_tools: readonly string[]; toolkits: readonly string[] }): string {
  return JSON.stringify([server.allowed_tools, server.toolkits]);
}

const DEFAULT_CAPACITY = 1000;

export class SessionRegistry {
  private readonly sessions = new Map<string, McpSession>();

  constructor(readonly capacity = DEFAULT_CAPACITY) {}

  get size(): number {
    return this.sessions.size;
  }

  add(id: string, session: McpSession): void {
    while (this.sessions.size >= this.capacity) {
      const [oldestId, oldest] = this.sessions.entries().next().value as [string, McpSession];
      this.sessions.delete(oldestId);
      void close(oldest);
    }
    this.sessions.set(id, session);
  }

  /** The session, marked as most recently used. */
  get(id: string): McpSession | undefined {
    const session = this.sessions.get(id);
    if (session) {
      this.sessions.delete(id);
      this.sessions.set(id, session);
    }
    return session;
  }

  remove(id: string): void {
    this.sessions.delete(id);
  }

  ofServer(serverId: string): McpSession[] {
    return [...this.sessions.values()].filter((session) => session.serverId === serverId);
  }

  /** Closes the server's sessions (it was deleted): their open streams end. */
  async closeServer(serverId: string): Promise<void> {
    await Promise.all(this.ofServer(serverId).map(close));
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map(close));
  }
}

async function close(session: McpSession): Promise<void> {
  // Closing the server closes its transport, whose onclose removes the session.
  await session.protocol.close().catch(() => undefined);
}
