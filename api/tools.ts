/** Tools of the catalog, in the spec's Tool form (GET /tools, GET /tools/{tool_slug}). */
import { z } from "zod";
import { CursorQuery, Id, QueryStringArray, QueryText, cursorPage } from "./common";
import { Tool } from "./tool-router";

/** Without `search`, tools come by toolkit slug then tool slug; with it, best match first. */
export const ListToolsQuery = z.looseObject({
  toolkit_slug: QueryText,
  tool_slugs: QueryStringArray.meta({ description: "Only these tools (case-insensitive)." }),
  search: QueryText.meta({ description: "Terms matched against slug, name, tags, toolkit and description." }),
  ...CursorQuery,
});
export type ListToolsQuery = z.input<typeof ListToolsQuery>;
export const ToolPage = cursorPage("items", Tool);
export type ToolPage = z.infer<typeof ToolPage>;
export const ToolParams = z.object({ tool_slug: Id });
