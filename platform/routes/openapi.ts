/** The OpenAPI 3.1 document generated from the api/ contract, without auth. */
import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument } from "../../api";
import type { PlatformContext } from "../http/handlers";

export const OPENAPI_PATH = "/api/v3/openapi.json";

export default async function openApiRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  const documents = new Map<string, Record<string, unknown>>();
  app.get(OPENAPI_PATH, { config: { routeName: "openapi" } }, async (request) => {
    // Paths in the document are absolute (/api/v3/...), so the server URL is the origin.
    const origin = ctx.origin(request);
    let document = documents.get(origin);
    if (!document) documents.set(origin, (document = buildOpenApiDocument(origin)));
    return document;
  });
}
