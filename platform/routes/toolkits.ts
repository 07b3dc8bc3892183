/** The toolkit catalog: list, multi-fetch and detail at a version. */
import type { FastifyInstance } from "fastify";
import { badRequest, notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { catalogCall, cursorPage } from "../http/pagination";

export default async function toolkitRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("listToolkits", ({ query, catalog }) => {
      const items = catalogCall(() =>
        catalog.listToolkits({
          ...(query.category !== undefined ? { category: query.category } : {}),
          ...(query.managed_by !== undefined ? { managed_by: query.managed_by } : {}),
          ...(query.sort_by !== undefined ? { sort_by: query.sort_by } : {}),
          ...(query.include_deprecated !== undefined ? { include_deprecated: query.include_deprecated } : {}),
          ...(query.search !== undefined ? { search: query.search } : {}),
        }),
      );
      return cursorPage(items, query);
    }),

    defineHandler("multiToolkits", ({ body, catalog }) => {
      const items = catalogCall(() =>
        catalog.listToolkits({
          ...(body.toolkits !== undefined ? { slugs: body.toolkits } : {}),
          ...(body.category !== undefined ? { category: body.category } : {}),
          ...(body.managed_by !== undefined ? { managed_by: body.managed_by } : {}),
          ...(body.sort_by !== undefined ? { sort_by: body.sort_by } : {}),
        }),
      );
      return cursorPage(items, { limit: body.limit ?? null, cursor: body.cursor ?? null });
    }),

    defineHandler("getToolkit", ({ params, query, catalog }) => {
      if (!catalog.hasToolkit(params.slug)) throw notFound("Toolkit", params.slug);
      const version = query.version;
      const toolkit = catalogCall(() => (version === "latest" ? catalog.getToolkit(params.slug) : catalog.getToolkit(params.slug, version)));
      if (!toolkit) {
        const available = catalog.availableVersions(params.slug) ?? [];
        throw badRequest(`Toolkit ${params.slug} has no version ${version}`, [
          `version: ${params.slug} has no version ${version}; available: latest, ${available.join(", ")}`,
        ]);
      }
      return toolkit;
    }),
  ]);
}
