/**
 * The local-only admin surface, outside /api/v3: what the v3 API cannot create
 * (auth configs), the request log, the local OAuth authorization page and a
 * health check. Authenticated with the organization key except where noted.
 * Not part of the API contract; documented in platform/README.md.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate, presentedKey, type OrgAuth } from "../auth";
import { badRequest, notFound } from "../errors";
import type { PlatformContext } from "../http/handlers";
import { parseInput } from "../http/validation";
import { createAuthConfig, NewAuthConfigInput, presentAuthConfig } from "../services/auth-configs";

export default async function localRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  const orgAuth = (request: FastifyRequest): OrgAuth => {
    const auth = authenticate(ctx.store, "orgApiKey", request.headers);
    request.callerOrgId = auth.org.id;
    return auth;
  };

  app.get("/_local/health", { config: { routeName: "_local.health" } }, async () => ({ status: "ok" }));

  // Refused before the body is parsed when no usable organization key is sent (as the v3 routes).
  const keyFirst = { onRequest: async (request: FastifyRequest) => void presentedKey("orgApiKey", request.headers) };
  app.post("/_local/auth_configs", { config: { routeName: "_local.createAuthConfig" }, ...keyFirst }, async (request, reply) => {
    const auth = orgAuth(request);
    const body = parseInput(NewAuthConfigInput, request.body ?? {}, "body");
    const at = ctx.now().toISOString();
    const record = ctx.store.transaction(() => createAuthConfig(ctx.store, ctx.catalog, auth.org.id, auth.member.id, body, at));
    reply.code(201);
    return presentAuthConfig(ctx.store, ctx.catalog, record);
  });

  app.get("/_local/auth_configs", { config: { routeName: "_local.listAuthConfigs" } }, async (request) => {
    const auth = orgAuth(request);
    const projectId = (request.query as Record<string, unknown>).project_id;
    if (typeof projectId !== "string" || !projectId) throw badRequest("project_id is required", ["project_id: is required"]);
    const project = ctx.store.projects.getInOrg(auth.org.id, projectId);
    if (!project) throw notFound("Project", projectId);
    return { items: ctx.store.authConfigs.list(project.id).map((record) => presentAuthConfig(ctx.store, ctx.catalog, record)) };
  });

  // Each organization sees (and clears) only the requests of callers that authenticated as it.
  app.get("/_local/requests", { config: { routeName: "_local.requests" } }, async (request) => {
    const auth = orgAuth(request);
    return { items: app.requestLog.entries({ orgId: auth.org.id }) };
  });

  app.delete("/_local/requests", { config: { routeName: "_local.clearRequests" } }, async (request) => {
    const auth = orgAuth(request);
    return { cleared: app.requestLog.clear({ orgId: auth.org.id }) };
  });

  // The OAuth authorization page a connected account's redirect_url points at. No key:
  // a browser follows it; the link carries the account's unguessable id.
  app.get("/_local/oauth/authorize/:id", { config: { routeName: "_local.oauthAuthorize" } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const account = ctx.store.connectedAccounts.getAnyProject(id);
    if (!account) throw notFound("Connected account", id);
    const at = ctx.now().toISOString();
    ctx.store.transaction(() =>
      ctx.store.connectedAccounts.update(account.id, { status: "ACTIVE", redirectUrl: null }, at),
    );
    // Only to an http(s) callback (the API accepts no other; a row of an older version may hold one).
    const target = account.callback_url ? URL.parse(account.callback_url) : null;
    if (target && (target.protocol === "http:" || target.protocol === "https:")) {
      target.searchParams.set("status", "success");
      target.searchParams.set("connected_account_id", account.id);
      return reply.redirect(target.toString(), 302);
    }
    return { id: account.id, status: "ACTIVE", message: "The connection is active; you can close this page." };
  });
}
