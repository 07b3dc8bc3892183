/** getNanoId: a legacy UUID's nano identifier. */
import type { GetNanoIdQuery } from "../../api";
import { outputForm, withProject, type InvokeOptions } from "./invoke";

export function getNanoId(args: GetNanoIdQuery, opts?: InvokeOptions): Promise<string> {
  return withProject("getNanoId", opts, async (client) => (await client.migration.getNanoId(args)).nanoid);
}
export const getNanoIdOutput = outputForm(getNanoId);
