/** Tool router sessions. */
import { newId } from "../ids";
import type { Db } from "./db";
import { fromJson, toJson } from "./json";

export interface ToolRouterSessionRecord {
  id: string;
  project_id: string;
  user_id: string;
  /** Toolkit slugs the session is limited to; empty means every toolkit. */
  toolkits: string[];
  created_at: string;
}

/** A session's recipes, persisted: the shape the catalog's meta tools read and write. */
export interface SessionRecipes<R> {
  get(id: string): R | undefined;
  set(id: string, recipe: R): unknown;
  values(): Iterable<R>;
}

export class ToolRouterStore {
  constructor(private readonly db: Db) {}

  create(input: { projectId: string; userId: string; toolkits: string[]; at: string }): ToolRouterSessionRecord {
    const id = newId("trs");
    this.db
      .stmt("INSERT INTO tool_router_sessions (id, project_id, user_id, toolkits, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(id, input.projectId, input.userId, toJson(input.toolkits), input.at);
    return this.get(input.projectId, id)!;
  }

  recipes<R>(sessionId: string): SessionRecipes<R> {
    const db = this.db;
    return {
      get(id) {
        const row = db.stmt("SELECT recipe FROM tool_router_recipes WHERE session_id = ? AND id = ?").get(sessionId, id) as
          | { recipe: string }
          | undefined;
        return row ? fromJson<R | undefined>(row.recipe, undefined) : undefined;
      },
      set(id, recipe) {
        db.stmt(
          "INSERT INTO tool_router_recipes (session_id, id, recipe) VALUES (?, ?, ?) ON CONFLICT (session_id, id) DO UPDATE SET recipe = excluded.recipe",
        ).run(sessionId, id, toJson(recipe));
      },
      values() {
        const rows = db.stmt("SELECT recipe FROM tool_router_recipes WHERE session_id = ? ORDER BY rowid").all(sessionId) as {
          recipe: string;
        }[];
        return rows.map((row) => fromJson<R>(row.recipe, undefined as R));
      },
    };
  }

  get(projectId: string, id: string): ToolRouterSessionRecord | undefined {
    const row = this.db
      .stmt("SELECT id, project_id, user_id, toolkits, created_at FROM tool_router_sessions WHERE id = ? AND project_id = ?")
      .get(id, projectId) as Record<string, unknown> | undefined;
    return row ? { ...(row as unknown as ToolRouterSessionRecord), toolkits: fromJson(row.toolkits, []) } : undefined;
  }
}
