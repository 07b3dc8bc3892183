/**
 * Routes are registered from the api/ route table: `defineHandler(name, fn)`
 * binds a handler to a table entry, and `registerHandlers` adds it to Fastify
 * with the entry's method and path. The wrapper authenticates by the route's
 * scheme, validates params, query and body with the route's zod schemas
 * (400 naming each field), runs each request on the store as one read (a
 * snapshot) or one write (group-committed; answered once durable),
 * checks the answer against the response schema when `validateResponses` is on
 * (tests; see `BuildAppOptions.validateResponses`) and replies with the table's
 * success status.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, routes, type RouteDef, type RouteName, type RouteResponse, type Routes } from "../../api";
import { authenticate, type AuthFor } from "../auth";
import type { Catalog } from "../catalog";
import { ApiError, badRequest } from "../errors";
import type { Store } from "../store";

/** What every route group plugin receives. */
export interface PlatformContext {
  store: Store;
  catalog: Catalog;
  /** Current time (injectable for tests). */
  now: () => Date;
  /** The base URL objects' URLs are built from: the public URL, else the bound address (see public-origin.ts). */
  origin: (request: FastifyRequest) => string;
  /** Route names registered so far; each may be registered once. */
  registered: Set<RouteName>;
  /** Method and path matchers of every registered route, for 405 answers. */
  known: { method: string; pattern: RegExp }[];
  /** Check every answer against the route's response schema (a 500 when it does not match). */
  validateResponses: boolean;
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
}

export type Handler<N extends RouteName> = (ctx: HandlerContext<N>) => RouteResponse<N>;

export interface BoundHandler {
  name: RouteName;
  handler: Handler<RouteName>;
}

export function defineHandler<N extends RouteName>(name: N, handler: Handler<N>): BoundHandler {
  return { name, handler: handler as unknown as Handler<RouteName> };
}

/** `/api/v3/mcp/:id` → a regex matching concrete paths. */
export function pathPattern(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}/?$`);
}

/** zod issues → `field: message` lines, with the field path dotted. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix = ""): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) lines.push(`${path ? `${path}.` : ""}${key}: is not a field of this request`);
      continue;
    }
    let message = issue.message;
    if (issue.code === "invalid_type" && /received undefined/.test(message)) message = "is required";
    if (issue.code === "invalid_union" && issue.errors.length) {
      // Report the first branch's problems, which carry the field names.
      const nested = formatIssues(issue.errors[0] ?? [], path);
      if (nested.length) {
        lines.push(...nested);
        continue;
      }
    }
    lines.push(`${path || "body"}: ${message}`);
  }
  return lines;
}

function validate<S extends z.ZodType | undefined>(schema: S, value: unknown, part: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data as Out<S>;
  const errors = formatIssues(result.error.issues, part === "body" ? "" : "");
  throw badRequest(`Invalid ${part}: ${errors.join("; ")}`, errors);
}

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** The request's Idempotency-Key (see IDEMPOTENCY_KEY_HEADER), or undefined; 400 when malformed. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length === 0 || value.length > 255) {
    throw badRequest("Invalid Idempotency-Key header", ["idempotency-key: must be one value of 1 to 255 characters"]);
  }
  return value;
}

export function registerHandlers(app: FastifyInstance, ctx: PlatformContext, handlers: BoundHandler[]): void {
  for (const { name, handler } of handlers) {
    const def: RouteDef = routes[name];
    if (ctx.registered.has(name)) throw new Error(`route ${name} (${def.method} ${def.path}) is registered twice`);
    ctx.registered.add(name);
    ctx.known.push({ method: def.method, pattern: pathPattern(def.path) });
    app.route({
      method: def.method,
      url: def.path,
      config: { routeName: name },
      handler: async (request, reply) => {
        const at = ctx.now().toISOString();
        const origin = ctx.origin(request);
        let replayed = false;
        // The key is checked in the same snapshot (or write) as the request it authorizes, and
        // before the input: a caller without a valid key learns nothing from a 400.
        const run = (): RouteResponse<RouteName> => {
          const auth = authenticate(ctx.store, def.auth, request.headers);
          const params = validate(def.params, request.params, "path parameters");
          const query = validate(def.query, request.query, "query");
          let rawBody = request.body;
          if (rawBody === undefined && def.body && def.method !== "GET") rawBody = {};
          const body = validate(def.body, rawBody, "body");
          const key = def.method === "POST" ? idempotencyKey(request) : undefined;
          const handlerContext = {
            params,
            query,
            body,
            auth,
            store: ctx.store,
            catalog: ctx.catalog,
            at,
            origin,
            request,
            reply,
          } as HandlerContext<RouteName>;
          if (key === undefined) return handler(handlerContext);
          // Checked and recorded in the create's own write: a crash keeps both or neither.
          const scope = auth?.kind === "project" ? `project:${auth.project.id}` : `org:${auth?.org.id}`;
          const fingerprint = `${name}\n${JSON.stringify(params ?? null)}\n${JSON.stringify(body ?? null)}`;
          const seen = ctx.store.idempotency.lookup(scope, key, fingerprint);
          if (seen.kind === "replay") {
            replayed = true;
            return seen.answer.body as RouteResponse<RouteName>;
          }
          if (seen.kind === "mismatch") {
            throw new ApiError(409, "idempotency_key_reused", "This Idempotency-Key was already used for a different request.", {
              errors: ["idempotency-key: already used with another route or body"],
            });
          }
          ctx.store.idempotency.expire(ctx.now());
          const answer = handler(handlerContext);
          ctx.store.idempotency.record(scope, key, fingerprint, { status: def.successStatus, body: answer }, at);
          return answer;
        };
        const result = await (WRITE_METHODS.has(def.method) ? ctx.store.write(run) : ctx.store.read(run));
        if (replayed) reply.header("idempotent-replayed", "true");
        if (ctx.validateResponses) {
          const checked = def.response.safeParse(result);
          if (!checked.success) {
            request.log.error({ route: name, issues: checked.error.issues }, "response does not match the contract");
            throw new ApiError(500, "internal_error", "The platform produced an invalid response.");
          }
        }
        reply.code(def.successStatus);
        return result;
      },
    });
  }
}
