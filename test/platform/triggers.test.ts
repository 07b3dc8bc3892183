/** Trigger instances (upsert, active list with every filter, enable/disable, delete) and trigger types. */
import { describe, expect, it } from "vitest";
import { TriggerInstancePage, TriggerTypePage, type AuthConfig } from "../../api";
import { encodeCursor, paginateByCursor } from "../../platform/pagination";
import { expectError, expectProjectAuthFailures, type Harness, useHarnessWithAuthConfigs } from "./helpers";

let h: Harness, github: AuthConfig, slack: AuthConfig;
let alice: any;
let bob: any;
let bobSlack: any;
useHarnessWithAuthConfigs(async (made) => {
  ({ h, github, slack } = made);
  alice = await h.account(github.id, "alice");
  bob = await h.account(github.id, "bob");
  bobSlack = await h.account(slack.id, "bob");
});

const upsert = (slug: string, body: unknown, apiKey = h.apiKey) =>
  h.call({ method: "POST", url: `/api/v3/trigger_instances/${slug}/upsert`, apiKey, body });
const active = async (query = "") => {
  const answer = await h.call({ url: `/api/v3/trigger_instances/active${query}`, apiKey: h.apiKey });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return TriggerInstancePage.parse(answer.body);
};

describe("trigger instances", () => {
  it("upserts: the same account and slug updates the config instead of duplicating", async () => {
    const first = await upsert("GITHUB_COMMIT_EVENT", { connected_account_id: alice.id, trigger_config: { owner: "o", repo: "r" } });
    expect(first.status).toBe(200);
    expect(first.body.trigger_id).toMatch(/^ti_/);
    const again = await upsert("github_commit_event", { connected_account_id: alice.id, trigger_config: { owner: "o", repo: "r2" } });
    expect(again.body.trigger_id).toBe(first.body.trigger_id);
    const page = await active();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: first.body.trigger_id,
      trigger_name: "GITHUB_COMMIT_EVENT",
      triggerName: "GITHUB_COMMIT_EVENT",
      user_id: "alice",
      connected_account_id: alice.id,
      connectedAccountId: alice.id,
      trigger_config: { owner: "o", repo: "r2" },
      disabled_at: null,
    });
    expect(page.items[0]!.connected_account_uuid).toBe(alice.deprecated.uuid);
  });

  it("refuses unknown slugs (404), unknown or foreign accounts, wrong toolkit and bad config (400)", async () => {
    expectError(await upsert("NOPE_EVENT", { connected_account_id: alice.id }), 404, "not_found");
    const foreign = await h.account((await h.authConfig("github", "OAUTH2", h.otherProjectId)).id, "eve", h.otherApiKey);
    expect(expectError(await upsert("GITHUB_COMMIT_EVENT", { connected_account_id: foreign.id, trigger_config: { owner: "o", repo: "r" } }), 400).errors[0]).toMatch(
      /^connected_account_id:/,
    );
    expect(expectError(await upsert("SLACK_RECEIVE_MESSAGE", { connected_account_id: alice.id }), 400).errors[0]).toMatch(/^connected_account_id:.*github/);
    const missing = expectError(await upsert("GITHUB_COMMIT_EVENT", { connected_account_id: alice.id, trigger_config: {} }), 400);
    expect(missing.errors.map((e: string) => e.split(":")[0]).sort()).toEqual(["trigger_config.owner", "trigger_config.repo"]);
    expect(expectError(await upsert("GITHUB_COMMIT_EVENT", {}), 400).errors).toContain("connected_account_id: is required");
    await expectProjectAuthFailures(h, { method: "POST", url: "/api/v3/trigger_instances/GITHUB_COMMIT_EVENT/upsert", body: {} });
  });

  it("filters the active list by every parameter, alias and array form", async () => {
    const t1 = (await upsert("GITHUB_COMMIT_EVENT", { connected_account_id: alice.id, trigger_config: { owner: "o", repo: "r" } })).body.trigger_id;
    const t2 = (await upsert("GITHUB_STAR_ADDED_EVENT", { connected_account_id: bob.id, trigger_config: { owner: "o", repo: "r" } })).body.trigger_id;
    const t3 = (await upsert("SLACK_RECEIVE_MESSAGE", { connected_account_id: bobSlack.id, trigger_config: {} })).body.trigger_id;
    const ids = async (query: string) => (await active(query)).items.map((t) => t.id).sort();
    expect(await ids("")).toEqual([t1, t2, t3].sort());
    expect(await ids("?user_ids=bob")).toEqual([t2, t3].sort());
    expect(await ids("?user_ids=alice,bob")).toEqual([t1, t2, t3].sort());
    expect(await ids("?user_ids=alice&user_ids=bob")).toEqual([t1, t2, t3].sort());
    expect(await ids("?user_ids[]=alice")).toEqual([t1]);
    expect(await ids(`?connected_account_ids=${bobSlack.id}`)).toEqual([t3]);
    expect(await ids(`?connectedAccountIds=${bobSlack.id}`)).toEqual([t3]);
    expect(await ids(`?deprecatedConnectedAccountUuids=${alice.deprecated.uuid}`)).toEqual([t1]);
    expect(await ids(`?auth_config_ids=${slack.id}`)).toEqual([t3]);
    expect(await ids(`?authConfigIds=${github.id}`)).toEqual([t1, t2].sort());
    expect(await ids(`?deprecatedAuthConfigUuids=${slack.uuid}`)).toEqual([t3]);
    expect(await ids(`?trigger_ids=${t1},${t2}`)).toEqual([t1, t2].sort());
    expect(await ids(`?triggerIds[]=${t2}`)).toEqual([t2]);
    expect(await ids("?trigger_names=github_commit_event")).toEqual([t1]);
    expect(await ids("?triggerNames=Slack_Receive_Message")).toEqual([t3]);
    expect(await ids(`?user_ids=bob&trigger_names=SLACK_RECEIVE_MESSAGE,GITHUB_COMMIT_EVENT`)).toEqual([t3]);
    const paged = await active("?limit=2");
    expect(paged).toMatchObject({ total_items: 3, total_pages: 2, current_page: 1 });
    expect((await active(`?cursor=${paged.next_cursor}`)).items).toHaveLength(1);
    expectError(await h.call({ url: "/api/v3/trigger_instances/active?limit=1001", apiKey: h.apiKey }), 400);
    expectError(await h.call({ url: "/api/v3/trigger_instances/active?show_disabled=maybe", apiKey: h.apiKey }), 400);
    // Another project's triggers never show.
    expect((await h.call({ url: "/api/v3/trigger_instances/active", apiKey: h.otherApiKey })).body.items).toEqual([]);
  });

  it("pages in the store exactly as paging the whole list: every limit, every page, past the end, with filters", async () => {
    const accounts = [alice, bob, await h.account(github.id, "carol")];
    for (const account of accounts) {
      for (const slug of ["GITHUB_COMMIT_EVENT", "GITHUB_STAR_ADDED_EVENT", "GITHUB_PULL_REQUEST_EVENT"]) {
        await upsert(slug, { connected_account_id: account.id, trigger_config: { owner: "o", repo: "r" } });
      }
    }
    const all = await active("?limit=1000");
    expect(all.items).toHaveLength(9);
    // Disable two, so the default list (live only) and show_disabled differ.
    for (const trigger of all.items.slice(2, 4)) {
      await h.call({ method: "PATCH", url: `/api/v3/trigger_instances/manage/${trigger.id}`, apiKey: h.apiKey, body: { status: "disable" } });
    }
    for (const filter of ["", "show_disabled=true&", "user_ids=bob,carol&", `trigger_ids=${all.items[0]!.id}&`, "user_ids=nobody&"]) {
      const whole = (await active(`?${filter}limit=1000`)).items;
      for (let limit = 1; limit <= whole.length + 1; limit++) {
        for (let page = 1; page <= Math.ceil(whole.length / limit) + 1; page++) {
          const cursor = encodeCursor({ page, limit });
          const expected = paginateByCursor(whole, { cursor });
          expect(await active(`?${filter}cursor=${cursor}`), `${filter} page ${page} of ${limit}`).toEqual(expected);
        }
      }
    }
  });

  it("disables and enables (setting and clearing disabled_at), then deletes permanently", async () => {
    const id = (await upsert("GITHUB_COMMIT_EVENT", { connected_account_id: alice.id, trigger_config: { owner: "o", repo: "r" } })).body.trigger_id;
    const manage = (status: string, apiKey = h.apiKey) =>
      h.call({ method: "PATCH", url: `/api/v3/trigger_instances/manage/${id}`, apiKey, body: { status } });
    expect((await manage("disable")).body).toEqual({ status: "success" });
    expect((await active()).items).toEqual([]);
    const disabled = (await active("?show_disabled=true")).items[0]!;
    expect(disabled.disabled_at).toEqual(expect.any(String));
    expect(disabled.disabledAt).toBe(disabled.disabled_at);
    expect((await active("?showDisabled=1")).items).toHaveLength(1);
    await manage("enable");
    expect((await active()).items[0]!.disabled_at).toBeNull();
    expect(expectError(await manage("pause"), 400).errors[0]).toBe("status: must be enable or disable");
    expectError(await manage("disable", h.otherApiKey), 404);
    expectError(await h.call({ method: "DELETE", url: `/api/v3/trigger_instances/manage/${id}`, apiKey: h.otherApiKey }), 404);
    const deleted = await h.call({ method: "DELETE", url: `/api/v3/trigger_instances/manage/${id}`, apiKey: h.apiKey });
    expect(deleted.body).toEqual({ trigger_id: id });
    expect((await active("?show_disabled=true")).items).toEqual([]);
    expectError(await h.call({ method: "DELETE", url: `/api/v3/trigger_instances/manage/${id}`, apiKey: h.apiKey }), 404);
    expectError(await manage("enable"), 404);
  });
});

