/**
 * The request log: records every answered request in `app.requestLog` (see request-log.ts for
 * what an entry holds). buildApp decorates the app with the log itself, at once: plugins load
 * only when the app gets ready, and callers read the log before the first request. Requests
 * whose connection was destroyed before an answer are not recorded here (chaos mode records
 * its own drops).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { RequestLog } from "../request-log";

declare module "fastify" {
  interface FastifyInstance {
    /** Every request answered, for tests and /_local/requests. */
    requestLog: RequestLog;
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
  app.addHook("onResponse", (request, reply, done) => {
    if (reply.statusCode !== 0 && !(request.raw.destroyed && !reply.raw.writableFinished)) {
      const body = request.body;
      log.record({
        method: request.method,
        url: request.url,
        route: request.routeOptions.config?.routeName,
        status: reply.statusCode,
        elapsedMs: reply.elapsedTime,
        answeredAt: Date.now(),
        requestId: request.id,
        bodyFields: body !== null && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : undefined,
        detail: request.logDetail,
      });
    }
    done();
  });
}

export default fp(requestLog, { name: "request-log", fastify: "5.x" });
