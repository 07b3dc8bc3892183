/** The toolkit catalog: list, multi-fetch and detail at a version. */
import { badRequest, catalogCall, notFound } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { paginateByCursor } from "../pagination";

export const toolkitHandlers = {
  listToolkits: ({ query, catalog }) => {
    const items = catalogCall(() =>
      catalog.listToolkits({
        category: query.category,
        managed_by: query.managed_by,
        sort_by: query.sort_by,
        include_deprecated: query.include_deprecated,
        search: query.search,
      }),
    );
    return paginateByCursor(items, query);
  },

  multiToolkits: ({ body, catalog }) => {
    const items = catalogCall(() =>
      catalog.listToolkits({
        slugs: body.toolkits,
        category: body.category,
        managed_by: body.managed_by,
        sort_by: body.sort_by,
      }),
    );
    return paginateByCursor(items, { limit: body.limit ?? null, cursor: body.cursor ?? null });
  },

  getToolkit: ({ params, query, catalog }) => {
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
  },
} satisfies HandlerGroup;
