/**
 * The local-only admin surface, outside /api/v3: what the v3 API cannot create
 * (auth configs), the request log, the local OAuth authorization page and a
 * health check. Authenticated with the organization key except where noted.
 * Not part of the API contract; documented in platform/README.md.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { authenticate, type OrgAuth } from "../auth";
import type { Catalog } from "../catalog";
import { badRequest, notFound } from "../errors";
import { formatIssues, pathPattern, type PlatformContext } from "../http/define";
import type { RequestLog } from "../request-log";
import type { AuthConfigRecord, Store } from "../store";
import { presentAuthConfig } from "./auth-configs";

export const CreateLocalAuthConfigBody = z.strictObject({
  project_id: z.string().min(1),
  toolkit: z.string().min(1),
  name: z.string().min(1).max(100).optional(),
  auth_scheme: z.string().min(1).optional(),
  is_platform_managed: z.boolean().optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
  restrict_to_following_tools: z.array(z.string().min(1)).optional(),
});
export type CreateLocalAuthConfigBody = z.input<typeof CreateLocalAuthConfigBody>;

/** A local route's input, checked like a v3 body: a 400 naming each field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = formatIssues(result.error.issues);
  throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
}

/** Creates an auth config in a project of the organization (used by the route, the seed and tests). */
export function createAuthConfig(
  store: Store,
  catalog: Catalog,
  orgId: string,
  createdBy: string,
  input: z.output<typeof CreateLocalAuthConfigBody>,
  at: string,
): AuthConfigRecord {
  const project = store.projects.getInOrg(orgId, input.project_id);
  if (!project) throw badRequest("Unknown project", [`project_id: no project ${JSON.stringify(input.project_id)} in this organization`]);
  const toolkit = catalog.getToolkit(input.toolkit);
  if (!toolkit) throw badRequest("Unknown toolkit", [`toolkit: unknown toolkit ${JSON.stringify(input.toolkit)}`]);
  const schemes = catalog.authSchemes(toolkit.slug) ?? [];
  const scheme = input.auth_scheme ?? schemes[0] ?? "NO_AUTH";
  if (schemes.length ? !schemes.includes(scheme) : scheme !== "NO_AUTH") {
    throw badRequest(`Toolkit ${toolkit.slug} does not support ${scheme}`, [
      `auth_scheme: must be one of: ${schemes.length ? schemes.join(", ") : "NO_AUTH"}`,
    ]);
  }
  const errors: string[] = [];
  input.restrict_to_following_tools?.forEach((slug, i) => {
    if (!catalog.getTool(slug)) errors.push(`restrict_to_following_tools[${i}]: unknown tool ${JSON.stringify(slug)}`);
  });
  if (errors.length) throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
  return store.authConfigs.create({
    projectId: project.id,
    toolkitSlug: toolkit.slug,
    name: input.name ?? `${toolkit.name} ${scheme.toLowerCase()}`,
    authScheme: scheme,
    isPlatformManaged: input.is_platform_managed ?? scheme.startsWith("OAUTH"),
    credentials: input.credentials ?? {},
    restrictToFollowingTools: input.restrict_to_following_tools ?? [],
    createdBy,
    at,
  });
}

export interface LocalRoutesOptions extends PlatformContext {
  requestLog: RequestLog;
}

export default async function localRoutes(app: FastifyInstance, ctx: LocalRoutesOptions): Promise<void> {
  const orgAuth = (request: FastifyRequest): OrgAuth => authenticate(ctx.store, "orgApiKey", request.headers);
  const known = (method: string, path: string) => ctx.known.push({ method, pattern: pathPattern(path) });

  known("GET", "/_local/health");
  app.get("/_local/health", { config: { routeName: "_local.health" } }, async () => ({ status: "ok" }));

  known("POST", "/_local/auth_configs");
  app.post("/_local/auth_configs", { config: { routeName: "_local.createAuthConfig" } }, async (request, reply) => {
    const auth = orgAuth(request);
    const body = parse(CreateLocalAuthConfigBody, request.body);
    const at = ctx.now().toISOString();
    const record = ctx.store.transaction(() => createAuthConfig(ctx.store, ctx.catalog, auth.org.id, auth.member.id, body, at));
    reply.code(201);
    return presentAuthConfig(ctx.store, ctx.catalog, record);
  });

  known("GET", "/_local/auth_configs");
  app.get("/_local/auth_configs", { config: { routeName: "_local.listAuthConfigs" } }, async (request) => {
    const auth = orgAuth(request);
    const projectId = (request.query as Record<string, unknown>).project_id;
    if (typeof projectId !== "string" || !projectId) throw badRequest("project_id is required", ["project_id: is required"]);
    const project = ctx.store.projects.getInOrg(auth.org.id, projectId);
    if (!project) throw notFound("Project", projectId);
    return { items: ctx.store.authConfigs.list(project.id).map((record) => presentAuthConfig(ctx.store, ctx.catalog, record)) };
  });

  known("GET", "/_local/requests");
  app.get("/_local/requests", { config: { routeName: "_local.requests" } }, async (request) => {
    orgAuth(request);
    return { items: ctx.requestLog.entries() };
  });

  known("DELETE", "/_local/requests");
  app.delete("/_local/requests", { config: { routeName: "_local.clearRequests" } }, async (request) => {
    orgAuth(request);
    const cleared = ctx.requestLog.count();
    ctx.requestLog.clear();
    return { cleared };
  });

  // The OAuth authorization page a connected account's redirect_url points at. No key:
  // a browser follows it; the link carries the account's unguessable id.
  known("GET", "/_local/oauth/authorize/:id");
  app.get("/_local/oauth/authorize/:id", { config: { routeName: "_local.oauthAuthorize" } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const account = ctx.store.connectedAccounts.getAnyProject(id);
    if (!account) throw notFound("Connected account", id);
    const at = ctx.now().toISOString();
    ctx.store.transaction(() =>
      ctx.store.connectedAccounts.update(account.id, { status: "ACTIVE", redirectUrl: null }, at),
    );
    if (account.callback_url) {
      const target = new URL(account.callback_url);
      target.searchParams.set("status", "success");
      target.searchParams.set("connected_account_id", account.id);
      return reply.redirect(target.toString(), 302);
    }
    return { id: account.id, status: "ACTIVE", message: "The connection is active; you can close this page." };
  });
}
