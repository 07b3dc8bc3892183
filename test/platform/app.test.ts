/** Cross-cutting behaviour of the app: route registration, errors, auth for every route, request log, chaos, OpenAPI. */
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_HEADERS, buildPath, routes, type RouteDef } from "../../api";
import Fastify from "fastify";
import { buildApp, validateResponsesByDefault } from "../../platform/app";
import { Catalog } from "../../platform/catalog";
import { Chaos, parseChaos } from "../../platform/chaos";
import apiRoutes, { type PlatformContext, type RouteHandlers } from "../../platform/http/handlers";
import { handlers } from "../../platform/routes";
import { WebhookDispatcher } from "../../platform/services/webhook-delivery";
import { Store } from "../../platform/store";
import { expectError, harness, type Harness, useHarness } from "./helpers";

// Each test assigns `h`; afterEach closes it.
let h: Harness = undefined as unknown as Harness;
afterEach(async () => {
  await h?.close();
  h = undefined as unknown as Harness;
});

const allRoutes = Object.entries(routes) as [string, RouteDef][];
const samplePath = (def: RouteDef) =>
  buildPath(def.path, Object.fromEntries([...def.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1]!, "x_1"])));

describe("route registration", () => {
  it("registers every route of api/routes.ts exactly once", async () => {
    h = await harness();
    await h.app.ready();
    for (const [name, def] of allRoutes) {
      expect(h.app.hasRoute({ method: def.method, url: def.path }), name).toBe(true);
    }
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(routes).sort());
  });

  it("needs a handler for every route of the table: a map without one does not compile (tsc checks this file)", () => {
    // @ts-expect-error createProject (and every other route but sessionInfo) has no handler
    const incomplete: RouteHandlers = { sessionInfo: handlers.sessionInfo };
    expect(Object.keys(incomplete)).toEqual(["sessionInfo"]);
  });
});

describe("response validation", () => {
  it("is on under vitest (and with INTEGRATION_PLATFORM_VALIDATE_RESPONSES=1), off when serving", () => {
    expect(validateResponsesByDefault({ VITEST: "true" })).toBe(true);
    expect(validateResponsesByDefault({ INTEGRATION_PLATFORM_VALIDATE_RESPONSES: "1" })).toBe(true);
    expect(validateResponsesByDefault({})).toBe(false);
  });

  it("answers 500 for an answer outside the contract when on, and sends it unchecked when off", async () => {
    h = await harness();
    for (const validateResponses of [true, false]) {
      const app = Fastify();
      const webhooks = new WebhookDispatcher(h.store);
      const ctx: PlatformContext = { store: h.store, catalog: h.catalog, now: () => new Date(), origin: () => "", validateResponses, webhooks };
      await app.register(apiRoutes, { ...ctx, handlers: { ...handlers, sessionInfo: () => ({ not: "a session" }) as never } });
      const answer = await app.inject({ url: "/api/v3/auth/session/info", headers: { "x-api-key": h.apiKey } });
      expect(answer.statusCode, `validateResponses: ${validateResponses}`).toBe(validateResponses ? 500 : 200);
      await app.close();
      await webhooks.close();
    }
  });
});

describe("auth on every route", () => {
  let shared: Harness;
  useHarness((made) => (shared = made), "file");
  it.each(allRoutes.filter(([, def]) => def.auth !== "none"))("%s: missing, unknown, malformed and wrong-kind keys", async (_name, def) => {
    const h = shared as Harness;
    const url = samplePath(def);
    const method = def.method;
    const own = AUTH_HEADERS[def.auth as "apiKey" | "orgApiKey"];
    const other = own === "x-api-key" ? "x-org-api-key" : "x-api-key";
    const otherKey = own === "x-api-key" ? h.orgKey : h.apiKey;
    const ownPrefix = own === "x-api-key" ? "ipk_" : "iok_";
    const send = (headers: Record<string, string>) => h.app.inject({ method, url, headers });
    const answer = async (headers: Record<string, string>) => {
      const r = await send(headers);
      return { status: r.statusCode, body: JSON.parse(r.body), headers: r.headers };
    };
    expectError(await answer({}), 401, "unauthorized");
    expectError(await answer({ [own]: `${ownPrefix}${"Z".repeat(40)}` }), 401, "unauthorized");
    expectError(await answer({ [own]: "garbage" }), 401, "unauthorized");
    const wrongKind = expectError(await answer({ [own]: otherKey }), 403, "forbidden");
    expect(wrongKind.message).toContain(own);
    const onlyOther = expectError(await answer({ [other]: otherKey }), 403, "forbidden");
    expect(onlyOther.message).toContain(own);
    // No message ever echoes a key.
    expect(JSON.stringify(wrongKind)).not.toContain(otherKey);
  });
});

