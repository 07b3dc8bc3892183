/** Auth configs (read through the v3 API; created through /_local/auth_configs). */
import { notFound } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { presentAuthConfig } from "../services/auth-configs";

export const authConfigHandlers = {
  getAuthConfig: ({ params, auth, store, catalog }) => {
    const record = store.authConfigs.get(auth.project.id, params.nanoid);
    if (!record) throw notFound("Auth config", params.nanoid);
    return presentAuthConfig(store, catalog, record);
  },
} satisfies HandlerGroup;
