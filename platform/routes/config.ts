/** Project configuration: read, and change only the fields sent. */
import { DEPRECATED_CONFIG_FIELD } from "../../api";
import { badRequest } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { applyConfigPatch } from "../services/projects";

export const configHandlers = {
  getProjectConfig: ({ auth }) => auth.project.config,

  updateProjectConfig: ({ body, auth, store, at }) => {
    if (body[DEPRECATED_CONFIG_FIELD] !== undefined) {
      throw badRequest(
        `${DEPRECATED_CONFIG_FIELD} is deprecated and must not be used`,
        [`${DEPRECATED_CONFIG_FIELD}: is deprecated and must not be used; remove it from the request`],
        `Remove ${DEPRECATED_CONFIG_FIELD} from the body.`,
      );
    }
    const config = applyConfigPatch(auth.project.config, body);
    store.projects.updateConfig(auth.project.id, config, at);
    return config;
  },
} satisfies HandlerGroup;
