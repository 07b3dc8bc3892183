/** Toolkit catalog functions: one toolkit, all toolkits (auto-paged), several by slug. */
import type { GetToolkitQuery, ListToolkitsQuery, MultiToolkitsBody, ToolkitDetail, ToolkitSummary } from "../../api";
import { collect, outputForm, withProject, type InvokeOptions } from "./invoke";

export interface GetToolkitArgs extends GetToolkitQuery {
  slug: string;
}
export function getToolkit(args: GetToolkitArgs, opts?: InvokeOptions): Promise<ToolkitDetail> {
  const { slug, ...query } = args;
  return withProject(`getToolkit("${slug}")`, opts, (client) => client.toolkits.get(slug, query));
}
export const getToolkitOutput = outputForm(getToolkit);

/** Every toolkit matching the filters, following the cursor to the last page. */
export function getToolkits(args: ListToolkitsQuery = {}, opts?: InvokeOptions): Promise<ToolkitSummary[]> {
  return withProject("getToolkits", opts, (client) => collect(client.toolkits.list(args)));
}
export const getToolkitsOutput = outputForm(getToolkits);

export function getToolkitsMulti(args: MultiToolkitsBody, opts?: InvokeOptions): Promise<ToolkitSummary[]> {
  return withProject("getToolkitsMulti", opts, async (client) => (await client.toolkits.multi(args)).items);
}
export const getToolkitsMultiOutput = outputForm(getToolkitsMulti);
