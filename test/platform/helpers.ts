/** Shared set-up of the platform tests: an in-memory app with an org, two projects and their keys. */
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import type { z } from "zod";
import { AuthConfig } from "../../api";
import { buildApp, type BuildAppOptions } from "../../platform/app";
import { Catalog } from "../../platform/catalog";
import { createProjectRecord, issueProjectKey } from "../../platform/services/projects";
import { bootstrap } from "../../platform/seed";
import { Store } from "../../platform/store";

export interface Call {
  method?: "GET" | "POST" | "PATCH" | "DELETE" | "PUT";
  url: string;
  apiKey?: string;
  orgKey?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

export interface Harness {
  app: FastifyInstance;
  store: Store;
  catalog: Catalog;
  orgKey: string;
  projectId: string;
  apiKey: string;
  /** A second project of the same organization. */
  otherProjectId: string;
  otherApiKey: string;
  call(call: Call): Promise<Answer>;
  /** Creates an auth config through the local admin surface. */
  authConfig(toolkit: string, authScheme?: string, projectId?: string): Promise<any>;
  /** Creates a connected account; OAuth accounts are completed to ACTIVE. */
  account(authConfigId: string, userId: string, apiKey?: string, val?: Record<string, unknown>): Promise<any>;
  close(): Promise<void>;
}

/** A clock one second apart per call, so timestamps order deterministically. */
export function steppingClock(start = Date.parse("2025-01-01T00:00:00.000Z")): () => Date {
  let t = start;
  return () => new Date((t += 1000));
}

export async function harness(options: Partial<BuildAppOptions> = {}): Promise<Harness> {
  const store = options.store ?? new Store(":memory:");
  const catalog = Catalog.load();
  const now = options.now ?? steppingClock();
  const app = buildApp({ store, catalog, now, ...options });
  const boot = bootstrap(store, catalog, { now });
  const orgKey = boot.orgApiKey!;

  const call = async ({ method = "GET", url, apiKey, orgKey: org, body, headers = {} }: Call): Promise<Answer> => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(apiKey ? { "x-api-key": apiKey } : {}),
        ...(org ? { "x-org-api-key": org } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });
    let parsed: unknown = undefined;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      parsed = response.body;
    }
    return { status: response.statusCode, body: parsed, headers: response.headers };
  };

  // Projects straight through the store, so harnesses with chaos mode on start the same way.
  const owner = store.orgs.owner(boot.orgId)!;
  const project = async (name: string) => {
    const at = now().toISOString();
    const created = createProjectRecord(store, { orgId: boot.orgId, name, at });
    return { id: created.id, api_key: issueProjectKey(store, created.id, owner.id, at) };
  };
  const main = await project("main project");
  const other = await project("other project");

  const h: Harness = {
    app,
    store,
    catalog,
    orgKey,
    projectId: main.id,
    apiKey: main.api_key,
    otherProjectId: other.id,
    otherApiKey: other.api_key,
    call,
    async authConfig(toolkit, authScheme, projectId = main.id) {
      const answer = await call({
        method: "POST",
        url: "/_local/auth_configs",
        orgKey,
        body: { project_id: projectId, toolkit, ...(authScheme ? { auth_scheme: authScheme } : {}) },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },
    async account(authConfigId, userId, apiKey = main.api_key, val) {
      const answer = await call({
        method: "POST",
        url: "/api/v3/connected_accounts",
        apiKey,
        body: { auth_config: { id: authConfigId }, connection: { user_id: userId, ...(val ? { state: { val } } : {}) } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      if (answer.body.status === "INITIALIZING") {
        const done = await call({ url: new URL(answer.body.redirect_url).pathname });
        expect(done.status).toBe(200);
      }
      return answer.body;
    },
    async close() {
      await app.close();
      store.close();
    },
  };
  return h;
}

/**
 * Registers the file's platform: a fresh harness for each test (`"each"`) or one for the whole
 * file (`"file"`), handed to `set` (which may also build the test's data on it) and closed after.
 */
export function useHarness(
  set: (h: Harness) => unknown,
  scope: "each" | "file" = "each",
  options: Partial<BuildAppOptions> = {},
): void {
  let current: Harness | undefined;
  const [before, after] = scope === "each" ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await harness(options);
    await set(current);
  });
  after(async () => {
    await current?.close();
  });
}

/** Asserts the error envelope and returns its `error`. */
export function expectError(answer: Answer, status: number, slug?: string): any {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const error = answer.body?.error;
  expect(error).toBeDefined();
  expect(error.status).toBe(status);
  expect(typeof error.message).toBe("string");
  expect(typeof error.code).toBe("number");
  expect(typeof error.request_id).toBe("string");
  expect(error.request_id).toBe(answer.headers["x-request-id"]);
  expect(typeof error.suggested_fix).toBe("string");
  expect(Array.isArray(error.errors)).toBe(true);
  if (slug) expect(error.slug).toBe(slug);
  return error;
}

/** The standard auth failures of a project route: no key, unknown key, malformed key, org key, org header only. */
export async function expectProjectAuthFailures(h: Harness, call: Omit<Call, "apiKey" | "orgKey">): Promise<void> {
  expectError(await h.call(call), 401, "unauthorized");
  expectError(await h.call({ ...call, apiKey: "ipk_" + "x".repeat(40) }), 401, "unauthorized");
  expectError(await h.call({ ...call, apiKey: "not a key" }), 401, "unauthorized");
  const wrongKind = expectError(await h.call({ ...call, apiKey: h.orgKey }), 403, "forbidden");
  expect(wrongKind.message).toContain("x-api-key");
  const wrongHeader = expectError(await h.call({ ...call, orgKey: h.orgKey }), 403, "forbidden");
  expect(wrongHeader.message).toContain("x-api-key");
}

/** GET `url` with a project key (the main project's by default): asserts a 200 and parses the answer with `schema`. */
export async function getParsed<S extends z.ZodType>(h: Harness, url: string, schema: S, apiKey = h.apiKey): Promise<z.output<S>> {
  const answer = await h.call({ url, apiKey });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return schema.parse(answer.body);
}

/** What `fn` throws; fails the test when it returns. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

/** A harness and the GitHub and Slack OAuth2 auth configs most tests of the project's objects start from. */
export interface WithAuthConfigs {
  h: Harness;
  github: AuthConfig;
  slack: AuthConfig;
}

/** `useHarness` for a project holding a GitHub and a Slack OAuth2 auth config; `set` takes the harness and both. */
export function useHarnessWithAuthConfigs(set: (made: WithAuthConfigs) => unknown): void {
  useHarness(async (h) => {
    const [github, slack] = [AuthConfig.parse(await h.authConfig("github", "OAUTH2")), AuthConfig.parse(await h.authConfig("slack", "OAUTH2"))];
    await set({ h, github, slack });
  });
}
