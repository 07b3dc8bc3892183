/** Connected accounts listed, read and deleted through the v3 API. */
import { describe, expect, it } from "vitest";
import { ConnectedAccountDetail, ConnectedAccountPage } from "../../api";
import { expectError, expectProjectAuthFailures, getParsed, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const list = (query = "") => getParsed(h, `/api/v3/connected_accounts${query}`, ConnectedAccountPage);

describe("connected accounts", () => {
  it("lists newest first with every filter, comma or repeated, and cursor pages", async () => {
    const github = await h.authConfig("github", "OAUTH2");
    const linear = await h.authConfig("linear", "API_KEY");
    const alice = await h.account(github.id, "alice");
    const bob = await h.account(linear.id, "bob", h.apiKey, { api_key: "lin-secret-4321" });
    const pending = await h.call({ method: "POST", url: "/api/v3/connected_accounts", apiKey: h.apiKey, body: { auth_config: { id: github.id }, connection: { user_id: "carol" } } });
    const carol = pending.body;
    const theirs = await h.authConfig("github", "OAUTH2", h.otherProjectId);
    await h.account(theirs.id, "alice", h.otherApiKey);

    expect((await list()).items.map((a) => a.id)).toEqual([carol.id, bob.id, alice.id]);
    expect((await list("?toolkit_slugs=linear")).items.map((a) => a.id)).toEqual([bob.id]);
    expect((await list(`?auth_config_ids=${github.id}`)).items.map((a) => a.id)).toEqual([carol.id, alice.id]);
    expect((await list("?user_ids=alice,bob")).items.map((a) => a.id)).toEqual([bob.id, alice.id]);
    expect((await list("?user_ids=alice&user_ids=carol")).items.map((a) => a.id)).toEqual([carol.id, alice.id]);
    expect((await list("?statuses=INITIALIZING")).items.map((a) => a.id)).toEqual([carol.id]);
    const page = await list("?limit=2");
    expect(page).toMatchObject({ total_items: 3, total_pages: 2, current_page: 1 });
    expect((await list(`?limit=2&cursor=${encodeURIComponent(page.next_cursor!)}`)).items.map((a) => a.id)).toEqual([alice.id]);

    const item = (await list("?user_ids=bob")).items[0]!;
    expect(item).toMatchObject({
      user_id: "bob",
      status: "ACTIVE",
      toolkit: { slug: "linear" },
      auth_config: { id: linear.id, auth_scheme: "API_KEY", is_platform_managed: false, is_disabled: false },
      connectionData: { authScheme: "API_KEY", val: { api_key: "…4321" } },
    });
    expect(JSON.stringify(await list())).not.toContain("lin-secret-4321");

    expect(expectError(await h.call({ url: "/api/v3/connected_accounts?statuses=ACTIVE,GONE", apiKey: h.apiKey }), 400).errors).toEqual([
      "statuses: every value must be one of: INITIALIZING, ACTIVE, FAILED, EXPIRED",
    ]);
    expect(expectError(await h.call({ url: "/api/v3/connected_accounts?limit=0", apiKey: h.apiKey }), 400).errors).toEqual(["limit: must be at least 1"]);
    await expectProjectAuthFailures(h, { url: "/api/v3/connected_accounts" });
  });

  it("gets one account (secrets masked) and deletes it with its triggers; another project's is 404", async () => {
    const config = await h.authConfig("github", "API_KEY");
    const account = await h.account(config.id, "erin", h.apiKey, { api_key: "gh-secret-7777" });
    const trigger = await h.call({
      method: "POST",
      url: "/api/v3/trigger_instances/GITHUB_COMMIT_EVENT/upsert",
      apiKey: h.apiKey,
      body: { connected_account_id: account.id, trigger_config: { owner: "o", repo: "r" } },
    });
    expect(trigger.status).toBe(200);
    const got = await h.call({ url: `/api/v3/connected_accounts/${account.id}`, apiKey: h.apiKey });
    expect(ConnectedAccountDetail.parse(got.body)).toMatchObject({ id: account.id, user_id: "erin", toolkit: { slug: "github" } });
    expect(got.body.connectionData.val.api_key).toBe("…7777");
    expect(got.body.created_at).toMatch(/^\d{4}-/);

    expectError(await h.call({ url: `/api/v3/connected_accounts/${account.id}`, apiKey: h.otherApiKey }), 404, "not_found");
    expectError(await h.call({ method: "DELETE", url: `/api/v3/connected_accounts/${account.id}`, apiKey: h.otherApiKey }), 404);
    await expectProjectAuthFailures(h, { url: `/api/v3/connected_accounts/${account.id}` });
    await expectProjectAuthFailures(h, { method: "DELETE", url: `/api/v3/connected_accounts/${account.id}` });

    expect((await h.call({ method: "DELETE", url: `/api/v3/connected_accounts/${account.id}`, apiKey: h.apiKey })).body).toEqual({ id: account.id, deleted: true });
    expectError(await h.call({ url: `/api/v3/connected_accounts/${account.id}`, apiKey: h.apiKey }), 404);
    expectError(await h.call({ method: "PATCH", url: `/api/v3/trigger_instances/manage/${trigger.body.trigger_id}`, apiKey: h.apiKey, body: { status: "disable" } }), 404);
    expect((await list()).items).toEqual([]);
  });

  it("shows a disabled auth config on its accounts", async () => {
    const config = await h.authConfig("linear", "API_KEY");
    const account = await h.account(config.id, "finn");
    await h.call({ method: "PATCH", url: `/api/v3/auth_configs/${config.id}/DISABLED`, apiKey: h.apiKey });
    expect((await h.call({ url: `/api/v3/connected_accounts/${account.id}`, apiKey: h.apiKey })).body.auth_config.is_disabled).toBe(true);
  });
});
