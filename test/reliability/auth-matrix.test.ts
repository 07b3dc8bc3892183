/**
 * The auth matrix: every route of api/routes.ts, called with a VALID request
 * naming real objects of project A (a positive control proves each request
 * would succeed with A's key), under every kind of wrong credential:
 *
 * - no key, malformed keys → 401;
 * - revoked keys (A's key before a regeneration, the key of a deleted project,
 *   a revoked organization key) → 401;
 * - another project's key (project B, same organization) on A's objects → 404
 *   exactly as for an id that does not exist (400 when the object is named in the
 *   body); on list and session routes B sees only its own data. Organization
 *   routes: another organization's key → 404 on A's project, only its own
 *   projects in lists;
 * - an organization key where a project key belongs, a project key where an
 *   organization key belongs, or only the other route's header → 403.
 *
 * Every failure carries the full envelope with `x-request-id` equal to its
 * `request_id`; no answer to anyone but A carries any of A's ids, names or
 * secrets (unless the caller sent it), and refused requests change nothing of A.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_HEADERS, buildPath, routes, type RouteDef, type RouteName } from "../../api";
import { createFixture, expectEnvelope, type Fixture, type ProjectObjects, type Request } from "./fixture";
import { CASES } from "./requests";

/** Routes whose positive control destroys what later controls need: run last, in this order. */
// (deleting alice's instance deletes her accounts under the server's auth configs, and their triggers)
// (deleting alice's account deletes its triggers; A's one webhook subscription must go before A can make one)
const DESTRUCTIVE: RouteName[] = [
  "deleteTrigger",
  "deleteConnectedAccount",
  "deleteMcpInstance",
  "deleteMcpServer",
  "deleteWebhookSubscription",
  "createWebhookSubscription",
  "deleteAuthConfig",
  "regenerateApiKey",
  "deleteProject",
];

const ALL = Object.keys(routes) as RouteName[];
const MALFORMED = ["garbage", "ipk_short", "iok_short", `Bearer ipk_${"a".repeat(40)}`, `ipk_${"a".repeat(200)}`, "ipk_!!!!!!!!!!!!!!!!!!!!!!", "%00", " "];

function toRequest(name: RouteName, a: ProjectObjects, headers: Record<string, string>): Request {
  const def: RouteDef = routes[name];
  const spec = CASES[name].request(a);
  const path = buildPath(def.path, spec.params);
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : "";
  return { method: def.method, url: `${path}${query}`, headers, ...(spec.body !== undefined ? { body: spec.body } : {}) };
}

/** Values of `sentinels` found in an answer that the request did not itself carry. */
function leaked(sentinels: string[], request: Request, answer: string): string[] {
  const sent = `${request.url} ${JSON.stringify(request.body ?? null)} ${JSON.stringify(request.headers ?? {})}`;
  return sentinels.filter((s) => s && answer.includes(s) && !sent.includes(s));
}

let f: Fixture;
/** A's observable state (through the API with A's key), taken before the matrix. */
let before: unknown;