describe("trigger types", () => {
  it("lists trigger types by toolkit and version, with cursor pages", async () => {
    const list = async (query = "") => {
      const answer = await h.call({ url: `/api/v3/triggers_types${query}`, apiKey: h.apiKey });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return TriggerTypePage.parse(answer.body);
    };
    const all = await list();
    expect(all.total_items).toBeGreaterThanOrEqual(8);
    const github = await list("?toolkit_slugs=github");
    expect(github.items.every((t) => t.toolkit.slug === "github")).toBe(true);
    expect((await list("?toolkit_slugs=github&toolkit_versions=latest")).items).toEqual(github.items);
    const versions = h.catalog.availableVersions("github")!;
    const oldest = versions[versions.length - 1]!;
    const pinned = await list(`?toolkit_slugs[]=github&toolkit_versions[github]=${oldest}`);
    expect(pinned.items.length).toBeGreaterThan(0);
    expect(expectError(await h.call({ url: "/api/v3/triggers_types?toolkit_versions[github]=19990101_00", apiKey: h.apiKey }), 400).errors[0]).toMatch(
      /^toolkit_versions/,
    );
    const page = await list("?limit=2");
    expect(page.items).toHaveLength(2);
    expect((await list(`?cursor=${page.next_cursor}`)).current_page).toBe(2);
    expectError(await h.call({ url: "/api/v3/triggers_types?limit=1001", apiKey: h.apiKey }), 400);
  });
});
