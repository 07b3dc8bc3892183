/**
 * The Fastify application of the local platform. `buildApp` returns an
 * instance that is not listening, so tests make as many as they need and call
 * `app.inject()`; `startPlatform` (index.ts) listens.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { REQUEST_ID_HEADER, routes, type RouteName } from "../api";
import type { Catalog } from "./catalog";
import { Chaos, isChaosActive, type ChaosOptions } from "./chaos";
import { ApiError, envelope, type ErrorSlug } from "./errors";
import type { PlatformContext } from "./http/define";
import rateLimit, { type RateLimitOptions } from "./http/rate-limit";
import { parseQueryString } from "./http/querystring";
import { newId } from "./ids";
import { AnsweredRequest, RequestLog } from "./request-log";
import authConfigRoutes from "./routes/auth-configs";
import configRoutes from "./routes/config";
import connectedAccountRoutes from "./routes/connected-accounts";
import localRoutes from "./routes/local";
import mcpRoutes from "./routes/mcp";
import migrationRoutes from "./routes/migration";
import openApiRoutes, { OPENAPI_PATH } from "./routes/openapi";
import projectRoutes from "./routes/projects";
import toolRouterRoutes from "./routes/tool-router";
import toolkitRoutes from "./routes/toolkits";
import triggerRoutes from "./routes/triggers";
import type { Store } from "./store";

export interface BuildAppOptions {
  store: Store;
  catalog: Catalog;
  /** Fastify's pino logger on stderr (default off). */
  logger?: boolean;
  chaos?: ChaosOptions;
  /** A request rate limit per API key (off when unset); see http/rate-limit.ts. */
  rateLimit?: RateLimitOptions;
  /** Clock for timestamps (tests). */
  now?: () => Date;
  /** Base URL for URLs the platform hands out (mcp_url, redirect_url); the request's origin when unset. */
  publicUrl?: string;
  /** Maximum request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Entries kept by the request log (default 10000). */
  requestLogCapacity?: number;
  /**
   * Check every answer against the route's response schema, answering 500 when it does not
   * match. A test of the platform's own code, not of requests: costs ≈ 10 % of a list request,
   * so it is on by default only under vitest (`VITEST` set, also in servers tests start as child
   * processes) or when `INTEGRATION_PLATFORM_VALIDATE_RESPONSES=1`.
   */
  validateResponses?: boolean;
}

