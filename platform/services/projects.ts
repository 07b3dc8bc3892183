/** Projects: creating one with its configuration, issuing its keys, and its answer form. */
import { DEPRECATED_CONFIG_FIELD, ProjectConfigPatch, WRITABLE_CONFIG_FIELDS, type ProjectConfig, type ProjectListItem } from "../../api";
import { badRequest, conflict } from "../errors";
import { formatIssues } from "../http/validation";
import { hashKey, newId, newProjectKey, newWebhookSecret } from "../ids";
import { defaultProjectConfig, type Project, type Store } from "../store";

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

/** The config with the fields present in `patch` replaced (absent fields stay). */
export function applyConfigPatch(config: ProjectConfig, patch: ProjectConfigPatch): ProjectConfig {
  const next: Record<string, unknown> = { ...config };
  for (const field of WRITABLE_CONFIG_FIELDS) {
    if (Object.prototype.hasOwnProperty.call(patch, field) && patch[field] !== undefined) next[field] = patch[field];
  }
  delete next[DEPRECATED_CONFIG_FIELD];
  return next as ProjectConfig;
}

/** Creates a project key, stores its hash, returns the key (shown once). */
export function issueProjectKey(store: Store, projectId: string, memberId: string, at: string, key = newProjectKey()): string {
  store.projects.addKey({ projectId, memberId, name: "default", hash: hashKey(key), last4: key.slice(-4), at });
  return key;
}

/** Creates a project of the organization: its name unique there, its config the defaults with `config` applied. */
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
