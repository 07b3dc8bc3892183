/** The migration helper: a legacy UUID of the project → its nano id. */
import { ApiError } from "../errors";
import type { HandlerGroup } from "../http/handlers";

export const migrationHandlers = {
  getNanoId: ({ query, auth, store }) => {
    const nanoid = store.nanoIdForUuid(auth.project.id, query.type, query.uuid);
    if (!nanoid) {
      throw new ApiError(404, "not_found", `No ${query.type} with legacy UUID ${query.uuid} in this project`);
    }
    return { nanoid };
  },
} satisfies HandlerGroup;
