/**
 * Bootstrapping a store: the organization and its key on an empty store, the
 * demo data with `--seed demo`, and keys given in the environment, which are
 * recorded (hashed) so they keep working on later runs.
 */
import type { Catalog } from "./catalog";
import { hashKey, isWellFormedKey, newOrgKey, ORG_KEY_PREFIX, PROJECT_KEY_PREFIX } from "./ids";
import { createAuthConfig } from "./services/auth-configs";
import { authorizeUrl } from "./services/connected-accounts";
import { createProjectRecord, issueProjectKey } from "./services/projects";
import type { Store } from "./store";

export type SeedKind = "demo" | "none";

export interface BootstrapOptions {
  seed?: SeedKind;
  /** An organization key to use instead of a generated one (INTEGRATION_PLATFORM_ORG_API_KEY). */
  orgApiKey?: string | undefined;
  /** A project key to use instead of a generated one (INTEGRATION_PLATFORM_API_KEY). */
  apiKey?: string | undefined;
  /** Base URL for the demo's redirect URLs. */
  origin?: string;
  now?: () => Date;
}

export interface BootstrapResult {
  orgId: string;
  /** Known only when generated now or given: stored keys are hashes. */
  orgApiKey?: string;
  projectId?: string;
  apiKey?: string;
  /** True when the store was empty and has been initialised. */
  initialised: boolean;
  /** Human-readable remarks for stderr. */
  notes: string[];
}

export class BootstrapError extends Error {}

function checkKey(key: string | undefined, prefix: string, variable: string): void {
  if (key === undefined) return;
  if (!key.startsWith(prefix) || !isWellFormedKey(key)) {
    throw new BootstrapError(
      `${variable} is not a valid key: it must start with ${prefix} followed by 16-128 letters and digits`,
    );
  }
}

/** A key given in the environment that was revoked or deleted: refused, naming the variable. */
function refuseRetired(store: Store, key: string | undefined, variable: string, prefix: string): void {
  if (key === undefined || !store.retiredKeys.has(hashKey(key))) return;
  throw new BootstrapError(
    `${variable} holds a key that was revoked (regenerate_api_key revokes a project's earlier keys; deleting a project revokes its keys), and a revoked key is never accepted again. Unset ${variable} to start without it, or set it to a new key: ${prefix} followed by 16-128 letters and digits`,
  );
}

export function bootstrap(store: Store, catalog: Catalog, options: BootstrapOptions = {}): BootstrapResult {
  checkKey(options.orgApiKey, ORG_KEY_PREFIX, "INTEGRATION_PLATFORM_ORG_API_KEY");
  checkKey(options.apiKey, PROJECT_KEY_PREFIX, "INTEGRATION_PLATFORM_API_KEY");
  const at = (options.now ?? (() => new Date()))().toISOString();
  return store.transaction(() => {
    refuseRetired(store, options.orgApiKey, "INTEGRATION_PLATFORM_ORG_API_KEY", ORG_KEY_PREFIX);
    refuseRetired(store, options.apiKey, "INTEGRATION_PLATFORM_API_KEY", PROJECT_KEY_PREFIX);
    const notes: string[] = [];
    const initialised = store.isEmpty();
    if (initialised) {
      const org = store.orgs.create({ name: "Local Organization", plan: "local", at });
      const owner = store.orgs.addMember({ orgId: org.id, email: "owner@example.com", name: "Local Owner", role: "OWNER", at });
      const orgApiKey = options.orgApiKey ?? newOrgKey();
      store.orgs.addKey({ orgId: org.id, memberId: owner.id, name: "default", hash: hashKey(orgApiKey), last4: orgApiKey.slice(-4), at });
      const result: BootstrapResult = { orgId: org.id, orgApiKey, initialised, notes };
      if (options.seed === "demo") {
        Object.assign(result, seedDemo(store, catalog, { orgId: org.id, memberId: owner.id, apiKey: options.apiKey, origin: options.origin ?? "http://127.0.0.1", at }));
      } else if (options.apiKey) {
        const project = createProjectRecord(store, { orgId: org.id, name: "default", at });
        issueProjectKey(store, project.id, owner.id, at, options.apiKey);
        Object.assign(result, { projectId: project.id, apiKey: options.apiKey });
      }
      return result;
    }

    // A store from an earlier run: keys are stored as hashes and cannot be shown again.
    const org = store.orgs.first()!;
    const owner = store.orgs.owner(org.id)!;
    const result: BootstrapResult = { orgId: org.id, initialised, notes };
    if (options.seed === "demo") notes.push("--seed demo: the store is not empty, so nothing was seeded");
    if (options.orgApiKey) {
      const hash = hashKey(options.orgApiKey);
      if (store.projects.findKeyByHash(hash)) throw new BootstrapError("INTEGRATION_PLATFORM_ORG_API_KEY is a project key of this store");
      if (!store.orgs.findKeyByHash(hash)) {
        store.orgs.addKey({ orgId: org.id, memberId: owner.id, name: "environment", hash, last4: options.orgApiKey.slice(-4), at });
        notes.push("recorded INTEGRATION_PLATFORM_ORG_API_KEY as an organization key");
      }
      result.orgApiKey = options.orgApiKey;
    } else {
      notes.push(
        "organization key not shown (keys are stored hashed). Restart with INTEGRATION_PLATFORM_ORG_API_KEY=iok_<16-128 letters and digits> to record and use a key of your choice, or start with a new --db",
      );
    }
    if (options.apiKey) {
      const hash = hashKey(options.apiKey);
      if (store.orgs.findKeyByHash(hash)) throw new BootstrapError("INTEGRATION_PLATFORM_API_KEY is an organization key of this store");
      const existing = store.projects.findKeyByHash(hash);
      if (existing) {
        result.projectId = existing.project_id;
      } else {
        const project = store.projects.first(org.id) ?? createProjectRecord(store, { orgId: org.id, name: "default", at });
        issueProjectKey(store, project.id, owner.id, at, options.apiKey);
        result.projectId = project.id;
        notes.push(`recorded INTEGRATION_PLATFORM_API_KEY as a key of project ${project.id}`);
      }
      result.apiKey = options.apiKey;
    } else {
      const project = store.projects.first(org.id);
      if (project) {
        result.projectId = project.id;
        notes.push(
          `project key not shown (keys are stored hashed). Restart with INTEGRATION_PLATFORM_API_KEY=ipk_<16-128 letters and digits> to record one for project ${project.id}, or call POST /api/v3/org/owner/project/${project.id}/regenerate_api_key with an organization key (this revokes the project's other keys)`,
        );
      }
    }
    return result;
  });
}