describe("errors", () => {
  it("answers unknown routes with a 404 envelope and wrong methods with 405", async () => {
    h = await harness();
    const unknown = expectError(await h.call({ url: "/api/v3/nothing/here" }), 404, "not_found");
    expect(unknown.message).toContain("/api/v3/nothing/here");
    const wrong = await h.call({ method: "PUT", url: "/api/v3/mcp/mcp_1", apiKey: h.apiKey });
    expectError(wrong, 405, "method_not_allowed");
    expect(wrong.headers.allow).toBe("GET, PATCH, DELETE");
  });

  it("answers malformed JSON with 400 and a too-large body with 413", async () => {
    h = await harness();
    const bad = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: "{not json" });
    expectError(bad, 400, "validation_error");
    const small = buildApp({ store: h.store, catalog: h.catalog, bodyLimit: 100 });
    const big = await small.inject({
      method: "POST",
      url: "/api/v3/mcp/servers",
      headers: { "content-type": "application/json", "x-api-key": h.apiKey },
      payload: JSON.stringify({ name: "x".repeat(500) }),
    });
    expect(big.statusCode).toBe(413);
    expect(JSON.parse(big.body).error.slug).toBe("payload_too_large");
    const media = await h.app.inject({
      method: "POST",
      url: "/api/v3/mcp/servers",
      headers: { "content-type": "application/xml", "x-api-key": h.apiKey },
      payload: "<hello/>",
    });
    expect(media.statusCode).toBe(415);
    await small.close();
  });

  it("turns an unexpected exception into a generic 500 envelope", async () => {
    h = await harness();
    h.app.get("/boom", async () => {
      throw new Error("database password is hunter2");
    });
    const stderr = process.stderr.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      const answer = await h.call({ url: "/boom" });
      const error = expectError(answer, 500, "internal_error");
      expect(error.message).not.toContain("hunter2");
    } finally {
      process.stderr.write = stderr;
    }
  });

  it("names every invalid field and refuses limit above 1000", async () => {
    h = await harness();
    const answer = await h.call({ url: "/api/v3/org/owner/project/list?limit=1001", orgKey: h.orgKey });
    const error = expectError(answer, 400, "validation_error");
    expect(error.errors).toContain("limit: must be at most 1000");
    const several = await h.call({ url: "/api/v3/mcp/app/github?limit=0&order_by=name&page_no=x", apiKey: h.apiKey });
    const e2 = expectError(several, 400, "validation_error");
    expect(e2.errors.map((e: string) => e.split(":")[0]).sort()).toEqual(["limit", "order_by", "page_no"]);
  });

  it("echoes a caller's x-request-id and sends one on every response", async () => {
    h = await harness();
    const mine = await h.call({ url: "/api/v3/auth/session/info", apiKey: h.apiKey, headers: { "x-request-id": "trace-123" } });
    expect(mine.headers["x-request-id"]).toBe("trace-123");
    const ok = await h.call({ url: "/api/v3/auth/session/info", apiKey: h.apiKey });
    expect(ok.status).toBe(200);
    expect(String(ok.headers["x-request-id"])).toMatch(/^req_/);
  });
});

