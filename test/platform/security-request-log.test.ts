/**
 * Findings 1 and 8 of issue 14: the request log holds bounded memory whatever callers send
 * (nothing of a body without a valid key, capped entries, a cap in bytes), and GET
 * /_local/requests shows an organization only its own callers' requests.
 */
import { afterEach, describe, expect, it } from "vitest";
import { hashKey, newOrgKey, newProjectKey } from "../../platform/ids";
import { DEFAULT_MAX_BYTES, MAX_BODY_FIELDS, MAX_FIELD_NAME_LENGTH, MAX_PATH_LENGTH, RequestLog } from "../../platform/request-log";
import { harness, type Harness } from "./helpers";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A JSON object with `n` distinct keys of `length` characters. */
function manyKeys(n: number, length = 12): Record<string, number> {
  const body: Record<string, number> = {};
  for (let i = 0; i < n; i++) body[`k${i}`.padEnd(length, "x")] = i;
  return body;
}

describe("request log memory", () => {
  it("keeps nothing of the body of a request without a valid key", async () => {
    h = await harness();
    h.app.requestLog.clear();
    const body = manyKeys(20_000);
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", body })).status).toBe(401);
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: "ipk_" + "z".repeat(40), body })).status).toBe(401);
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.orgKey, body })).status).toBe(403);
    const entries = h.app.requestLog.entries();
    expect(entries.map((e) => e.status)).toEqual([401, 401, 403]);
    for (const entry of entries) expect(entry.bodyFields).toBeUndefined();
  });

  it("refuses a request without a usable key before parsing its body", async () => {
    h = await harness();
    // Malformed JSON: a 400 only for a caller with a key; without one, the body is never parsed.
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", body: "{not json" })).status).toBe(401);
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: "not a key", body: "{not json" })).status).toBe(401);
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", orgKey: h.orgKey, body: "{not json" })).status).toBe(403);
    expect((await h.call({ method: "POST", url: "/_local/auth_configs", body: "{not json" })).status).toBe(401);
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: "{not json" })).status).toBe(400);
  });

  it("keeps at most MAX_BODY_FIELDS names of an authenticated caller's body, each cut short", async () => {
    h = await harness();
    h.app.requestLog.clear();
    const answer = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: manyKeys(500, 1_000) });
    expect(answer.status).toBe(400);
    const [entry] = h.app.requestLog.entries();
    expect(entry!.bodyFields).toHaveLength(MAX_BODY_FIELDS);
    for (const name of entry!.bodyFields!) expect(name.length).toBeLessThanOrEqual(MAX_FIELD_NAME_LENGTH + 1);
  });

  it("cuts long paths and holds the whole log under its byte cap", async () => {
    const log = new RequestLog();
    const fields = Array.from({ length: 10_000 }, (_, i) => `field_${i}`.padEnd(500, "y"));
    for (let i = 0; i < 20_000; i++) {
      log.record({
        method: "POST",
        url: `/api/v3/${"p".repeat(16_000)}?q=1`,
        route: "createMcpServer",
        status: 400,
        elapsedMs: 1,
        answeredAt: Date.now(),
        requestId: `req_${i}`,
        bodyFields: fields,
        orgId: "org_x",
      });
    }
    expect(log.bytes).toBeLessThanOrEqual(DEFAULT_MAX_BYTES);
    const entries = log.entries();
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.length).toBeLessThan(10_000);
    expect(entries.at(-1)!.requestId).toBe("req_19999");
    expect(entries[0]!.path.length).toBeLessThanOrEqual(MAX_PATH_LENGTH + 1);
    // An answer of GET /_local/requests stays small accordingly.
    expect(JSON.stringify(entries).length).toBeLessThan(DEFAULT_MAX_BYTES);
  });

  it("drops the oldest entries first to stay under a small byte cap", () => {
    const log = new RequestLog(10_000, 4_000);
    for (let i = 0; i < 100; i++) {
      log.record({ method: "GET", url: "/x", route: undefined, status: 404, elapsedMs: 0, answeredAt: Date.now(), requestId: `r${i}`, bodyFields: undefined });
    }
    expect(log.bytes).toBeLessThanOrEqual(4_000);
    const ids = log.entries().map((e) => e.requestId);
    expect(ids.at(-1)).toBe("r99");
    expect(ids.length).toBeLessThan(100);
  });
});

describe("GET /_local/requests per organization", () => {
  it("shows another organization none of this one's requests, and clears only its own", async () => {
    h = await harness();
    const at = new Date().toISOString();
    // A second organization with its key and a project of its own.
    const other = h.store.transaction(() => {
      const org = h!.store.orgs.create({ name: "Other Org", at });
      const member = h!.store.orgs.addMember({ orgId: org.id, email: "o@example.com", name: "O", role: "OWNER", at });
      const orgKey = newOrgKey();
      h!.store.orgs.addKey({ orgId: org.id, memberId: member.id, name: "k", hash: hashKey(orgKey), last4: orgKey.slice(-4), at });
      const project = h!.store.projects.create({ orgId: org.id, name: "theirs", email: "t@example.com", config: {} as never, webhookSecret: "whsec_x", at });
      const apiKey = newProjectKey();
      h!.store.projects.addKey({ projectId: project.id, memberId: member.id, name: "k", hash: hashKey(apiKey), last4: apiKey.slice(-4), at });
      return { orgKey, apiKey };
    });
    h.app.requestLog.clear();
    const mine = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Mine Server", auth_config_ids: [] } });
    expect(mine.status).toBe(201);
    await h.call({ url: `/api/v3/mcp/${mine.body.id}`, apiKey: h.apiKey });
    await h.call({ url: "/api/v3/toolkits?limit=1", apiKey: other.apiKey });

    const theirs = await h.call({ url: "/_local/requests", orgKey: other.orgKey });
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(mine.body.id);
    expect(theirs.body.items.map((e: any) => e.route)).toEqual(["listToolkits"]);

    const ours = await h.call({ url: "/_local/requests", orgKey: h.orgKey });
    expect(ours.body.items.map((e: any) => e.route)).toEqual(["createMcpServer", "getMcpServer"]);

    const cleared = await h.call({ method: "DELETE", url: "/_local/requests", orgKey: other.orgKey });
    expect(cleared.body.cleared).toBe(2); // its listToolkits and its own GET /_local/requests
    expect((await h.call({ url: "/_local/requests", orgKey: h.orgKey })).body.items.map((e: any) => e.route)).toEqual([
      "createMcpServer",
      "getMcpServer",
      "_local.requests",
    ]);
  });
});
