/** getAuthConfig: one auth config by id. */
import type { AuthConfig } from "../../api";
import { outputForm, withProject, type InvokeOptions } from "./invoke";

export function getAuthConfig(args: { id: string }, opts?: InvokeOptions): Promise<AuthConfig> {
  return withProject(`getAuthConfig("${args.id}")`, opts, (client) => client.authConfigs.get(args.id));
}
export const getAuthConfigOutput = outputForm(getAuthConfig);
