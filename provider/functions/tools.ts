/** Tool functions: the catalog's tools, whose slugs `allowedTools` and tool restrictions take. */
import type { ListToolsQuery, Tool } from "../../api";
import { collect, outputForm, withProject, type InvokeOptions } from "./invoke";

/** Every tool matching the filters (all pages), e.g. `{ toolkit_slug: "github" }`. */
export function getTools(args: Omit<ListToolsQuery, "cursor"> = {}, opts?: InvokeOptions): Promise<Tool[]> {
  return withProject("getTools", opts, (client) => collect(client.tools.list(args)));
}
export const getToolsOutput = outputForm(getTools);

/** One tool by slug. */
export function getTool(args: { slug: string }, opts?: InvokeOptions): Promise<Tool> {
  return withProject(`getTool("${args.slug}")`, opts, (client) => client.tools.get(args.slug));
}
export const getToolOutput = outputForm(getTool);
