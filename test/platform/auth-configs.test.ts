/** Auth configs: read through the API, created through the local admin surface. */
import { describe, expect, it } from "vitest";
import { AuthConfig } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

describe("auth configs", () => {
  it("gets an auth config with toolkit logo, connection count and masked credentials", async () => {
    const created = await h.call({
      method: "POST",
      url: "/_local/auth_configs",
      orgKey: h.orgKey,
      body: { project_id: h.projectId, toolkit: "github", auth_scheme: "OAUTH2", credentials: { client_id: "abc", client_secret: "s3cr3t-value" } },
    });
    expect(created.status).toBe(201);
    await h.account(created.body.id, "alice");
    const answer = await h.call({ url: `/api/v3/auth_configs/${created.body.id}`, apiKey: h.apiKey });
    expect(answer.status).toBe(200);
    const config = AuthConfig.parse(answer.body);
    expect(config).toMatchObject({ id: created.body.id, auth_scheme: "OAUTH2", status: "ENABLED", type: "default", no_of_connections: 1 });
    expect(config.toolkit.slug).toBe("github");
    expect(config.toolkit.logo).toMatch(/^https?:/);
    expect(config.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(config.credentials).toEqual({ client_id: "abc", client_secret: "…alue" });
    expect(JSON.stringify(answer.body)).not.toContain("s3cr3t-value");
  });

  it("answers 404 for unknown ids and for another project's auth config", async () => {
    const theirs = await h.authConfig("github", "OAUTH2", h.otherProjectId);
    expectError(await h.call({ url: `/api/v3/auth_configs/${theirs.id}`, apiKey: h.apiKey }), 404, "not_found");
    expectError(await h.call({ url: "/api/v3/auth_configs/ac_unknown", apiKey: h.apiKey }), 404, "not_found");
    expect((await h.call({ url: `/api/v3/auth_configs/${theirs.id}`, apiKey: h.otherApiKey })).status).toBe(200);
    await expectProjectAuthFailures(h, { url: `/api/v3/auth_configs/${theirs.id}` });
  });
});

describe("local admin surface for auth configs", () => {
  it("validates toolkit, scheme and project, and needs the organization key", async () => {
    const post = (body: unknown, key = h.orgKey) => h.call({ method: "POST", url: "/_local/auth_configs", orgKey: key, body });
    expect(expectError(await post({ project_id: h.projectId, toolkit: "nope" }), 400).errors[0]).toMatch(/^toolkit:/);
    expect(expectError(await post({ project_id: h.projectId, toolkit: "gmail", auth_scheme: "API_KEY" }), 400).errors[0]).toMatch(
      /^auth_scheme: must be one of: OAUTH2/,
    );
    expect(expectError(await post({ project_id: "proj_x", toolkit: "gmail" }), 400).errors[0]).toMatch(/^project_id:/);
    expect(expectError(await post({ toolkit: "gmail" }), 400).errors).toContain("project_id: is required");
    expectError(await h.call({ method: "POST", url: "/_local/auth_configs", apiKey: h.apiKey, body: {} }), 403);
    expectError(await h.call({ method: "POST", url: "/_local/auth_configs", body: {} }), 401);
    const noAuth = await post({ project_id: h.projectId, toolkit: "hackernews" });
    expect(noAuth.body.auth_scheme).toBe("NO_AUTH");
    const defaulted = await post({ project_id: h.projectId, toolkit: "linear" });
    expect(defaulted.body.auth_scheme).toBe("API_KEY");
    const list = await h.call({ url: `/_local/auth_configs?project_id=${h.projectId}`, orgKey: h.orgKey });
    expect(list.body.items.map((c: { toolkit: { slug: string } }) => c.toolkit.slug)).toEqual(["hackernews", "linear"]);
  });
});
