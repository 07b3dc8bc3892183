/**
 * The routes of API v3, registered from the api/ route table. `RouteHandlers` maps every route
 * name of the table to its handler, so a route without a handler does not compile (like
 * ts-rest's `s.router`); the `apiRoutes` plugin adds each route with the table's method and
 * path. Around every handler it authenticates by the route's scheme, validates params, query
 * and body with the route's zod schemas (400 naming each field), runs the request on the store
 * as one read (a snapshot) or one write (group-committed; answered once durable), hands the
 * webhook deliveries the write recorded to the dispatcher once committed, runs a POST
 * with an Idempotency-Key once (store/idempotency.ts), checks the answer against the response
 * schema when `validateResponses` is on (tests; see `BuildAppOptions.validateResponses`) and
 * serializes it — both inside the unit of work, so a write is kept only with an answer that
 * can be sent — and replies with the table's success status.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, routes, type RouteDef, type RouteName, type RouteResponse, type Routes } from "../../api";
import { authenticate, presentedKey, type AuthFor } from "../auth";
import type { Catalog } from "../catalog";
import { ApiError, badRequest } from "../errors";
import type { WebhookDispatcher } from "../services/webhook-delivery";
import type { Store } from "../store";
import { parseInput } from "./validation";

/** What the route plugins receive. */
export interface PlatformContext {
  store: Store;
  catalog: Catalog;
  /** Current time (injectable for tests). */
  now: () => Date;
  /** The base URL objects' URLs are built from: the public URL when known, else the bound address (never the Host header). */
  origin: (request: FastifyRequest) => string;
  /** Check every answer against the route's response schema (a 500 when it does not match). */
  validateResponses: boolean;
  /** The most characters an answer may have (MAX_ANSWER_LENGTH unless a test lowers it). */
  maxAnswerLength?: number;
  /** Sends the webhook deliveries requests record (plugins/webhook-dispatcher.ts runs its life). */
  webhooks: WebhookDispatcher;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Part<N extends RouteName, K extends string> = Routes[N] extends { [P in K]: infer S } ? Out<S> : undefined;

export interface HandlerContext<N extends RouteName> {
  params: Part<N, "params">;
  query: Part<N, "query">;
  body: Part<N, "body">;
  auth: AuthFor<Routes[N]["auth"]>;
  store: Store;
  catalog: Catalog;
  /** ISO timestamp of this request (one value per request). */
  at: string;
  origin: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Sends a webhook delivery this request recorded, once its write has committed (never if it rolls back). */
  deliver(deliveryId: string): void;
}

export type Handler<N extends RouteName> = (ctx: HandlerContext<N>) => RouteResponse<N>;

/** A handler for every route of api/routes.ts: a missing one is a compile error. */
export type RouteHandlers = { readonly [N in RouteName]: Handler<N> };

/** The handlers of one area (routes/<area>.ts): `{ … } satisfies HandlerGroup` types each handler by its key. */
export type HandlerGroup = Partial<RouteHandlers>;

export interface ApiRoutesOptions extends PlatformContext {
  handlers: RouteHandlers;
}

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** The most characters an answer of API v3 may have; each route's own limits keep far below it. */
export const MAX_ANSWER_LENGTH = 8 * 1024 * 1024;

/** The answer as JSON; one over `max` characters is a 400 (asking for less), not a 500 or an exhausted heap. */
function serializedAnswer(result: unknown, max: number): string {
  const json = JSON.stringify(result);
  if (json.length > max) {
    throw badRequest(`The answer would take ${json.length} characters, more than the ${max} the platform sends`, [
      "request: asks for too much at once; ask for less (a smaller limit, fewer ids)",
    ]);
  }
  return json;
}

/** The request's Idempotency-Key (see IDEMPOTENCY_KEY_HEADER), or undefined; 400 when malformed. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length === 0 || value.length > 255) {
    throw badRequest("Invalid Idempotency-Key header", ["idempotency-key: must be one value of 1 to 255 characters"]);
  }
  return value;
}

function parsePart<S extends z.ZodType | undefined>(schema: S, value: unknown, part: string): Out<S> {
  return (schema ? parseInput(schema, value, part) : undefined) as Out<S>;
}

/** Registers every route of the api/ table with its handler. */
export default async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  for (const name of Object.keys(routes) as RouteName[]) {
    addRoute(app, options, name, options.handlers[name] as Handler<RouteName>);
  }
}

function addRoute(app: FastifyInstance, ctx: PlatformContext, name: RouteName, handler: Handler<RouteName>): void {
  const def: RouteDef = routes[name];
  app.route({
    method: def.method,
    url: def.path,
    config: { routeName: name },
    // A request without a usable key is refused before its body is read and parsed: callers
    // without a key cannot make the platform parse large bodies (the full check runs in the unit).
    ...(def.auth === "none"
      ? {}
      : {
          onRequest: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
            try {
              presentedKey(def.auth as "apiKey" | "orgApiKey", request.headers);
              done();
            } catch (error) {
              done(error as Error);
            }
          },
        }),
    handler: async (request, reply) => {
      const at = ctx.now().toISOString();
      const origin = ctx.origin(request);
      let replayed = false;
      const recorded: string[] = [];
      // The key is checked in the same snapshot (or write) as the request it authorizes, and
      // before the input: a caller without a valid key learns nothing from a 400.
      // The answer is checked and serialized inside the unit of work: a write is kept only
      // together with an answer that can be sent (one that cannot rolls the write back).
      const run = (): string => {
        const auth = authenticate(ctx.store, def.auth, request.headers);
        request.callerOrgId = auth?.org.id;
        const params = parsePart(def.params, request.params, "path parameters");
        const query = parsePart(def.query, request.query, "query");
        let rawBody = request.body;
        if (rawBody === undefined && def.body && def.method !== "GET") rawBody = {};
        const body = parsePart(def.body, rawBody, "body");
        const key = def.method === "POST" ? idempotencyKey(request) : undefined;
        const deliver = (deliveryId: string) => void recorded.push(deliveryId);
        const context = { params, query, body, auth, store: ctx.store, catalog: ctx.catalog, at, origin, request, reply, deliver } as HandlerContext<RouteName>;
        let result: RouteResponse<RouteName>;
        if (key === undefined) {
          result = handler(context);
        } else {
          const once = ctx.store.idempotency.once(
            {
              scope: auth?.kind === "project" ? `project:${auth.project.id}` : `org:${auth?.org.id}`,
              key,
              fingerprint: `${name}\n${JSON.stringify(params ?? null)}\n${JSON.stringify(body ?? null)}`,
              status: def.successStatus,
              at,
              now: ctx.now,
            },
            () => handler(context),
          );
          replayed = once.replayed;
          result = once.answer;
        }
        if (ctx.validateResponses) {
          const checked = def.response.safeParse(result);
          if (!checked.success) {
            request.log.error({ route: name, issues: checked.error.issues }, "response does not match the contract");
            throw new ApiError(500, "internal_error", "The platform produced an invalid response.");
          }
        }
        return serializedAnswer(result, ctx.maxAnswerLength ?? MAX_ANSWER_LENGTH);
      };
      const payload = await (WRITE_METHODS.has(def.method) ? ctx.store.write(run) : ctx.store.read(run));
      for (const deliveryId of recorded) ctx.webhooks.enqueue(deliveryId);
      if (replayed) reply.header("idempotent-replayed", "true");
      reply.code(def.successStatus).type("application/json; charset=utf-8");
      return payload;
    },
  });
}
