/** Connected accounts: OAuth → INITIALIZING with a redirect, API key → ACTIVE, validation, refresh. */
import { describe, expect, it } from "vitest";
import { ConnectedAccount } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const create = (body: unknown, apiKey = h.apiKey) => h.call({ method: "POST", url: "/api/v3/connected_accounts", apiKey, body });

describe("connected accounts", () => {
  it("starts OAuth accounts in INITIALIZING with a redirect URL that completes them", async () => {
    const github = await h.authConfig("github", "OAUTH2");
    const answer = await create({ auth_config: { id: github.id }, connection: { user_id: "alice", callback_url: "https://app.example.com/done" } });
    expect(answer.status).toBe(201);
    const account = ConnectedAccount.parse(answer.body);
    expect(account.status).toBe("INITIALIZING");
    expect(account.connectionData).toMatchObject({ authScheme: "OAUTH2", val: { status: "INITIALIZING" } });
    expect(account.redirect_url).toMatch(new RegExp(`/_local/oauth/authorize/${account.id}$`));
    expect(account.deprecated).toMatchObject({ authConfigUuid: github.uuid });
    const done = await h.app.inject({ url: new URL(account.redirect_url!).pathname });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`https://app.example.com/done?status=success&connected_account_id=${account.id}`);
    expect(h.store.connectedAccounts.get(h.projectId, account.id)?.status).toBe("ACTIVE");
    const twitter = await h.authConfig("twitter", "OAUTH1");
    expect((await create({ auth_config: { id: twitter.id }, connection: {} })).body.status).toBe("INITIALIZING");
  });

  it("activates API-key accounts, validating required credentials only when asked", async () => {
    const linear = await h.authConfig("linear", "API_KEY");
    const ok = await create({ auth_config: { id: linear.id }, connection: { user_id: "bob", state: { val: { api_key: "lin_api_12345678" } } }, validate_credentials: true });
    expect(ok.status).toBe(201);
    expect(ok.body.status).toBe("ACTIVE");
    expect(ok.body.redirect_url).toBeNull();
    expect(ok.body.connectionData.val.api_key).toBe("…5678");
    const missing = expectError(
      await create({ auth_config: { id: linear.id }, connection: { state: { val: { api_key: "  " } } }, validate_credentials: true }),
      400,
      "validation_error",
    );
    expect(missing.errors).toEqual(["connection.state.val.api_key: is required for API_KEY"]);
    const unchecked = await create({ auth_config: { id: linear.id }, connection: {} });
    expect(unchecked.body.status).toBe("ACTIVE");
    const hn = await h.authConfig("hackernews");
    expect((await create({ auth_config: { id: hn.id }, connection: {}, validate_credentials: true })).body.status).toBe("ACTIVE");
  });

  it("takes user_id from the connection or the top level (default 'default')", async () => {
    const hn = await h.authConfig("hackernews");
    const top = await create({ auth_config: { id: hn.id }, connection: {}, user_id: "carol" });
    expect(h.store.connectedAccounts.get(h.projectId, top.body.id)?.user_id).toBe("carol");
    const none = await create({ auth_config: { id: hn.id }, connection: {} });
    expect(h.store.connectedAccounts.get(h.projectId, none.body.id)?.user_id).toBe("default");
  });

  it("refuses invalid bodies and other projects' auth configs", async () => {
    const theirs = await h.authConfig("github", "OAUTH2", h.otherProjectId);
    const foreign = expectError(await create({ auth_config: { id: theirs.id }, connection: {} }), 400);
    expect(foreign.errors[0]).toMatch(/^auth_config\.id: no auth config/);
    const missing = expectError(await create({ connection: {} }), 400);
    expect(missing.errors).toContain("auth_config: is required");
    const badUrl = expectError(await create({ auth_config: { id: theirs.id }, connection: { callback_url: "nope" } }), 400);
    expect(badUrl.errors[0]).toMatch(/^connection\.callback_url:/);
    await expectProjectAuthFailures(h, { method: "POST", url: "/api/v3/connected_accounts", body: {} });
  });

  it("refreshes: OAuth starts a new flow, API key stays ACTIVE; body redirect_url wins over the query", async () => {
    const github = await h.authConfig("github", "OAUTH2");
    const account = await h.account(github.id, "alice");
    const refreshed = await h.call({
      method: "POST",
      url: `/api/v3/connected_accounts/${account.id}/refresh?redirect_url=https://query.example.com`,
      apiKey: h.apiKey,
      body: { redirect_url: "https://body.example.com/cb" },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ id: account.id, status: "INITIALIZING" });
    expect(refreshed.body.redirect_url).toContain(`/_local/oauth/authorize/${account.id}`);
    const done = await h.app.inject({ url: new URL(refreshed.body.redirect_url).pathname });
    expect(done.headers.location).toMatch(/^https:\/\/body\.example\.com\/cb\?/);

    const linear = await h.authConfig("linear", "API_KEY");
    const keyed = await h.account(linear.id, "bob", h.apiKey, { api_key: "lin_123456" });
    const again = await h.call({ method: "POST", url: `/api/v3/connected_accounts/${keyed.id}/refresh`, apiKey: h.apiKey, body: { validate_credentials: true } });
    expect(again.body).toEqual({ id: keyed.id, status: "ACTIVE", redirect_url: null });
    const empty = await h.account(linear.id, "bob");
    expectError(
      await h.call({ method: "POST", url: `/api/v3/connected_accounts/${empty.id}/refresh`, apiKey: h.apiKey, body: { validate_credentials: true } }),
      400,
    );
    // No body at all is fine.
    expect((await h.call({ method: "POST", url: `/api/v3/connected_accounts/${keyed.id}/refresh`, apiKey: h.apiKey })).status).toBe(200);
    expectError(await h.call({ method: "POST", url: `/api/v3/connected_accounts/${keyed.id}/refresh`, apiKey: h.otherApiKey }), 404);
    expectError(await h.call({ method: "POST", url: "/api/v3/connected_accounts/ca_nope/refresh", apiKey: h.apiKey }), 404);
  });
});
