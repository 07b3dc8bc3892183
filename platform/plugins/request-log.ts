/**
 * The request log: records every answered request in `app.requestLog` (see request-log.ts for
 * what an entry holds). buildApp decorates the app with the log itself, at once: plugins load
 * only when the app gets ready, and callers read the log before the first request. Requests
 * whose connection was destroyed before an answer are not recorded here (chaos mode records
 * its own drops).
 *
 * Whoever authenticates a request sets `request.callerOrgId` (http/handlers.ts, routes/local.ts):
 * the entry is then its organization's (GET /_local/requests shows a caller only its own) and
 * keeps the body's field names. Of a request without a valid key nothing of the body is kept:
 * anyone can send those, as many and as large as the body limit allows.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { MAX_BODY_FIELDS, type RequestLog } from "../request-log";

/** The first MAX_BODY_FIELDS top-level field names of a JSON object body; undefined for other bodies. */
function fieldNames(body: unknown): string[] | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const names: string[] = [];
  for (const name in body) {
    if (names.length === MAX_BODY_FIELDS) break;
    names.push(name);
  }
  return names;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every request answered, for tests and /_local/requests. */
    requestLog: RequestLog;
  }
  interface FastifyRequest {
    /** The organization of the caller, once a key authenticated it (undefined before or without). */
    callerOrgId: string | undefined;
  }
  interface FastifyContextConfig {
    /** The route's name in the request log: the api/ table's name, or `_local.…` / `openapi`. */
    routeName?: string;
  }
  interface FastifyRequest {
    /** What the request did beyond its route, for the request log (an MCP request's JSON-RPC method). */
    logDetail?: string;
  }
}

async function requestLog(app: FastifyInstance): Promise<void> {
  const log = app.requestLog;
  app.decorateRequest("callerOrgId", undefined);
  app.addHook("onResponse", (request, reply, done) => {
    if (reply.statusCode !== 0 && !(request.raw.destroyed && !reply.raw.writableFinished)) {
      const orgId = request.callerOrgId;
      log.record({
        method: request.method,
        url: request.url,
        route: request.routeOptions.config?.routeName,
        status: reply.statusCode,
        elapsedMs: reply.elapsedTime,
        answeredAt: Date.now(),
        requestId: request.id,
        bodyFields: orgId !== undefined ? fieldNames(request.body) : undefined,
        orgId,
        detail: request.logDetail,
      });
    }
    done();
  });
}

export default fp(requestLog, { name: "request-log", fastify: "5.x" });
