/** Auth config functions: one by id, and every auth config of the project (auto-paged). */
import type { AuthConfig, ListAuthConfigsQuery } from "../../api";
import { collect, outputForm, withProject, type InvokeOptions } from "./invoke";

export function getAuthConfig(args: { id: string }, opts?: InvokeOptions): Promise<AuthConfig> {
  return withProject(`getAuthConfig("${args.id}")`, opts, (client) => client.authConfigs.get(args.id));
}
export const getAuthConfigOutput = outputForm(getAuthConfig);

/** Every auth config matching the filters (all pages); disabled ones only with `show_disabled`. */
export function getAuthConfigs(args: Omit<ListAuthConfigsQuery, "cursor"> = {}, opts?: InvokeOptions): Promise<AuthConfig[]> {
  return withProject("getAuthConfigs", opts, (client) => collect(client.authConfigs.list(args)));
}
export const getAuthConfigsOutput = outputForm(getAuthConfigs);
