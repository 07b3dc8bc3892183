/** Tool router sessions: create, list the session's meta tools, execute one. */
import { executeMetaTool, sessionTools, type Recipe } from "../catalog";
import { badRequest, foundOr404 } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { newId } from "../ids";
import type { Store, ToolRouterSessionRecord } from "../store";

const session = (store: Store, projectId: string, id: string): ToolRouterSessionRecord => foundOr404(store.toolRouter.get(projectId, id), "Tool router session", id);

export const toolRouterHandlers = {
  createToolRouterSession: ({ body, auth, store, catalog, at }) => {
    const errors: string[] = [];
    body.toolkits?.forEach((slug, i) => {
      if (!catalog.hasToolkit(slug)) errors.push(`toolkits[${i}]: unknown toolkit ${JSON.stringify(slug)}`);
    });
    if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
    const record = store.toolRouter.create({ projectId: auth.project.id, userId: body.user_id, toolkits: body.toolkits ?? [], at });
    return { session_id: record.id };
  },

  listSessionTools: ({ params, auth, store, catalog }) => ({
    items: sessionTools(catalog, { toolkits: session(store, auth.project.id, params.session_id).toolkits }),
  }),

  executeMeta: ({ params, body, auth, store, catalog }) => {
    const current = session(store, auth.project.id, params.session_id);
    const result = executeMetaTool(catalog, body.slug, body.arguments ?? {}, {
      toolkits: current.toolkits,
      recipes: store.toolRouter.recipes<Recipe>(current.id),
    });
    return { data: result.data, error: result.error, log_id: newId("log") };
  },
} satisfies HandlerGroup;
