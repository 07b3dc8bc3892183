/**
 * Chaos mode (see ../chaos.ts for the settings): before a `/api/v3` request acts, delay it,
 * answer 429 or 503 with `Retry-After`, or destroy its connection. The OpenAPI document and
 * `/_local` are never disturbed. Nothing is added when chaos is off.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Chaos, isChaosActive, type ChaosOptions } from "../chaos";
import { ApiError } from "../errors";
import { OPENAPI_PATH } from "../routes/openapi";

export interface ChaosPluginOptions {
  chaos?: ChaosOptions | undefined;
}

async function chaosMode(app: FastifyInstance, options: ChaosPluginOptions): Promise<void> {
  if (!isChaosActive(options.chaos)) return;
  const chaos = new Chaos(options.chaos);
  const retryAfter = { headers: { "retry-after": String(chaos.retryAfter) } };
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/v3/") || path === OPENAPI_PATH) return;
    if (chaos.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, chaos.latencyMs));
    const fault = chaos.draw();
    if (fault === "429") throw new ApiError(429, "rate_limited", "Rate limit exceeded (injected by chaos mode).", retryAfter);
    if (fault === "503") {
      throw new ApiError(503, "service_unavailable", "The service is temporarily unavailable (injected by chaos mode).", retryAfter);
    }
    if (fault === "drop") {
      app.requestLog.record({
        method: request.method,
        url: path,
        route: request.routeOptions.config?.routeName,
        status: 0,
        elapsedMs: 0,
        answeredAt: Date.now(),
        requestId: request.id,
        bodyFields: undefined,
      });
      reply.hijack();
      request.raw.socket?.destroy();
      reply.raw.destroy();
    }
  });
}

export default fp(chaosMode, { name: "chaos", fastify: "5.x", dependencies: ["request-log"] });
