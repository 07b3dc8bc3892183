/** The toolkit catalog: list, multi-fetch and detail at a version. */
import { badRequest, catalogCall, notFound } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { paginateByCursor } from "../pagination";

export const toolkitHandlers = {
  listToolkits: ({ query, catalog }) => {
    // The query's filter fields are the catalog filter's, by name.
    return paginateByCursor(catalogCall(() => catalog.listToolkits(query)), query);
  },

  multiToolkits: ({ body, catalog }) => {
    const items = catalogCall(() => catalog.listToolkits({ ...body, slugs: body.toolkits }));
    return paginateByCursor(items, body);
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
