/**
 * 405 for a path that exists with another method (like Hono's `method-not-allowed`), with the
 * methods it has in `Allow`. The plugin learns every route as it is registered (`onRoute`), so
 * it must be registered before the routes; a request no route matched (`is404`) is checked
 * against them. Fastify's implicit HEAD routes are left out of `Allow`.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../errors";

/** `/api/v3/mcp/:id` → a regex matching concrete paths (with or without a trailing slash). */
export function pathPattern(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}/?$`);
}

async function methodNotAllowed(app: FastifyInstance): Promise<void> {
  const known: { method: string; pattern: RegExp }[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") known.push({ method, pattern: pathPattern(route.url) });
    }
  });
  app.addHook("onRequest", (request, _reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split("?")[0] ?? "";
    const allowed = [...new Set(known.filter((route) => route.pattern.test(path)).map((route) => route.method))];
    if (!allowed.length) return done();
    done(
      new ApiError(405, "method_not_allowed", `${request.method} is not allowed on ${path}; use ${allowed.join(", ")}.`, {
        headers: { allow: allowed.join(", ") },
      }),
    );
  });
}

export default fp(methodNotAllowed, { name: "method-not-allowed", fastify: "5.x" });
