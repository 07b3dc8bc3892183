/** 404 in the error envelope for a request no route matches (405 comes first: method-not-allowed.ts). */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../errors";
import { OPENAPI_PATH } from "../routes/openapi";

async function notFound(app: FastifyInstance): Promise<void> {
  app.setNotFoundHandler(async (request) => {
    const path = request.url.split("?")[0] ?? "";
    throw new ApiError(404, "not_found", `No route ${request.method} ${path}.`, {
      suggestedFix: `See ${OPENAPI_PATH} for the routes of API v3.`,
    });
  });
}

export default fp(notFound, { name: "not-found", fastify: "5.x", dependencies: ["error-envelope"] });