/** The default of `validateResponses`: on in tests, off when serving. */
export function validateResponsesByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VITEST !== undefined || env.INTEGRATION_PLATFORM_VALIDATE_RESPONSES === "1";
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every request answered, for tests and /_local/requests. */
    requestLog: RequestLog;
    /** Base URL for handed-out URLs; set by startPlatform once the port is known. */
    publicUrl: string | undefined;
  }
  interface FastifyContextConfig {
    routeName?: string;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const MAX_PARAM_LENGTH = 2048;

function slugForStatus(status: number): ErrorSlug {
  switch (status) {
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 503:
      return "service_unavailable";
    default:
      return status >= 500 ? "internal_error" : "validation_error";
  }
}

/** Fastify's own 4xx errors (bad JSON, body too large, bad media type) in our envelope. */
function fromFastifyError(error: FastifyError): ApiError | undefined {
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return undefined;
  let message = error.message;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") message = "The request body is larger than the platform accepts.";
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") message = "Unsupported content type: send application/json.";
  const slug = slugForStatus(status);
  return new ApiError(status, slug, message, slug === "validation_error" ? { errors: [`body: ${message}`] } : {});
}

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ? { level: "info", stream: process.stderr } : false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : newId("req");
    },
    // Path parameters carry user ids (MCP instances), which may be long; the router's default limit is 100.
    routerOptions: { querystringParser: (text) => parseQueryString(text), ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals (a malformed %-escape in the path, a parameter over the limit) bypass
    // the error handler; answer them with the envelope too.
    frameworkErrors: (error, request, reply) => {
      const message =
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`
          : "The URL path is not valid: it has a malformed %-escape.";
      const apiError = new ApiError(400, "validation_error", message, { errors: [`path: ${message}`] });
      (reply as FastifyReply).code(400).header(REQUEST_ID_HEADER, request.id).send(envelope(apiError, request.id));
    },
    return503OnClosing: true,
    forceCloseConnections: true,
  });

  const requestLog = new RequestLog(options.requestLogCapacity);
  app.decorate("requestLog", requestLog);
  app.decorate("publicUrl", options.publicUrl);

  const ctx: PlatformContext = {
    store: options.store,
    catalog: options.catalog,
    now: options.now ?? (() => new Date()),
    origin: (request) => (app.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, ""),
    registered: new Set<RouteName>(),
    known: [],
    validateResponses: options.validateResponses ?? validateResponsesByDefault(),
  };

  // JSON bodies: an empty body is "no body" (clients send DELETE with a content type);
  // prototype keys are dropped.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, text, done) => {
    const source = typeof text === "string" ? text : text.toString("utf8");
    if (source.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(source, (key, value) => (key === "__proto__" ? undefined : value)));
    } catch {
      done(new ApiError(400, "validation_error", "The request body is not valid JSON.", { errors: ["body: is not valid JSON"] }), undefined);
    }
  });

  // Hooks on every request take a callback, not a promise: one microtask less each.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  if (options.rateLimit) app.register(rateLimit, options.rateLimit);

  const chaos = isChaosActive(options.chaos) ? new Chaos(options.chaos) : undefined;
  if (chaos) {
    app.addHook("onRequest", async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (!path.startsWith("/api/v3/") || path === OPENAPI_PATH) return;
      if (chaos.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, chaos.latencyMs));
      const fault = chaos.draw();
      if (fault === "429") {
        throw new ApiError(429, "rate_limited", "Rate limit exceeded (injected by chaos mode).", {
          headers: { "retry-after": String(chaos.retryAfter) },
        });
      }
      if (fault === "503") {
        throw new ApiError(503, "service_unavailable", "The service is temporarily unavailable (injected by chaos mode).", {
          headers: { "retry-after": String(chaos.retryAfter) },
        });
      }
      if (fault === "drop") {
        requestLog.record({
          method: request.method,
          path,
          route: request.routeOptions.config?.routeName,
          status: 0,
          durationMs: 0,
          at: new Date().toISOString(),
          requestId: request.id,
        });
        reply.hijack();
        request.raw.socket?.destroy();
        reply.raw.destroy();
      }
    });
  }

  app.addHook("onResponse", (request, reply, done) => {
    if (reply.statusCode !== 0 && !(request.raw.destroyed && !reply.raw.writableFinished)) {
      const body = request.body;
      const bodyFields = body !== null && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : undefined;
      requestLog.record(
        new AnsweredRequest(
          request.method,
          request.url,
          request.routeOptions.config?.routeName,
          reply.statusCode,
          reply.elapsedTime,
          Date.now(),
          request.id,
          bodyFields,
        ),
      );
    }
    done();
  });

  const sendError = (error: ApiError, request: FastifyRequest, reply: FastifyReply) => {
    reply.code(error.status).header(REQUEST_ID_HEADER, request.id);
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return reply.send(envelope(error, request.id));
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(error, request, reply);
    const mapped = fromFastifyError(error);
    if (mapped) return sendError(mapped, request, reply);
    request.log.error({ err: error }, "unexpected error");
    if (!options.logger) process.stderr.write(`[integration-platform] unexpected error in ${request.method} ${request.url.split("?")[0]}: ${error.stack ?? error.message}\n`);
    return sendError(new ApiError(500, "internal_error", "An unexpected error occurred."), request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const allowed = [...new Set(ctx.known.filter((route) => route.pattern.test(path)).map((route) => route.method))];
    if (allowed.length) {
      return sendError(
        new ApiError(405, "method_not_allowed", `${request.method} is not allowed on ${path}; use ${allowed.join(", ")}.`, {
          headers: { allow: allowed.join(", ") },
        }),
        request,
        reply,
      );
    }
    return sendError(
      new ApiError(404, "not_found", `No route ${request.method} ${path}.`, {
        suggestedFix: `See ${OPENAPI_PATH} for the routes of API v3.`,
      }),
      request,
      reply,
    );
  });

  // One plugin per route group, each registering its routes from the api/ route table.
  app.register(projectRoutes, ctx);
  app.register(configRoutes, ctx);
  app.register(authConfigRoutes, ctx);
  app.register(toolkitRoutes, ctx);
  app.register(connectedAccountRoutes, ctx);
  app.register(mcpRoutes, ctx);
  app.register(toolRouterRoutes, ctx);
  app.register(triggerRoutes, ctx);
  app.register(migrationRoutes, ctx);
  app.register(openApiRoutes, ctx);
  app.register(localRoutes, { ...ctx, requestLog });

  app.addHook("onReady", async () => assertAllRoutesRegistered(ctx.registered));

  return app;
}

/** Every route of api/routes.ts must be registered exactly once (duplicates throw when registered). */
export function assertAllRoutesRegistered(registered: ReadonlySet<string>): void {
  const missing = (Object.keys(routes) as RouteName[]).filter((name) => !registered.has(name));
  if (missing.length) throw new Error(`routes of the api/ table not registered: ${missing.join(", ")}`);
}
