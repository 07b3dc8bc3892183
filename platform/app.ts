/**
 * The Fastify application of the local platform: a list of registrations. Cross-cutting
 * concerns are plugins (plugins/), registered before the routes so that their hooks see every
 * request; the routes are the api/ table's (http/handlers.ts with routes/index.ts), the OpenAPI
 * document and the local admin surface. `buildApp` returns an instance that is not listening,
 * so tests make as many as they need and call `app.inject()`; `startPlatform` (index.ts) listens.
 */
import Fastify, { type FastifyInstance } from "fastify";
import type { Catalog } from "./catalog";
import type { ChaosOptions } from "./chaos";
import apiRoutes, { type PlatformContext } from "./http/handlers";
import { redactedRequest } from "./http/log-redaction";
import { parseQueryString } from "./http/querystring";
import chaos from "./plugins/chaos";
import errorEnvelope, { clientError, MAX_PARAM_LENGTH, routerError } from "./plugins/error-envelope";
import jsonBody from "./plugins/json-body";
import methodNotAllowed from "./plugins/method-not-allowed";
import notFound from "./plugins/not-found";
import rateLimit, { type RateLimitOptions } from "./plugins/rate-limit";
import requestId from "./plugins/request-id";
import requestLog from "./plugins/request-log";
import webhookDispatcher from "./plugins/webhook-dispatcher";
import { RequestLog } from "./request-log";
import { handlers } from "./routes";
import mcpProtocol from "./mcp-protocol/plugin";
import { publicOrigin } from "./public-origin";
import localRoutes from "./routes/local";
import localEventRoutes from "./routes/local-events";
import openApiRoutes from "./routes/openapi";
import type { Store } from "./store";
import { WebhookDispatcher, type WebhookDeliveryOptions } from "./services/webhook-delivery";

export interface BuildAppOptions {
  store: Store;
  catalog: Catalog;
  /** Fastify's pino logger on stderr (default off); secret-looking query values are redacted (http/log-redaction.ts). */
  logger?: boolean;
  /** Where the logger writes (default stderr). */
  logStream?: NodeJS.WritableStream;
  chaos?: ChaosOptions;
  /** A request rate limit per API key (off when unset); see plugins/rate-limit.ts. */
  rateLimit?: RateLimitOptions;
  /** Clock for timestamps (tests). */
  now?: () => Date;
  /** Base URL for URLs the platform hands out (mcp_url, redirect_url); the bound address when unset. */
  publicUrl?: string;
  /** Maximum request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * Milliseconds a client has to send a whole request, headers and body (default 30 s); a slower
   * one gets a 408 and its connection is closed. Also how long a connection may sit idle.
   */
  requestTimeoutMs?: number;
  /** Connections served at once (default 1024); the server closes any beyond at once. */
  maxConnections?: number;
  /** Entries kept by the request log (default 10000). */
  requestLogCapacity?: number;
  /** The most characters an answer of API v3 may have (default 8 Mi; tests lower it). */
  maxAnswerLength?: number;
  /** Bytes the request log may hold, roughly (default 8 MiB); the oldest entries go first. */
  requestLogMaxBytes?: number;
  /**
   * Check every answer against the route's response schema, answering 500 when it does not
   * match. A test of the platform's own code, not of requests: costs ≈ 10 % of a list request,
   * so it is on by default only under vitest (`VITEST` set, also in servers tests start as child
   * processes) or when `INTEGRATION_PLATFORM_VALIDATE_RESPONSES=1`.
   */
  validateResponses?: boolean;
  /** Retries and time limit of webhook deliveries (tests shorten the waits). */
  webhookDelivery?: WebhookDeliveryOptions;
}

/** The default of `validateResponses`: on in tests, off when serving. */
export function validateResponsesByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VITEST !== undefined || env.INTEGRATION_PLATFORM_VALIDATE_RESPONSES === "1";
}

declare module "fastify" {
  interface FastifyInstance {
    /** Base URL for handed-out URLs; set by startPlatform once the port is known. */
    publicUrl: string | undefined;
  }
}

/** Defaults of the time and connection limits (see BuildAppOptions). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 1024;

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ? { level: "info", stream: options.logStream ?? process.stderr, serializers: { req: redactedRequest } } : false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerError,
    return503OnClosing: true,
    forceCloseConnections: true,
    // Slow headers and slow bodies (one byte at a time) are cut after the request timeout, idle
    // sockets too; node checks its connections every `connectionsCheckingInterval` (30 s unless
    // told), so the check runs often enough for the timeout to hold within a second.
    requestTimeout,
    connectionTimeout: requestTimeout,
    http: {
      // Not redundant with the top-level key (which Fastify sets on the server after creating it):
      // node's constructor refuses a headersTimeout above its own requestTimeout (5 min by default).
      requestTimeout,
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(requestTimeout / 4))),
    },
    clientErrorHandler: clientError,
  });
  app.server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  app.decorate("publicUrl", options.publicUrl);
  app.decorate("requestLog", new RequestLog(options.requestLogCapacity, options.requestLogMaxBytes));

  const ctx: PlatformContext = {
    store: options.store,
    catalog: options.catalog,
    now: options.now ?? (() => new Date()),
    // Never from the request (its Host header is the caller's to choose): see public-origin.ts.
    origin: () => publicOrigin(app),
    validateResponses: options.validateResponses ?? validateResponsesByDefault(),
    webhooks: new WebhookDispatcher(options.store, options.webhookDelivery),
    ...(options.maxAnswerLength !== undefined ? { maxAnswerLength: options.maxAnswerLength } : {}),
  };

  // Cross-cutting plugins, in the order their hooks run on a request.
  app.register(errorEnvelope, { logger: options.logger });
  app.register(requestId);
  app.register(requestLog);
  if (options.rateLimit) app.register(rateLimit, options.rateLimit);
  app.register(jsonBody);
  app.register(chaos, { chaos: options.chaos });
  app.register(methodNotAllowed);
  app.register(notFound);
  app.register(webhookDispatcher, { dispatcher: ctx.webhooks });

  // Routes: every route of the api/ table with its handler, the MCP endpoint, the OpenAPI document,
  // the local admin surface and its event firing.
  app.register(apiRoutes, { ...ctx, handlers });
  app.register(mcpProtocol, ctx);
  app.register(openApiRoutes, ctx);
  app.register(localRoutes, ctx);
  app.register(localEventRoutes, ctx);

  return app;
}
