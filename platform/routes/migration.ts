/** The migration helper: a legacy UUID of the project → its nano id. */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";

export default async function migrationRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("getNanoId", ({ query, auth, store }) => {
      const nanoid = store.nanoIdForUuid(auth.project.id, query.type, query.uuid);
      if (!nanoid) {
        throw new ApiError(404, "not_found", `No ${query.type} with legacy UUID ${query.uuid} in this project`);
      }
      return { nanoid };
    }),
  ]);
}
