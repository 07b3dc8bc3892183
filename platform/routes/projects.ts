/** Session info and the organization's projects. */
import type { FastifyInstance } from "fastify";
import { DEPRECATED_CONFIG_FIELD, ProjectConfigPatch, type ProjectListItem, type ProjectSession } from "../../api";
import { ApiError, badRequest, conflict, notFound } from "../errors";
import { defineHandler, formatIssues, registerHandlers, type PlatformContext } from "../http/define";
import { cursorPage } from "../http/pagination";
import { hashKey, maskKey, newId, newProjectKey, newWebhookSecret, PROJECT_KEY_PREFIX } from "../ids";
import { defaultProjectConfig, type Project, type Store } from "../store";
import { applyConfigPatch } from "./config";

export function projectListItem(project: Project): ProjectListItem {
  return {
    id: project.id,
    org_id: project.org_id,
    name: project.name,
    email: project.email,
    created_at: project.created_at,
    updated_at: project.updated_at,
    webhook_url: project.webhook_url,
    event_webhook_url: project.event_webhook_url,
    webhook_secret: project.webhook_secret,
    triggers_enabled: project.triggers_enabled,
    last_subscribed_at: project.last_subscribed_at,
    is_new_webhook: project.is_new_webhook,
    webhook_version: project.webhook_version,
    deleted: false,
  };
}

/** Creates a project key, stores its hash, returns the key (shown once). */
export function issueProjectKey(store: Store, projectId: string, memberId: string, at: string, key = newProjectKey()): string {
  store.projects.addKey({ projectId, memberId, name: "default", hash: hashKey(key), last4: key.slice(-4), at });
  return key;
}

export function createProjectRecord(
  store: Store,
  input: { orgId: string; name: string; config?: Record<string, unknown>; at: string },
): Project {
  if (store.projects.findByName(input.orgId, input.name)) {
    throw conflict(`A project named ${JSON.stringify(input.name)} already exists in this organization`, [
      "name: must be unique within the organization",
    ]);
  }
  let config = defaultProjectConfig();
  if (input.config !== undefined) {
    if (DEPRECATED_CONFIG_FIELD in input.config) {
      throw badRequest(`config.${DEPRECATED_CONFIG_FIELD} is deprecated and must not be used`, [
        `config.${DEPRECATED_CONFIG_FIELD}: is deprecated and must not be used; remove it`,
      ]);
    }
    const parsed = ProjectConfigPatch.safeParse(input.config);
    if (!parsed.success) {
      const errors = formatIssues(parsed.error.issues, "config");
      throw badRequest(`Invalid body: ${errors.join("; ")}`, errors);
    }
    config = applyConfigPatch(config, parsed.data);
  }
  const id = newId("proj");
  return store.projects.create({
    id,
    orgId: input.orgId,
    name: input.name,
    email: `${id}@projects.integration-platform.local`,
    config,
    webhookSecret: newWebhookSecret(),
    at: input.at,
  });
}

export default async function projectRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("sessionInfo", ({ auth, store }) => {
      const { project, key, org } = auth;
      const member = store.orgs.getMember(key.org_member_id) ?? store.orgs.owner(org.id);
      const session: ProjectSession = {
        ...projectListItem(project),
        auto_id: project.auto_id,
        nano_id: project.id,
        org: { id: org.id, name: org.name, plan: org.plan },
      };
      return {
        project: session,
        api_key: {
          auto_id: key.auto_id,
          id: key.id,
          name: key.name,
          project_id: key.project_id,
          org_member_id: key.org_member_id,
          created_at: key.created_at,
          updated_at: key.updated_at,
          deleted_at: key.deleted_at,
          key: maskKey(PROJECT_KEY_PREFIX, key.key_last4),
          deleted: key.deleted_at !== null,
        },
        org_member: member
          ? { id: member.id, email: member.email, name: member.name, role: member.role }
          : { id: key.org_member_id, email: "", name: "", role: "member" },
      };
    }),

    defineHandler("createProject", ({ body, auth, store, at }) => {
      const project = createProjectRecord(store, { orgId: auth.org.id, name: body.name, config: body.config, at });
      const apiKey = body.should_create_api_key ? issueProjectKey(store, project.id, auth.member.id, at) : undefined;
      return { id: project.id, name: project.name, ...(apiKey ? { api_key: apiKey } : {}) };
    }),

    defineHandler("listProjects", ({ query, auth, store }) => {
      const page = cursorPage(store.projects.list(auth.org.id).map(projectListItem), query);
      const { items, ...pagination } = page;
      return { data: items, ...pagination };
    }),

    defineHandler("getProject", ({ params, auth, store }) => {
      const project = store.projects.getInOrg(auth.org.id, params.nano_id);
      if (!project) throw notFound("Project", params.nano_id);
      return projectListItem(project);
    }),

    defineHandler("deleteProject", ({ params, auth, store }) => {
      const project = store.projects.getInOrg(auth.org.id, params.nano_id);
      if (!project) throw notFound("Project", params.nano_id);
      if (!store.projects.delete(project.id)) throw new ApiError(404, "not_found", "Project was already deleted");
      return { id: project.id, deleted: true };
    }),

    defineHandler("regenerateApiKey", ({ params, auth, store, at }) => {
      const project = store.projects.getInOrg(auth.org.id, params.nano_id);
      if (!project) throw notFound("Project", params.nano_id);
      store.projects.revokeKeys(project.id, at);
      return { api_key: issueProjectKey(store, project.id, auth.member.id, at) };
    }),
  ]);
}