/** The demo: a project with auth configs, connected accounts, MCP servers with instances and triggers. */
function seedDemo(
  store: Store,
  catalog: Catalog,
  input: { orgId: string; memberId: string; apiKey: string | undefined; origin: string; at: string },
): { projectId: string; apiKey: string } {
  const { at } = input;
  const project = createProjectRecord(store, { orgId: input.orgId, name: "demo", at });
  const apiKey = issueProjectKey(store, project.id, input.memberId, at, input.apiKey);

  const authConfig = (toolkit: string, scheme: string, name: string) =>
    catalog.hasToolkit(toolkit) && (catalog.authSchemes(toolkit) ?? []).includes(scheme)
      ? createAuthConfig(store, catalog, input.orgId, input.memberId, { project_id: project.id, toolkit, auth_scheme: scheme, name }, at)
      : undefined;
  const github = authConfig("github", "OAUTH2", "GitHub OAuth");
  const gmail = authConfig("gmail", "OAUTH2", "Gmail OAuth");
  const slack = authConfig("slack", "OAUTH2", "Slack OAuth");
  const linear = authConfig("linear", "API_KEY", "Linear API key");

  const account = (config: typeof github, userId: string, status: "ACTIVE" | "INITIALIZING", val: Record<string, unknown> = {}) =>
    config
      ? store.connectedAccounts.create({
          projectId: project.id,
          authConfigId: config.id,
          userId,
          status,
          authScheme: config.auth_scheme,
          val,
          callbackUrl: null,
          redirectUrl: (id) => (status === "INITIALIZING" ? authorizeUrl(input.origin, id) : null),
          at,
        })
      : undefined;
  const aliceGithub = account(github, "alice", "ACTIVE");
  account(gmail, "alice", "ACTIVE");
  const aliceLinear = account(linear, "alice", "ACTIVE", { api_key: "lin_api_demo0000000000000000" });
  const bobGithub = account(github, "bob", "ACTIVE");
  const bobSlack = account(slack, "bob", "ACTIVE");
  account(gmail, "carol", "INITIALIZING");

  const ids = (...configs: (typeof github)[]) => configs.filter((c) => c !== undefined).map((c) => c.id);
  const toolkitsOf = (...configs: (typeof github)[]) => configs.filter((c) => c !== undefined).map((c) => c.toolkit_slug);
  const devTools = store.mcp.create({
    projectId: project.id,
    name: "Dev Tools",
    authConfigIds: ids(github, linear),
    allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"].filter((slug) => catalog.getTool(slug)),
    toolkits: toolkitsOf(github, linear),
    managedAuthViaPlatform: false,
    at,
  });
  store.mcp.upsertInstance(devTools.id, "alice", at);
  store.mcp.upsertInstance(devTools.id, "bob", at);
  const inbox = store.mcp.create({
    projectId: project.id,
    name: "Inbox Assistant",
    authConfigIds: ids(gmail, slack),
    allowedTools: [],
    toolkits: toolkitsOf(gmail, slack),
    managedAuthViaPlatform: true,
    at,
  });
  store.mcp.upsertInstance(inbox.id, "alice", at);

  const trigger = (accountId: string | undefined, slug: string, config: Record<string, unknown>) =>
    accountId && catalog.getTriggerType(slug)
      ? store.triggers.upsert({ projectId: project.id, connectedAccountId: accountId, slug, config, at }).record
      : undefined;
  trigger(aliceGithub?.id, "GITHUB_COMMIT_EVENT", { owner: "octo-org", repo: "demo-app" });
  trigger(bobGithub?.id, "GITHUB_STAR_ADDED_EVENT", { owner: "octo-org", repo: "demo-app" });
  trigger(aliceLinear?.id, "LINEAR_ISSUE_CREATED", {});
  const disabled = trigger(bobSlack?.id, "SLACK_RECEIVE_MESSAGE", { channel: "general" });
  if (disabled) store.triggers.setDisabled(disabled.id, at, at);

  return { projectId: project.id, apiKey };
}
