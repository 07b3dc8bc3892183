/** Migration: legacy UUID → nano id for auth configs, connected accounts and trigger instances. */
import { describe, expect, it } from "vitest";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const lookup = (uuid: string, type: string, apiKey = h.apiKey) =>
  h.call({ url: `/api/v3/migration/get-nanoid?uuid=${uuid}&type=${type}`, apiKey });

describe("migration", () => {
  it("maps each type's legacy UUID to its nano id, within the project only", async () => {
    const ac = await h.authConfig("github", "OAUTH2");
    const ca = await h.account(ac.id, "alice");
    const ti = (
      await h.call({
        method: "POST",
        url: "/api/v3/trigger_instances/GITHUB_COMMIT_EVENT/upsert",
        apiKey: h.apiKey,
        body: { connected_account_id: ca.id, trigger_config: { owner: "o", repo: "r" } },
      })
    ).body.trigger_id;
    const tiUuid = h.store.triggers.get(h.projectId, ti)!.uuid;
    expect((await lookup(ac.uuid, "AUTH_CONFIG")).body).toEqual({ nanoid: ac.id });
    expect((await lookup(ca.deprecated.uuid, "CONNECTED_ACCOUNT")).body).toEqual({ nanoid: ca.id });
    expect((await lookup(tiUuid, "TRIGGER_INSTANCE")).body).toEqual({ nanoid: ti });
    expectError(await lookup(ac.uuid, "CONNECTED_ACCOUNT"), 404, "not_found");
    expectError(await lookup(ac.uuid, "AUTH_CONFIG", h.otherApiKey), 404);
    expectError(await lookup("00000000-0000-4000-8000-000000000000", "AUTH_CONFIG"), 404);
    expect(expectError(await lookup("not-a-uuid", "AUTH_CONFIG"), 400).errors).toEqual(["uuid: must be a UUID"]);
    expect(expectError(await lookup(ac.uuid, "PROJECT"), 400).errors[0]).toMatch(/^type: must be one of/);
    expect(expectError(await h.call({ url: "/api/v3/migration/get-nanoid", apiKey: h.apiKey }), 400).errors.length).toBe(2);
    await expectProjectAuthFailures(h, { url: `/api/v3/migration/get-nanoid?uuid=${ac.uuid}&type=AUTH_CONFIG` });
  });
});
