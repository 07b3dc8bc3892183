/** getSessionInfo: the project, API key record and member behind the configured key. */
import type { SessionInfo } from "../../api";
import { outputForm, withProject, type InvokeOptions } from "./invoke";

/** The webhook secret is left out: read it from the Project resource's secret output. */
export type SessionInfoResult = Omit<SessionInfo, "project"> & { project: Omit<SessionInfo["project"], "webhook_secret"> };

export function getSessionInfo(_args: Record<string, never> = {}, opts?: InvokeOptions): Promise<SessionInfoResult> {
  return withProject("getSessionInfo", opts, async (client) => {
    const info = await client.session.info();
    const { webhook_secret: _secret, ...project } = info.project;
    return { ...info, project };
  });
}
export const getSessionInfoOutput = outputForm(getSessionInfo);