async function snapshotOfA(): Promise<unknown> {
  const a = f.a;
  const get = async (url: string, headers: Record<string, string> = { "x-api-key": a.key }) => {
    const r = await f.send({ method: "GET", url, headers });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const servers = await Promise.all(["github", "gmail", "slack", "linear"].map((t) => get(`/api/v3/mcp/app/${t}?limit=100`)));
  const projects = await get("/api/v3/org/owner/project/list?limit=100", { "x-org-api-key": f.orgKey });
  return {
    session: await get("/api/v3/auth/session/info"),
    config: await get("/api/v3/org/project/config"),
    authConfig: await get(`/api/v3/auth_configs/${a.authConfigId}`),
    servers,
    instances: await get(`/api/v3/mcp/servers/${a.serverId}/instances?limit=100`),
    triggers: await get("/api/v3/trigger_instances/active?show_disabled=true&limit=100"),
    tools: await get(`/api/v3/tool_router/session/${a.sessionId}/tools`),
    projectInList: projects.data.find((p: { id: string }) => p.id === a.projectId),
  };
}

beforeAll(async () => {
  f = await createFixture();
  before = await snapshotOfA();
});
afterAll(async () => {
  await f?.close();
});

describe("auth matrix", () => {
  it("has a case for every route of the table", () => {
    expect(Object.keys(CASES).sort()).toEqual([...ALL].sort());
    expect(ALL.every((name) => (routes[name] as RouteDef).auth !== "none")).toBe(true);
  });

  describe.each(ALL)("%s", (name) => {
    const def: RouteDef = routes[name];
    const own = AUTH_HEADERS[def.auth as "apiKey" | "orgApiKey"];
    const other = own === AUTH_HEADERS.apiKey ? AUTH_HEADERS.orgApiKey : AUTH_HEADERS.apiKey;
    const isOrgRoute = def.auth === "orgApiKey";

    /** Sends A's request with these headers; asserts the envelope and that nothing of A or org 1 leaks. */
    const refused = async (headers: Record<string, string>, status: number, slug: string, label: string) => {
      const request = toRequest(name, f.a, headers);
      const response = await f.send(request);
      const error = expectEnvelope(response, status, slug, `${name} ${label}`);
      expect(leaked([...f.aSentinels, ...f.org1Sentinels, f.b.key, f.org2.orgKey], request, response.body), `${name} ${label}`).toEqual([]);
      for (const value of Object.values(headers)) if (value.trim().length > 3) expect(response.body).not.toContain(value);
      return error;
    };

    it("no key → 401", async () => {
      const error = await refused({}, 401, "unauthorized", "without a key");
      expect(error.message).toContain(own);
    });

    it("malformed keys → 401", async () => {
      for (const key of MALFORMED) await refused({ [own]: key }, 401, "unauthorized", `malformed ${JSON.stringify(key)}`);
    });

    it("revoked keys → 401", async () => {
      if (isOrgRoute) {
        await refused({ [own]: f.revoked.orgKey }, 401, "unauthorized", "revoked organization key");
      } else {
        await refused({ [own]: f.revoked.projectKeyRegenerated }, 401, "unauthorized", "key replaced by a regeneration");
        await refused({ [own]: f.revoked.projectKeyDeleted }, 401, "unauthorized", "key of a deleted project");
      }
    });

    it("a key of the wrong kind → 403 naming the header the route needs", async () => {
      const wrongKind = isOrgRoute ? f.a.key : f.orgKey;
      const inOwnHeader = await refused({ [own]: wrongKind }, 403, "forbidden", "wrong kind of key in the route's header");
      expect(inOwnHeader.message).toContain(own);
      const inOtherHeader = await refused({ [other]: wrongKind }, 403, "forbidden", "only the other header");
      expect(inOtherHeader.message).toContain(own);
      // Another project's / organization's key of the wrong kind is refused the same way.
      const foreignWrongKind = isOrgRoute ? f.b.key : f.org2.orgKey;
      await refused({ [own]: foreignWrongKind }, 403, "forbidden", "another tenant's key of the wrong kind");
    });

    const crossLabel = isOrgRoute ? "another organization's key" : "another project's key";
    const cross = CASES[name].cross;
    it(`${crossLabel} → ${"absent" in cross ? `${cross.absent}, as for an id that does not exist` : "its own data only"}`, async () => {
      const foreignKey = isOrgRoute ? f.org2.orgKey : f.b.key;
      const sentinels = isOrgRoute ? [...f.org1Sentinels, ...f.aSentinels] : [...f.aSentinels, f.orgKey, f.org2.orgKey];
      const request = toRequest(name, f.a, { [own]: foreignKey });
      const response = await f.send(request);
      expect(leaked(sentinels, request, response.body), `${name}: ${response.body.slice(0, 400)}`).toEqual([]);
      if ("own" in cross) {
        expect(response.statusCode, response.body).toBe(def.successStatus);
        expect(def.response.safeParse(response.json()).success).toBe(true);
        return;
      }
      const error = expectEnvelope(response, cross.absent, cross.absent === 404 ? "not_found" : "validation_error", `${name} ${crossLabel}`);
      // The same request with A's own key and ids that do not exist answers the same error.
      const fakes = new Map<string, string>();
      const ids = [f.a.projectId, f.a.authConfigId, f.a.authConfigUuid, f.a.accountId, f.a.serverId, f.a.triggerId, f.a.sessionId, f.a.webhookSubscriptionId];
      ids.forEach((id, i) => fakes.set(id, /^[0-9a-f-]{36}$/.test(id) ? `00000000-0000-4000-8000-00000000000${i}` : `${id.split("_")[0]}_doesNotExist${i}`));
      const swap = (text: string, map: Map<string, string>) => [...map].reduce((t, [from, to]) => t.split(from).join(to), text);
      const fakeRequest: Request = {
        method: request.method,
        url: swap(request.url, fakes),
        headers: { [own]: isOrgRoute ? f.orgKey : f.a.key },
        ...(request.body !== undefined ? { body: JSON.parse(swap(JSON.stringify(request.body), fakes)) } : {}),
      };
      const missing = await f.send(fakeRequest);
      const missingError = expectEnvelope(missing, cross.absent, undefined, `${name} with ids that do not exist`);
      const back = new Map([...fakes].map(([id, fake]) => [fake, id]));
      const comparable = (e: any) => ({ ...e, request_id: undefined });
      expect(comparable(JSON.parse(swap(JSON.stringify(missingError), back)))).toEqual(comparable(error));
    });
  });

  it("refused requests changed nothing of project A", async () => {
    expect(await snapshotOfA()).toEqual(before);
  });
});

describe("positive controls: each matrix request succeeds with A's own key", () => {
  const order = [...ALL.filter((n) => !DESTRUCTIVE.includes(n)), ...DESTRUCTIVE];
  it.each(order)("%s", async (name) => {
    const def: RouteDef = routes[name];
    const key = def.auth === "orgApiKey" ? f.orgKey : f.a.key;
    const request = toRequest(name, f.a, { [AUTH_HEADERS[def.auth as "apiKey" | "orgApiKey"]]: key });
    const response = await f.send(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(def.successStatus);
    const parsed = def.response.safeParse(response.json());
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(response.headers["x-request-id"]).toBeTruthy();
    if (name === "listActiveTriggers") expect(response.json().items.map((t: { id: string }) => t.id)).toEqual([f.a.triggerId]);
    if (name === "listMcpByApp") expect(response.body).toContain(f.a.serverId);
    if (name === "listProjects") expect(response.body).toContain(f.a.projectId);
  });

  it("after regeneration and deletion, A's keys are dead", async () => {
    const r = await f.send({ method: "GET", url: "/api/v3/auth/session/info", headers: { "x-api-key": f.a.key } });
    expectEnvelope(r, 401, "unauthorized");
  });
});
