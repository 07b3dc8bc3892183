/** Session info and the organization's projects. */
import type { ProjectSession } from "../../api";
import { ApiError, notFound } from "../errors";
import type { HandlerGroup } from "../http/handlers";
import { maskKey, PROJECT_KEY_PREFIX } from "../ids";
import { paginateByCursor } from "../pagination";
import { createProjectRecord, issueProjectKey, projectListItem } from "../services/projects";

export const projectHandlers = {
  sessionInfo: ({ auth, store }) => {
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
  },

  createProject: ({ body, auth, store, at }) => {
    const project = createProjectRecord(store, { orgId: auth.org.id, name: body.name, config: body.config, at });
    const apiKey = body.should_create_api_key ? issueProjectKey(store, project.id, auth.member.id, at) : undefined;
    return { id: project.id, name: project.name, ...(apiKey ? { api_key: apiKey } : {}) };
  },

  listProjects: ({ query, auth, store }) => {
    const page = paginateByCursor(store.projects.list(auth.org.id).map(projectListItem), query);
    const { items, ...pagination } = page;
    return { data: items, ...pagination };
  },

  getProject: ({ params, auth, store }) => {
    const project = store.projects.getInOrg(auth.org.id, params.nano_id);
    if (!project) throw notFound("Project", params.nano_id);
    return projectListItem(project);
  },

  deleteProject: ({ params, auth, store }) => {
    const project = store.projects.getInOrg(auth.org.id, params.nano_id);
    if (!project) throw notFound("Project", params.nano_id);
    if (!store.projects.delete(project.id)) throw new ApiError(404, "not_found", "Project was already deleted");
    return { id: project.id, deleted: true };
  },

  regenerateApiKey: ({ params, auth, store, at }) => {
    const project = store.projects.getInOrg(auth.org.id, params.nano_id);
    if (!project) throw notFound("Project", params.nano_id);
    store.projects.revokeKeys(project.id, at);
    return { api_key: issueProjectKey(store, project.id, auth.member.id, at) };
  },
} satisfies HandlerGroup;
