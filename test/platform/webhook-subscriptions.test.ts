/** The project's webhook subscription: one per project, kept equal to the project's webhook fields. */
import { describe, expect, it } from "vitest";
import { WebhookEventTypes, WebhookSubscription, WEBHOOK_EVENT_TYPES } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const BASE = "/api/v3/webhook_subscriptions";
const create = (body: unknown, apiKey = h.apiKey) => h.call({ method: "POST", url: BASE, apiKey, body });
const session = async (apiKey = h.apiKey) => (await h.call({ url: "/api/v3/auth/session/info", apiKey })).body.project;

describe("webhook subscription", () => {
  it("creates one per project with a whsec_ secret shown once, and a second create is a 409", async () => {
    const answer = await create({ webhook_url: "https://hooks.example.com/in", enabled_events: ["platform.trigger.message"] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const sub = WebhookSubscription.parse(answer.body);
    expect(sub).toMatchObject({ webhook_url: "https://hooks.example.com/in", version: "V3", enabled_events: ["platform.trigger.message"] });
    expect(sub.id).toMatch(/^whs_/);
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((await session()).webhook_url).toBe("https://hooks.example.com/in");
    expect((await session()).webhook_secret).toBe(sub.secret);

    const got = await h.call({ url: `${BASE}/${sub.id}`, apiKey: h.apiKey });
    expect(got.body.secret).toBe(`whsec_…${sub.secret.slice(-4)}`);
    expect(JSON.stringify(got.body)).not.toContain(sub.secret);
    const listed = await h.call({ url: BASE, apiKey: h.apiKey });
    expect(listed.body).toMatchObject({ total_items: 1, items: [{ id: sub.id, secret: got.body.secret }] });

    const again = expectError(await create({ webhook_url: "https://other.example.com", enabled_events: ["platform.trigger.message"] }), 409, "conflict");
    expect(again.message).toContain(sub.id);
    // Another project has its own.
    expect((await create({ webhook_url: "https://b.example.com", enabled_events: ["platform.trigger.disabled"] }, h.otherApiKey)).status).toBe(201);
  });

  it("updates the fields sent, rotates the secret, deletes, and keeps the project's fields in step", async () => {
    const sub = (await create({ webhook_url: "https://one.example.com", enabled_events: ["platform.trigger.message"], version: "V2" })).body;
    const patched = await h.call({ method: "PATCH", url: `${BASE}/${sub.id}`, apiKey: h.apiKey, body: { webhook_url: "http://127.0.0.1:9/hook", enabled_events: ["platform.trigger.message", "platform.trigger.disabled"] } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ webhook_url: "http://127.0.0.1:9/hook", version: "V2", enabled_events: ["platform.trigger.message", "platform.trigger.disabled"] });
    expect(await session()).toMatchObject({ webhook_url: "http://127.0.0.1:9/hook", webhook_version: "V2", webhook_secret: sub.secret });

    const rotated = await h.call({ method: "POST", url: `${BASE}/${sub.id}/rotate_secret`, apiKey: h.apiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(sub.id);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(sub.secret);
    expect((await session()).webhook_secret).toBe(rotated.body.secret);

    expect((await h.call({ method: "DELETE", url: `${BASE}/${sub.id}`, apiKey: h.apiKey })).body).toEqual({ id: sub.id, deleted: true });
    expectError(await h.call({ url: `${BASE}/${sub.id}`, apiKey: h.apiKey }), 404);
    expect((await session()).webhook_url).toBeNull();
    expect((await h.call({ url: BASE, apiKey: h.apiKey })).body.items).toEqual([]);
    expect((await create({ webhook_url: "https://two.example.com", enabled_events: ["platform.trigger.message"] })).status).toBe(201);
  });

  it("lists the event types", async () => {
    const answer = await h.call({ url: `${BASE}/event_types`, apiKey: h.apiKey });
    expect(WebhookEventTypes.parse(answer.body).items.map((t) => t.event_type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(answer.body.items[0].supported_versions).toEqual(["V1", "V2", "V3"]);
  });

  it("refuses bad input with 400s naming the field", async () => {
    const errors = async (body: unknown) => expectError(await create(body), 400, "validation_error").errors;
    expect(await errors({ webhook_url: "ftp://x.example.com", enabled_events: ["platform.trigger.message"] })).toEqual(["webhook_url: must be an absolute http or https URL"]);
    expect(await errors({ webhook_url: "https://x.example.com", enabled_events: [] })).toEqual(["enabled_events: must name at least one event type"]);
    expect((await errors({ webhook_url: "https://x.example.com", enabled_events: ["platform.nope"] }))[0]).toMatch(/^enabled_events\.0: must be one of: platform\.trigger\.message/);
    expect(await errors({ webhook_url: "https://x.example.com", enabled_events: ["platform.trigger.message"], version: "V9" })).toEqual(["version: must be one of: V1, V2, V3"]);
    expect(await errors({ enabled_events: ["platform.trigger.message"] })).toEqual(["webhook_url: is required"]);
    const sub = (await create({ webhook_url: "https://x.example.com", enabled_events: ["platform.trigger.message"] })).body;
    expect(expectError(await h.call({ method: "PATCH", url: `${BASE}/${sub.id}`, apiKey: h.apiKey, body: { secret: "mine" } }), 400).errors).toEqual([
      "secret: is not a field of this request",
    ]);
  });

  it("is invisible to other projects (404) and needs a project key", async () => {
    const sub = (await create({ webhook_url: "https://x.example.com", enabled_events: ["platform.trigger.message"] })).body;
    for (const call of [
      { url: `${BASE}/${sub.id}` },
      { method: "PATCH" as const, url: `${BASE}/${sub.id}`, body: { version: "V1" } },
      { method: "DELETE" as const, url: `${BASE}/${sub.id}` },
      { method: "POST" as const, url: `${BASE}/${sub.id}/rotate_secret` },
    ]) {
      expectError(await h.call({ ...call, apiKey: h.otherApiKey }), 404, "not_found");
      await expectProjectAuthFailures(h, call);
    }
    expect((await h.call({ url: BASE, apiKey: h.otherApiKey })).body.items).toEqual([]);
    expect((await session()).webhook_secret).toBe(sub.secret);
    await expectProjectAuthFailures(h, { url: BASE });
    await expectProjectAuthFailures(h, { url: `${BASE}/event_types` });
  });
});
