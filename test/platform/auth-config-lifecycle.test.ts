/** Auth configs made and managed through the v3 API: create, list, update, enable/disable, delete. */
import { describe, expect, it } from "vitest";
import { AuthConfig, AuthConfigPage, CreateAuthConfigResponse } from "../../api";
import { expectError, expectProjectAuthFailures, getParsed, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const create = (body: unknown, apiKey = h.apiKey) => h.call({ method: "POST", url: "/api/v3/auth_configs", apiKey, body });
const get = (id: string, apiKey = h.apiKey) => h.call({ url: `/api/v3/auth_configs/${id}`, apiKey });

describe("POST /api/v3/auth_configs", () => {
  it("makes a platform-managed config with the toolkit's managed scheme when auth_config is absent", async () => {
    const answer = await create({ toolkit: { slug: "github" } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const created = CreateAuthConfigResponse.parse(answer.body);
    expect(created).toMatchObject({ auth_config: { auth_scheme: "OAUTH2", is_platform_managed: true, restrict_to_following_tools: [] }, toolkit: { slug: "github" } });
    const read = AuthConfig.parse((await get(created.auth_config.id)).body);
    expect(read).toMatchObject({ type: "default", status: "ENABLED", is_platform_managed: true, name: "GitHub oauth2" });
  });

  it("makes a custom config with credentials, proxy and tool access, and masks every secret on GET", async () => {
    const answer = await create({
      toolkit: { slug: "github" },
      auth_config: {
        type: "use_custom_auth",
        authScheme: "OAUTH2",
        name: "Our GitHub app",
        credentials: { client_id: "cid-123", client_secret: "super-secret-value", scopes: "repo,user" },
        proxy_config: { proxy_url: "https://proxy.example.com", proxy_auth_key: "proxy-key-9876" },
        shared_credentials: { api_token: "shared-token-5555" },
        tool_access_config: { tools_for_connected_account_creation: ["GITHUB_GET_AUTHENTICATED_USER"] },
        restrict_to_following_tools: ["GITHUB_CREATE_ISSUE"],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.auth_config).toMatchObject({ auth_scheme: "OAUTH2", is_platform_managed: false, restrict_to_following_tools: ["GITHUB_CREATE_ISSUE"] });
    const read = await get(answer.body.auth_config.id);
    const config = AuthConfig.parse(read.body);
    expect(config).toMatchObject({ type: "custom", name: "Our GitHub app", is_platform_managed: false });
    expect(config.credentials).toEqual({ client_id: "cid-123", client_secret: "…alue", scopes: "repo,user" });
    expect(config.proxy_config).toEqual({ proxy_url: "https://proxy.example.com", proxy_auth_key: "…9876" });
    expect(config.shared_credentials).toEqual({ api_token: "…5555" });
    expect(config.tool_access_config).toEqual({
      tools_for_connected_account_creation: ["GITHUB_GET_AUTHENTICATED_USER"],
      tools_available_for_execution: ["GITHUB_CREATE_ISSUE"],
    });
    for (const secret of ["super-secret-value", "proxy-key-9876", "shared-token-5555"]) expect(read.body ? JSON.stringify(read.body) : "").not.toContain(secret);
  });

  it("takes the scheme case-insensitively and makes NO_AUTH configs for toolkits without auth", async () => {
    const apiKey = await create({ toolkit: { slug: "linear" }, auth_config: { type: "use_custom_auth", authScheme: "api_key" } });
    expect(apiKey.body.auth_config.auth_scheme).toBe("API_KEY");
    const none = await create({ toolkit: { slug: "hackernews" } });
    expect(none.status).toBe(201);
    expect(none.body.auth_config).toMatchObject({ auth_scheme: "NO_AUTH", is_platform_managed: false });
  });

  it("refuses schemes the toolkit lacks, platform-managed auth where it is not offered, missing credentials and foreign tools (400 naming the field)", async () => {
    const scheme = expectError(await create({ toolkit: { slug: "gmail" }, auth_config: { type: "use_custom_auth", authScheme: "API_KEY" } }), 400, "validation_error");
    expect(scheme.errors).toEqual(["auth_config.authScheme: must be one of: OAUTH2"]);
    const managed = expectError(await create({ toolkit: { slug: "openweather" } }), 400);
    expect(managed.errors[0]).toMatch(/^auth_config\.type: openweather offers no platform-managed auth; use use_custom_auth with one of: API_KEY/);
    const twitter = expectError(await create({ toolkit: { slug: "twitter" }, auth_config: { type: "use_platform_managed_auth" } }), 400);
    expect(twitter.errors[0]).toMatch(/^auth_config\.type:/);
    const creds = expectError(await create({ toolkit: { slug: "github" }, auth_config: { type: "use_custom_auth", authScheme: "OAUTH2", credentials: { client_id: "x" } } }), 400);
    expect(creds.errors).toEqual(["auth_config.credentials.client_secret: is required for a custom OAUTH2 auth config"]);
    const tools = expectError(
      await create({ toolkit: { slug: "github" }, auth_config: { type: "use_platform_managed_auth", restrict_to_following_tools: ["GMAIL_SEND_EMAIL", "NOPE"] } }),
      400,
    );
    expect(tools.errors[0]).toMatch(/^auth_config\.restrict_to_following_tools\[0\]: GMAIL_SEND_EMAIL is a tool of gmail, not github/);
    expect(tools.errors[1]).toBe('auth_config.restrict_to_following_tools[1]: unknown tool "NOPE"');
    expect(expectError(await create({ toolkit: { slug: "nope" } }), 400).errors).toEqual(['toolkit.slug: unknown toolkit "nope"']);
    expect(expectError(await create({}), 400).errors).toContain("toolkit: is required");
    expect(expectError(await create({ toolkit: { slug: "github" }, auth_config: { type: "mine" } }), 400).errors[0]).toMatch(/^auth_config\.type: /);
    expect(
      expectError(await create({ toolkit: { slug: "github" }, auth_config: { type: "use_custom_auth", authScheme: "API_KEY", proxy_config: { proxy_url: "nope" } } }), 400).errors,
    ).toEqual(["auth_config.proxy_config.proxy_url: must be an absolute URL"]);
    // Nothing was made by the refused requests.
    expect((await h.call({ url: "/api/v3/auth_configs?show_disabled=true", apiKey: h.apiKey })).body.items).toEqual([]);
  });

  it("needs a project key", async () => {
    await expectProjectAuthFailures(h, { method: "POST", url: "/api/v3/auth_configs", body: { toolkit: { slug: "github" } } });
  });
});

describe("GET /api/v3/auth_configs", () => {
  it("lists the project's configs with filters, search, disabled ones on request, and cursor pages", async () => {
    const github = (await create({ toolkit: { slug: "github" } })).body.auth_config.id;
    const linear = (await create({ toolkit: { slug: "linear" }, auth_config: { type: "use_custom_auth", authScheme: "API_KEY", name: "Linear for support" } })).body.auth_config.id;
    const slack = (await create({ toolkit: { slug: "slack" } })).body.auth_config.id;
    await create({ toolkit: { slug: "github" } }, h.otherApiKey);
    await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${slack}/DISABLED`, apiKey: h.apiKey });
    const list = (query: string) => getParsed(h, `/api/v3/auth_configs${query}`, AuthConfigPage);
    expect((await list("")).items.map((c) => c.id)).toEqual([github, linear]);
    expect((await list("?show_disabled=true")).items.map((c) => c.id)).toEqual([github, linear, slack]);
    expect((await list("?toolkit_slug=LINEAR")).items.map((c) => c.id)).toEqual([linear]);
    expect((await list("?is_platform_managed=false")).items.map((c) => c.id)).toEqual([linear]);
    expect((await list("?search=support")).items.map((c) => c.id)).toEqual([linear]);
    const first = await list("?limit=1&show_disabled=true");
    expect(first).toMatchObject({ total_items: 3, total_pages: 3, current_page: 1 });
    const second = await list(`?limit=1&show_disabled=true&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.items.map((c) => c.id)).toEqual([linear]);
    expect(expectError(await h.call({ url: "/api/v3/auth_configs?limit=1001", apiKey: h.apiKey }), 400).errors).toEqual(["limit: must be at most 1000"]);
    expect(expectError(await h.call({ url: "/api/v3/auth_configs?show_disabled=maybe", apiKey: h.apiKey }), 400).errors[0]).toMatch(/^show_disabled:/);
    await expectProjectAuthFailures(h, { url: "/api/v3/auth_configs" });
  });
});

describe("PATCH, status and DELETE /api/v3/auth_configs/{nanoid}", () => {
  it("replaces custom credentials and proxy, sets default scopes, and changes tool access", async () => {
    const custom = (await create({ toolkit: { slug: "github" }, auth_config: { type: "use_custom_auth", authScheme: "OAUTH2", credentials: { client_id: "a", client_secret: "old-secret-1111" } } })).body.auth_config.id;
    const patched = await h.call({
      method: "PATCH",
      url: `/api/v3/auth_configs/${custom}`,
      apiKey: h.apiKey,
      body: { type: "custom", credentials: { client_id: "b", client_secret: "new-secret-2222" }, proxy_config: { proxy_url: "https://p.example.com" }, tool_access_config: { tools_available_for_execution: ["GITHUB_GET_REPOSITORY"] } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(AuthConfig.parse(patched.body)).toMatchObject({
      credentials: { client_id: "b", client_secret: "…2222" },
      proxy_config: { proxy_url: "https://p.example.com" },
      restrict_to_following_tools: ["GITHUB_GET_REPOSITORY"],
    });
    const managed = (await create({ toolkit: { slug: "github" } })).body.auth_config.id;
    const scoped = await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${managed}`, apiKey: h.apiKey, body: { type: "default", scopes: ["repo", "user"] } });
    expect(scoped.body.credentials).toEqual({ scopes: ["repo", "user"] });
    expect(scoped.body.last_updated_at > scoped.body.created_at).toBe(true);
    // The kind of the body must match the kind of the config.
    expect(expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${managed}`, apiKey: h.apiKey, body: { type: "custom", credentials: {} } }), 400).errors[0]).toMatch(/^type: .* is platform-managed/);
    expect(expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${custom}`, apiKey: h.apiKey, body: { type: "default" } }), 400).errors[0]).toMatch(/^type: .* uses custom auth/);
    expect(expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${custom}`, apiKey: h.apiKey, body: { type: "custom" } }), 400).errors).toEqual(["credentials: is required"]);
    expect(
      expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${custom}`, apiKey: h.apiKey, body: { type: "custom", credentials: { client_id: "c" } } }), 400).errors,
    ).toEqual(["credentials.client_secret: is required for a custom OAUTH2 auth config"]);
  });

  it("disables (refusing new connected accounts), enables, and soft-deletes", async () => {
    const id = (await create({ toolkit: { slug: "linear" }, auth_config: { type: "use_custom_auth", authScheme: "API_KEY" } })).body.auth_config.id;
    const disabled = await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${id}/DISABLED`, apiKey: h.apiKey });
    expect(disabled.body).toEqual({ id, status: "DISABLED" });
    expect((await get(id)).body.status).toBe("DISABLED");
    const refused = expectError(
      await h.call({ method: "POST", url: "/api/v3/connected_accounts", apiKey: h.apiKey, body: { auth_config: { id }, connection: { user_id: "dana" } } }),
      400,
    );
    expect(refused.errors[0]).toMatch(new RegExp(`^auth_config\\.id: auth config "${id}" is disabled`));
    expect((await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${id}/ENABLED`, apiKey: h.apiKey })).body).toEqual({ id, status: "ENABLED" });
    await h.account(id, "dana");
    expect(expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${id}/PAUSED`, apiKey: h.apiKey }), 400).errors).toEqual(["status: must be one of: ENABLED, DISABLED"]);

    expect((await h.call({ method: "DELETE", url: `/api/v3/auth_configs/${id}`, apiKey: h.apiKey })).body).toEqual({ id, deleted: true });
    expectError(await get(id), 404, "not_found");
    expectError(await h.call({ method: "DELETE", url: `/api/v3/auth_configs/${id}`, apiKey: h.apiKey }), 404);
    expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${id}/ENABLED`, apiKey: h.apiKey }), 404);
    expect((await h.call({ url: "/api/v3/auth_configs?show_disabled=true", apiKey: h.apiKey })).body.items).toEqual([]);
  });

  it("answers 404 for another project's config on every route, and needs a project key", async () => {
    const theirs = (await create({ toolkit: { slug: "github" } }, h.otherApiKey)).body.auth_config.id;
    expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${theirs}`, apiKey: h.apiKey, body: { type: "default", scopes: ["x"] } }), 404);
    expectError(await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${theirs}/DISABLED`, apiKey: h.apiKey }), 404);
    expectError(await h.call({ method: "DELETE", url: `/api/v3/auth_configs/${theirs}`, apiKey: h.apiKey }), 404);
    expect((await get(theirs, h.otherApiKey)).body.status).toBe("ENABLED");
    await expectProjectAuthFailures(h, { method: "PATCH", url: `/api/v3/auth_configs/${theirs}/DISABLED` });
    await expectProjectAuthFailures(h, { method: "DELETE", url: `/api/v3/auth_configs/${theirs}` });
  });
});