describe("request log", () => {
  it("records method, path without query, route, status and duration", async () => {
    h = await harness();
    h.app.requestLog.clear();
    await h.call({ url: "/api/v3/toolkits?limit=2", apiKey: h.apiKey });
    await h.call({ url: "/api/v3/toolkits", apiKey: "ipk_" + "q".repeat(40) });
    await h.call({ url: "/api/v3/unknown" });
    const entries = h.app.requestLog.entries();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ method: "GET", path: "/api/v3/toolkits", route: "listToolkits", status: 200 });
    expect(entries[0]!.bodyFields).toBeUndefined();
    expect(entries[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(h.app.requestLog.count({ route: "listToolkits" })).toBe(2);
    expect(h.app.requestLog.count({ status: 401 })).toBe(1);
    expect(h.app.requestLog.count({ path: /unknown/ })).toBe(1);
    // Over HTTP an organization sees only the requests of callers that authenticated as it.
    const local = await h.call({ url: "/_local/requests", orgKey: h.orgKey });
    expect(local.body.items.map((e: any) => [e.path, e.status])).toEqual([["/api/v3/toolkits", 200]]);
    h.app.requestLog.clear();
    expect(h.app.requestLog.count()).toBe(0);
  });

  it("records the names (never the values) of a JSON body's fields", async () => {
    h = await harness();
    h.app.requestLog.clear();
    await h.call({ method: "PATCH", url: "/api/v3/org/project/config", apiKey: h.apiKey, body: { display_name: "secret-ish value" } });
    const [entry] = h.app.requestLog.entries({ route: "updateProjectConfig" });
    expect(entry!.bodyFields).toEqual(["display_name"]);
    expect(JSON.stringify(entry)).not.toContain("secret-ish");
  });

  it("is a bounded ring buffer", async () => {
    const store = new Store(":memory:");
    const app = buildApp({ store, catalog: Catalog.load(), requestLogCapacity: 3 });
    for (let i = 0; i < 5; i++) await app.inject({ url: `/nothing/${i}` });
    expect(app.requestLog.entries().map((e) => e.path)).toEqual(["/nothing/2", "/nothing/3", "/nothing/4"]);
    await app.close();
    store.close();
  });
});

describe("chaos", () => {
  it("answers 429 with Retry-After before acting, so nothing is created", async () => {
    h = await harness({ chaos: { rate429: 1, retryAfter: 0 } });
    const ac = h.store.authConfigs.list(h.projectId).length;
    const answer = await h.call({
      method: "POST",
      url: "/api/v3/org/owner/project/new",
      orgKey: h.orgKey,
      body: { name: "never created" },
    });
    expectError(answer, 429, "rate_limited");
    expect(answer.headers["retry-after"]).toBe("0");
    expect(h.store.projects.findByName(h.store.orgs.first()!.id, "never created")).toBeUndefined();
    expect(h.store.authConfigs.list(h.projectId).length).toBe(ac);
    // The OpenAPI document and the local surface are never disturbed.
    expect((await h.call({ url: "/api/v3/openapi.json" })).status).toBe(200);
  });

  it("answers 503 and drops connections at the configured rates, reproducibly with a seed", async () => {
    h = await harness({ chaos: { rate503: 1 } });
    expectError(await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey }), 503, "service_unavailable");
    await h.close();
    h = await harness({ chaos: { dropRate: 1 } });
    // A dropped connection needs a real socket.
    const url = await h.app.listen({ port: 0, host: "127.0.0.1" });
    await expect(fetch(`${url}/api/v3/toolkits`, { headers: { "x-api-key": h.apiKey } })).rejects.toThrow();
    expect(h.app.requestLog.count({ status: 0 })).toBe(1);
    await h.close();
    // With a seed the sequence of faults repeats.
    const draws = (seed: number) => {
      const chaos = new Chaos({ rate429: 0.3, rate503: 0.2, dropRate: 0.1, seed });
      return Array.from({ length: 50 }, () => chaos.draw());
    };
    expect(draws(7)).toEqual(draws(7));
    expect(new Set(draws(7))).toEqual(new Set(["none", "429", "503", "drop"]));
    h = await harness({ chaos: { latencyMs: 30 } });
    const started = Date.now();
    expect((await h.call({ url: "/api/v3/toolkits", apiKey: h.apiKey })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});

describe("chaos options", () => {
  it("parses the text form and rejects bad settings by name", () => {
    expect(parseChaos("rate429=0.1, latencyMs=20,seed=7")).toEqual({ rate429: 0.1, latencyMs: 20, seed: 7 });
    expect(() => parseChaos("rate429=2")).toThrow(/rate429/);
    expect(() => parseChaos("bogus=1")).toThrow(/unknown setting "bogus"/);
    expect(() => parseChaos("rate429")).toThrow(/key=value/);
    expect(() => parseChaos("rate429=0.6,rate503=0.6")).toThrow(/at most 1/);
  });
});

describe("OpenAPI", () => {
  it("serves the document generated from the contract without a key", async () => {
    h = await harness();
    const answer = await h.call({ url: "/api/v3/openapi.json" });
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe("3.1.0");
    expect(Object.keys(answer.body.paths)).toContain("/api/v3/mcp/{id}");
  });
});
