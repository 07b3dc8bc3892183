/** Tool router sessions: create, list the session's meta tools, execute one. */
import type { FastifyInstance } from "fastify";
import { executeMetaTool, sessionTools, type Recipe } from "../catalog";
import { badRequest, notFound } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";
import { newId } from "../ids";
import type { Store, ToolRouterSessionRecord } from "../store";

function session(store: Store, projectId: string, id: string): ToolRouterSessionRecord {
  const found = store.toolRouter.get(projectId, id);
  if (!found) throw notFound("Tool router session", id);
  return found;
}

export default async function toolRouterRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("createToolRouterSession", ({ body, auth, store, catalog, at }) => {
      const errors: string[] = [];
      body.toolkits?.forEach((slug, i) => {
        if (!catalog.hasToolkit(slug)) errors.push(`toolkits[${i}]: unknown toolkit ${JSON.stringify(slug)}`);
      });
      if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
      const record = store.toolRouter.create({ projectId: auth.project.id, userId: body.user_id, toolkits: body.toolkits ?? [], at });
      return { session_id: record.id };
    }),

    defineHandler("listSessionTools", ({ params, auth, store, catalog }) => ({
      items: sessionTools(catalog, { toolkits: session(store, auth.project.id, params.session_id).toolkits }),
    })),

    defineHandler("executeMeta", ({ params, body, auth, store, catalog }) => {
      const current = session(store, auth.project.id, params.session_id);
      const result = executeMetaTool(catalog, body.slug, body.arguments ?? {}, {
        toolkits: current.toolkits,
        recipes: store.toolRouter.recipes<Recipe>(current.id),
      });
      return { data: result.data, error: result.error, log_id: newId("log") };
    }),
  ]);
}
