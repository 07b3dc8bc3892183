/** Session info and projects: create, list, get, delete, regenerate keys. */
import { describe, expect, it } from "vitest";
import { ListProjectsResponse, SessionInfo } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const create = (body: unknown) => h.call({ method: "POST", url: "/api/v3/org/owner/project/new", orgKey: h.orgKey, body });

describe("session info", () => {
  it("answers the project (session form), the key record with the key masked, and the member", async () => {
    const answer = await h.call({ url: "/api/v3/auth/session/info", apiKey: h.apiKey });
    expect(answer.status).toBe(200);
    const info = SessionInfo.parse(answer.body);
    expect(info.project.id).toBe(h.projectId);
    expect(info.project.nano_id).toBe(h.projectId);
    expect(info.project.org.plan).toBe("local");
    expect(info.api_key?.key).toBe(`ipk_…${h.apiKey.slice(-4)}`);
    expect(JSON.stringify(answer.body)).not.toContain(h.apiKey);
    expect(info.org_member.role).toBe("OWNER");
    await expectProjectAuthFailures(h, { url: "/api/v3/auth/session/info" });
  });
});

describe("projects", () => {
  it("creates a project, returning a key only when asked, and refuses duplicate names with 409", async () => {
    const without = await create({ name: "alpha" });
    expect(without.status).toBe(201);
    expect(without.body).toEqual({ id: expect.stringMatching(/^proj_/), name: "alpha" });
    const withKey = await create({ name: "beta", should_create_api_key: true });
    expect(withKey.body.api_key).toMatch(/^ipk_/);
    const session = await h.call({ url: "/api/v3/auth/session/info", apiKey: withKey.body.api_key });
    expect(session.body.project.id).toBe(withKey.body.id);
    const duplicate = expectError(await create({ name: "Alpha" }), 409, "conflict");
    expect(duplicate.errors[0]).toMatch(/^name:/);
  });

  it("validates the name and the config, refusing the deprecated config field", async () => {
    const missing = expectError(await create({}), 400, "validation_error");
    expect(missing.errors).toContain("name: is required");
    const bad = expectError(await create({ name: "!" }), 400);
    expect(bad.errors[0]).toMatch(/^name: must be 3-64 characters/);
    const unknown = expectError(await create({ name: "gamma", colour: "red" }), 400);
    expect(unknown.errors).toContain("colour: is not a field of this request");
    const config = expectError(await create({ name: "gamma", config: { log_visibility_setting: "loud" } }), 400);
    expect(config.errors[0]).toMatch(/^config\.log_visibility_setting: must be one of/);
    const deprecated = expectError(await create({ name: "gamma", config: { is_platform_link_enabled_for_managed_auth: true } }), 400);
    expect(deprecated.message).toContain("is_platform_link_enabled_for_managed_auth");
    const ok = await create({ name: "gamma", should_create_api_key: true, config: { require_mcp_api_key: true } });
    const cfg = await h.call({ url: "/api/v3/org/project/config", apiKey: ok.body.api_key });
    expect(cfg.body.require_mcp_api_key).toBe(true);
  });

  it("lists newest first with cursor pagination", async () => {
    for (const name of ["p one", "p two", "p three"]) await create({ name });
    const first = await h.call({ url: "/api/v3/org/owner/project/list?limit=2", orgKey: h.orgKey });
    expect(first.status).toBe(200);
    const page1 = ListProjectsResponse.parse(first.body);
    expect(page1.data.map((p) => p.name)).toEqual(["p three", "p two"]);
    expect(page1).toMatchObject({ total_items: 5, total_pages: 3, current_page: 1 });
    const second = ListProjectsResponse.parse(
      (await h.call({ url: `/api/v3/org/owner/project/list?cursor=${page1.next_cursor}`, orgKey: h.orgKey })).body,
    );
    expect(second.data.map((p) => p.name)).toEqual(["p one", "other project"]);
    expect(second.current_page).toBe(2);
    const last = ListProjectsResponse.parse(
      (await h.call({ url: `/api/v3/org/owner/project/list?cursor=${second.next_cursor}`, orgKey: h.orgKey })).body,
    );
    expect(last.data.map((p) => p.name)).toEqual(["main project"]);
    expect(last.next_cursor).toBeNull();
    expectError(await h.call({ url: "/api/v3/org/owner/project/list?cursor=%%%", orgKey: h.orgKey }), 400);
    expectError(await h.call({ url: "/api/v3/org/owner/project/list?limit=1001", orgKey: h.orgKey }), 400);
  });

  it("gets a project and answers 404 for unknown ids", async () => {
    const answer = await h.call({ url: `/api/v3/org/owner/project/${h.projectId}`, orgKey: h.orgKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: h.projectId, name: "main project", deleted: false });
    expectError(await h.call({ url: "/api/v3/org/owner/project/proj_nope", orgKey: h.orgKey }), 404, "not_found");
  });

  it("deletes a project with everything in it; its keys stop working", async () => {
    const ac = await h.authConfig("github", "OAUTH2");
    await h.account(ac.id, "alice");
    const deleted = await h.call({ method: "DELETE", url: `/api/v3/org/owner/project/${h.projectId}`, orgKey: h.orgKey });
    expect(deleted.body).toEqual({ id: h.projectId, deleted: true });
    expectError(await h.call({ url: "/api/v3/auth/session/info", apiKey: h.apiKey }), 401);
    expectError(await h.call({ url: `/api/v3/org/owner/project/${h.projectId}`, orgKey: h.orgKey }), 404);
    expectError(await h.call({ method: "DELETE", url: `/api/v3/org/owner/project/${h.projectId}`, orgKey: h.orgKey }), 404);
    expect(h.store.authConfigs.list(h.projectId)).toEqual([]);
    expect(h.store.connectedAccounts.list(h.projectId)).toEqual([]);
    // The other project is untouched.
    expect((await h.call({ url: "/api/v3/auth/session/info", apiKey: h.otherApiKey })).status).toBe(200);
  });

  it("regenerates the key: the old one stops working, the new one works", async () => {
    const answer = await h.call({ method: "POST", url: `/api/v3/org/owner/project/${h.projectId}/regenerate_api_key`, orgKey: h.orgKey });
    expect(answer.status).toBe(200);
    const fresh = answer.body.api_key;
    expect(fresh).toMatch(/^ipk_/);
    expect(fresh).not.toBe(h.apiKey);
    expectError(await h.call({ url: "/api/v3/auth/session/info", apiKey: h.apiKey }), 401);
    expect((await h.call({ url: "/api/v3/auth/session/info", apiKey: fresh })).status).toBe(200);
  });

  it("forgets remembered keys on every change: regenerate, config, delete (each key used just before)", async () => {
    const session = (apiKey: string) => h.call({ url: "/api/v3/auth/session/info", apiKey });
    const config = async () => (await h.call({ url: "/api/v3/org/project/config", apiKey: fresh })).body;
    expect((await session(h.apiKey)).status).toBe(200);
    const regenerated = await h.call({ method: "POST", url: `/api/v3/org/owner/project/${h.projectId}/regenerate_api_key`, orgKey: h.orgKey });
    const fresh: string = regenerated.body.api_key;
    expectError(await session(h.apiKey), 401);
    expect((await session(fresh)).status).toBe(200);
    expect((await config()).display_name).toBeNull();
    await h.call({ method: "PATCH", url: "/api/v3/org/project/config", apiKey: fresh, body: { display_name: "Renamed" } });
    expect((await config()).display_name).toBe("Renamed");
    expect((await session(h.otherApiKey)).status).toBe(200);
    await h.call({ method: "DELETE", url: `/api/v3/org/owner/project/${h.projectId}`, orgKey: h.orgKey });
    expectError(await session(fresh), 401);
    expect((await session(h.otherApiKey)).status).toBe(200);
    // A change rolled back forgets too (harmless), and the key is found again.
    expect(() => h.store.transaction(() => {
      h.store.projects.revokeKeys(h.otherProjectId, new Date().toISOString());
      throw new Error("rolled back");
    })).toThrow("rolled back");
    expect((await session(h.otherApiKey)).status).toBe(200);
  });

  it("refuses project keys and missing keys on organization routes", async () => {
    expectError(await h.call({ url: "/api/v3/org/owner/project/list" }), 401);
    expectError(await h.call({ url: "/api/v3/org/owner/project/list", orgKey: h.apiKey }), 403);
    expectError(await h.call({ url: "/api/v3/org/owner/project/list", apiKey: h.apiKey }), 403);
    expectError(await h.call({ url: "/api/v3/org/owner/project/list", orgKey: "iok_" + "a".repeat(40) }), 401);
  });
});
