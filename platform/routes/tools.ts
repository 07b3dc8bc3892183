/** The catalog's tools in the spec's Tool form: the valid slugs for allowed tools and tool restrictions. */
import { badRequest, notFound } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { paginateByCursor } from "../pagination";

export const toolHandlers = {
  listTools: ({ query, catalog }) => {
    const toolkit = query.toolkit_slug;
    if (toolkit !== undefined && !catalog.hasToolkit(toolkit)) {
      throw badRequest("Unknown toolkit", [`toolkit_slug: unknown toolkit ${JSON.stringify(toolkit)}`]);
    }
    const toolkits = toolkit !== undefined ? [toolkit] : undefined;
    // Search ranks every match: the page is cut afterwards, so no limit here.
    let tools = query.search?.trim()
      ? catalog.searchTools(query.search, { toolkits, limit: Number.MAX_SAFE_INTEGER })
      : catalog.listTools({ toolkits });
    if (query.tool_slugs !== undefined) {
      const wanted = new Set(query.tool_slugs.map((slug) => slug.toUpperCase()));
      tools = tools.filter((tool) => wanted.has(tool.slug.toUpperCase()));
    }
    return paginateByCursor(tools, query);
  },

  getTool: ({ params, catalog }) => {
    const tool = catalog.getTool(params.tool_slug);
    if (!tool) throw notFound("Tool", params.tool_slug);
    return tool;
  },
} satisfies HandlerGroup;
