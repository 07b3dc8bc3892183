/**
 * The MCP endpoint: every live MCP server's `mcp_url` (`/v3/mcp/<server id>/mcp`) speaks the
 * Model Context Protocol over the Streamable HTTP transport, with the official SDK's server.
 *
 * Before the SDK sees a request, this plugin answers what the platform decides, in its error
 * envelope: an unknown or deleted server is a 404; when the project sets
 * `require_mcp_api_key`, a request without the project's key in `x-api-key` is a 401 (checked
 * on every request, so a revoked key stops an open session); an unknown session is a 404,
 * which tells a client to initialize again.
 *
 * The endpoint is not in the api/ route table: that table holds the REST API's JSON
 * contracts, and this is a protocol endpoint whose messages the SDK validates.
 *
 * A PATCH that changes a server's `allowed_tools` or `toolkits` is announced to its open
 * sessions (`notifications/tools/list_changed`) once committed; a delete closes them.
 */
import { randomUUID } from "node:crypto";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_HEADERS, REQUEST_ID_HEADER } from "../../api";
import { authenticate, presentedKey } from "../auth";
import { ApiError, badRequest } from "../errors";
import type { PlatformContext } from "../http/handlers";
import type { McpServerRecord, Store } from "../store";
import { MCP_ENDPOINT_PATH } from "../services/mcp";
import { callerOf } from "./connections";
import { createProtocolServer } from "./protocol-server";
import { SessionRegistry, toolSelection, type McpSession } from "./sessions";
import { ToolSchemas } from "./tool-schemas";

const SESSION_HEADER = "mcp-session-id";
const METHODS = ["POST", "GET", "DELETE"] as const;

function notFound(serverId: string): ApiError {
  return new ApiError(404, "not_found", `MCP server ${JSON.stringify(serverId)} was not found`, {
    suggestedFix: "Check the URL: the server may have been deleted. Its mcp_url is in GET /api/v3/mcp/{id} of its project.",
  });
}

/**
 * The live server the request names, once the request may use it: throws the 404 or 401.
 * Read in one snapshot with the key check, like every REST request.
 */
function serverFor(store: Store, serverId: string, request: FastifyRequest): McpServerRecord {
  const server = store.mcp.getById(serverId);
  const project = server && store.projects.get(server.project_id);
  if (!server || !project) throw notFound(serverId);
  if (project.config.require_mcp_api_key) {
    const auth = authenticate(store, "apiKey", request.headers);
    if (auth.project.id !== server.project_id) {
      throw new ApiError(401, "unauthorized", `The key in ${AUTH_HEADERS.apiKey} is not a key of this MCP server's project.`, {
        suggestedFix: `This project requires its API key on MCP requests (require_mcp_api_key): send a key of the project in ${AUTH_HEADERS.apiKey}.`,
      });
    }
  }
  // The request is the server's project's: its organization sees it in /_local/requests.
  request.callerOrgId = project.org_id;
  return server;
}

/** The JSON-RPC method of a message body (and the tool a call names), for the request log. */
function describe(method: string, body: unknown): string {
  if (method === "GET") return "stream";
  if (method === "DELETE") return "end session";
  const messages = Array.isArray(body) ? body : [body];
  return messages
    .map((message) => {
      if (message === null || typeof message !== "object") return "invalid";
      const { method: rpc, params } = message as { method?: unknown; params?: { name?: unknown } };
      if (typeof rpc !== "string") return "response";
      return rpc === "tools/call" && typeof params?.name === "string" ? `${rpc} ${params.name}` : rpc;
    })
    .join(", ");
}

export default async function mcpProtocol(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  const { store } = ctx;
  const tools = new ToolSchemas(ctx.catalog);
  const sessions = new SessionRegistry();

  /** After a change is committed (or rolled back): tell sessions whose tool list moved, close those of a deleted server. */
  const announce = async (serverId: string) => {
    const server = await store.read(() => store.mcp.getById(serverId));
    if (!server) return sessions.closeServer(serverId);
    const selection = toolSelection(server);
    for (const session of sessions.ofServer(serverId)) {
      if (session.seenSelection === selection) continue;
      session.seenSelection = selection;
      await session.protocol.sendToolListChanged().catch(() => undefined);
    }
  };
  // The listener runs inside the writing transaction; the store commits its batch on the next
  // turn of the event loop (transactions.ts), and the read in `announce` waits for any open one.
  const unsubscribe = store.mcp.onServerChange((serverId) => {
    if (sessions.ofServer(serverId).length === 0) return; // nobody to tell: no read
    setImmediate(() => void announce(serverId).catch(() => undefined));
  });
  app.addHook("onClose", async () => {
    unsubscribe();
    await sessions.closeAll();
  });

  const openSession = async (server: McpServerRecord, request: FastifyRequest): Promise<McpSession> => {
    const caller = callerOf(request.url);
    const at = ctx.now().toISOString();
    // The user's instance of the server, as URL generation records it.
    await store.write(() => {
      for (const userId of caller.userIds) store.mcp.upsertInstance(server.id, userId, at);
    });
    const partial = { serverId: server.id, caller, seenSelection: toolSelection(server) };
    const protocol = createProtocolServer({ store, tools }, server, partial);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: true,
      onsessioninitialized: (id) => sessions.add(id, session),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.remove(transport.sessionId);
    };
    const session: McpSession = Object.assign(partial, { protocol, transport });
    await protocol.connect(transport);
    return session;
  };

  app.route({
    method: [...METHODS],
    url: MCP_ENDPOINT_PATH,
    config: { routeName: "mcpProtocol" },
    // Where the project requires its key (require_mcp_api_key), a request without a usable one is
    // refused before its body is read, as on the REST routes; the full check runs in the handler.
    // Without that setting the endpoint takes no key, and nothing is refused here.
    onRequest: async (request) => {
      const { serverId } = request.params as { serverId: string };
      const requiresKey = await store.read(() => {
        const server = store.mcp.getById(serverId);
        return server !== undefined && store.projects.get(server.project_id)?.config.require_mcp_api_key === true;
      });
      if (requiresKey) presentedKey("apiKey", request.headers);
    },
    handler: async (request, reply) => {
      const { serverId } = request.params as { serverId: string };
      const server = await store.read(() => serverFor(store, serverId, request));
      const sessionId = request.headers[SESSION_HEADER];
      let session: McpSession | undefined;
      if (typeof sessionId === "string") {
        session = sessions.get(sessionId);
        if (!session || session.serverId !== server.id) {
          throw new ApiError(404, "not_found", `MCP session ${JSON.stringify(sessionId)} was not found`, {
            suggestedFix: "The session ended or the platform restarted: initialize a new session (without the mcp-session-id header).",
          });
        }
      } else if (request.method === "POST" && isInitializeRequest(request.body)) {
        session = await openSession(server, request);
      } else {
        throw badRequest(`Missing ${SESSION_HEADER} header: only an initialize request may come without one.`, [
          `${SESSION_HEADER}: is required after initialize (send the id the initialize response carried)`,
        ]);
      }
      request.logDetail = describe(request.method, request.body);
      // From here the SDK writes the answer; it keeps headers set on the raw response.
      reply.hijack();
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      await session.transport.handleRequest(request.raw, reply.raw, request.body);
    },
  });
}
