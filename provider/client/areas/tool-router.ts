import type { RouteBody, RouteResponse } from "../../../api/routes";
import type { RequestOptions } from "../types";
import { APIResource } from "./resource";

export class ToolRouterResource extends APIResource {
  /** POST /api/v3/tool_router/session: starts a session for a user. */
  createSession(
    body: RouteBody<"createToolRouterSession">,
    options?: RequestOptions,
  ): Promise<RouteResponse<"createToolRouterSession">> {
    return this._call("createToolRouterSession", { body }, options);
  }

  /** GET /api/v3/tool_router/session/{session_id}/tools: the session's meta tools. */
  tools(sessionId: string, options?: RequestOptions): Promise<RouteResponse<"listSessionTools">> {
    return this._call("listSessionTools", { params: { session_id: sessionId } }, options);
  }

  /** POST /api/v3/tool_router/session/{session_id}/execute_meta: runs one meta tool (never retried once sent). */
  executeMeta(sessionId: string, body: RouteBody<"executeMeta">, options?: RequestOptions): Promise<RouteResponse<"executeMeta">> {
    return this._call("executeMeta", { params: { session_id: sessionId }, body }, options);
  }
}
