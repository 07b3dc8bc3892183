/**
 * Fuzzing every route (fast-check), starting from the valid request of
 * requests.ts and breaking one part at a time, with a valid key so that the
 * input reaches validation and the handlers:
 *
 * - bodies: arbitrary JSON values, a valid body with one field (at any depth)
 *   replaced by a hostile value, extra and prototype-pollution keys
 *   (`__proto__`, `constructor`, `prototype`), deep nesting (up to 200 000
 *   levels), huge strings (up to and over the 1 MiB limit), raw number tokens
 *   JSON.parse turns into Infinity or -0 (`1e309`), lone surrogates and other
 *   unicode, malformed JSON, odd content types;
 * - query strings: the route's own keys and others, repeated keys, `k[]`,
 *   `k[sub]`, broken brackets, comma lists, empty values, `limit=1e309`, NaN,
 *   malformed %-escapes;
 * - path parameters: encoded slashes, dot segments, NUL, malformed escapes,
 *   unicode, 10 000 characters.
 *
 * Every answer: never a 5xx; a non-2xx carries the full error envelope; a 2xx
 * has the route's success status and matches its response schema. Afterwards
 * the process and the store are healthy: no prototype was polluted, SQLite's
 * integrity and foreign-key checks pass, and every read route still answers
 * its valid request (nothing stored by the fuzzer poisons later reads).
 *
 * The seed is fixed for reproducible runs; FUZZ_SEED and FUZZ_RUNS explore more.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { AUTH_HEADERS, routes, type RouteDef, type RouteName } from "../../api";
import { createProjectRecord } from "../../platform/services/projects";
import { createFixture, expectEnvelope, type Fixture, type ProjectObjects } from "./fixture";
import { CASES } from "./requests";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20251122;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 40;
const ALL = Object.keys(routes) as RouteName[];
const MARKER = "polluted_by_fuzz";

// ------------------------------------------------------------------ JSON text with raw tokens

/** A JSON tree whose leaves may be raw number tokens and whose objects may repeat keys. */
type Tree = null | boolean | string | { raw: string } | Tree[] | { entries: [string, Tree][] };

function render(tree: Tree): string {
  if (tree === null || typeof tree === "boolean") return String(tree);
  if (typeof tree === "string") return JSON.stringify(tree);
  if (Array.isArray(tree)) return `[${tree.map(render).join(",")}]`;
  if ("raw" in tree) return tree.raw;
  return `{${tree.entries.map(([k, v]) => `${JSON.stringify(k)}:${render(v)}`).join(",")}}`;
}

function fromValue(value: unknown): Tree {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return { raw: Number.isFinite(value) ? JSON.stringify(value) : "null" };
  if (Array.isArray(value)) return value.map(fromValue);
  return { entries: Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromValue(v)]) };
}

/** Every path to a value inside a tree (object keys and array indices). */
function pathsOf(tree: Tree, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(tree)) tree.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])));
  else if (tree && typeof tree === "object" && "entries" in tree) {
    for (const [k, v] of tree.entries) out.push([...prefix, k], ...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function valueAt(tree: Tree, path: (string | number)[]): Tree | undefined {
  let node: Tree | undefined = tree;
  for (const step of path) {
    if (Array.isArray(node)) node = node[step as number];
    else if (node && typeof node === "object" && "entries" in node) node = node.entries.find(([k]) => k === step)?.[1];
    else return undefined;
  }
  return node;
}

function replaceAt(tree: Tree, path: (string | number)[], value: Tree): Tree {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(tree)) return tree.map((v, i) => (i === head ? replaceAt(v, rest, value) : v));
  if (tree && typeof tree === "object" && "entries" in tree) {
    return { entries: tree.entries.map(([k, v]) => [k, k === head ? replaceAt(v, rest, value) : v] as [string, Tree]) };
  }
  return tree;
}

// ------------------------------------------------------------------ arbitraries

const PROTO_KEYS = ["__proto__", "constructor", "prototype"];
const RAW_NUMBERS = ["1e309", "-1e309", "-0", "1e-400", "0.1e1", "9007199254740993", "123456789012345678901234567890", "-1", "0", "1.5", "1000", "1001", "2147483648"];
const NASTY_STRINGS = [
  "", " ", "\u0000", "\u0000abc", "null", "undefined", "NaN", "Infinity", "1e309", "-1", "true", "💥", "\u202eevil", "\ud800", "\udfff",
  "a".repeat(10_000), "../../etc/passwd", "%2F", "<script>alert(1)</script>", "'; DROP TABLE mcp_servers; --", "${process.exit()}",
  "ac_doesNotExist", "http://", "javascript:alert(1)", "https://example.com/" + "x".repeat(3000), "GITHUB_CREATE_ISSUE", "github",
];

const nastyString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 24 }),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.constantFrom(...NASTY_STRINGS),
);

const leaf: fc.Arbitrary<Tree> = fc.oneof(
  nastyString,
  fc.constantFrom<Tree>(null, true, false),
  fc.constantFrom(...RAW_NUMBERS).map((raw) => ({ raw })),
  fc.double().map((n) => ({ raw: Number.isFinite(n) ? JSON.stringify(n) : "1e309" })),
  fc.integer().map((n) => ({ raw: String(n) })),
);

const key = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 3 },
  { arbitrary: fc.constantFrom(...PROTO_KEYS, "", "toString", "hasOwnProperty", "valueOf", "name", "id", "user_id", "auth_config_ids", "limit"), weight: 2 },
);

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("node"), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie("node")), { maxLength: 4 }).map((entries) => ({ entries })),
  ),
})).node;

/** `{"__proto__": {"polluted_by_fuzz": 1}}` and friends: must never reach a prototype. */
const pollution: fc.Arbitrary<[string, Tree]> = fc.constantFrom<[string, Tree]>(
  ["__proto__", { entries: [[MARKER, { raw: "1" }]] }],
  ["constructor", { entries: [["prototype", { entries: [[MARKER, { raw: "1" }]] }]] }],
  ["prototype", { entries: [[MARKER, { raw: "1" }]] }],
  ["__proto__", { entries: [["toString", "not a function"]] }],
  ["__proto__", [{ raw: "1" }]],
  ["hasOwnProperty", "shadowed"],
);

function deep(depth: number, shape: "array" | "object", innermost: Tree): Tree {
  let node: Tree = innermost;
  for (let i = 0; i < depth; i++) node = shape === "array" ? [node] : { entries: [["a", node]] };
  return node;
}
/** Deep nesting rendered without recursion (a tree 200 000 levels deep would overflow `render`). */
const deepText = fc
  .record({ depth: fc.integer({ min: 50, max: 200_000 }), shape: fc.constantFrom("array", "object") })
  .map(({ depth, shape }) => ({ raw: shape === "array" ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` }));

const huge = fc
  .record({ length: fc.integer({ min: 10_000, max: 1_200_000 }), unit: fc.constantFrom("x", "é", "💥", "\\u0000", "\\\\", '\\"') })
  .map(({ length, unit }) => ({ raw: `"${unit.repeat(Math.ceil(length / unit.length))}"` }));

interface Body {
  /** undefined: no body at all. */
  text: string | undefined;
  contentType: string;
}

function bodyArbitrary(valid: unknown): fc.Arbitrary<Body> {
  const base = fromValue(valid ?? {});
  const paths = pathsOf(base);
  const mutated: fc.Arbitrary<Tree>[] = [
    // a whole value of any type
    tree,
    // the valid body with extra keys, including prototype keys
    fc.array(fc.oneof(pollution, fc.tuple(key, tree)), { minLength: 1, maxLength: 3 }).map((extra) => ({
      entries: [...extra, ...("entries" in (base as object) ? (base as { entries: [string, Tree][] }).entries : [])],
    })),
    // prototype keys only
    fc.array(pollution, { minLength: 1, maxLength: 3 }).map((entries) => ({ entries })),
    // deep nesting, as the body or in a field
    deepText,
  ];
  if (paths.length > 0) {
    const at = fc.nat(paths.length - 1).map((i) => paths[i]!);
    mutated.push(
      fc.tuple(at, tree).map(([path, value]) => replaceAt(base, path, value)),
      fc.tuple(at, deepText).map(([path, value]) => replaceAt(base, path, value)),
      fc.tuple(at, huge).map(([path, value]) => replaceAt(base, path, value)),
      fc.tuple(at, leaf).map(([path, value]) => replaceAt(base, path, value)),
    );
  }
  // Type-preserving: a string field gets an odd string (unicode, lone surrogates, NUL, long), so
  // such values get past validation, are stored and are read back.
  const stringPaths = paths.filter((path) => typeof valueAt(base, path) === "string");
  if (stringPaths.length > 0) {
    const at = fc.nat(stringPaths.length - 1).map((i) => stringPaths[i]!);
    const oddString = fc.oneof(nastyString, fc.integer({ min: 1000, max: 200_000 }).map((n) => "é💥".repeat(n / 3)));
    mutated.push(
      fc.tuple(at, oddString).map(([path, value]) => replaceAt(base, path, value)),
      fc.tuple(at, oddString).map(([path, value]) => replaceAt(base, path, value)),
    );
  }
  mutated.push(fc.constant(base));
  const json = fc.oneof(...mutated).map(render);
  const garbage = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom("", "   ", "{", "[", '{"a":', "\ufeff{}", "{}{}", "nul", "[1,]", '{"a":1,}', "'single'", "1e309", "-0", "NaN", '"\\ud800"', "\u0000"),
    json.map((text) => text.slice(0, Math.max(1, Math.floor(text.length / 2)))),
  );
  const text = fc.oneof(
    { arbitrary: json, weight: 6 },
    { arbitrary: garbage, weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
  const contentType = fc.oneof(
    { arbitrary: fc.constant("application/json"), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/json; charset=latin1",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json, text/plain",
        "",
      ),
      weight: 2,
    },
  );
  return fc.record({ text, contentType });
}

function queryKeysOf(def: RouteDef): string[] {
  const shape = (def.query as z.ZodObject | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const QUERY_VALUES = [
  "", "1e309", "-1e309", "NaN", "Infinity", "-1", "0", "1.5", "0x10", "1e3", " 10 ", "1001", "9".repeat(400), "true", "TRUE", "yes",
  "a,b,,c", ",", ",,,", "latest", "20250101_00", "%", "%E2%82", "%ZZ", "%00", "+", "a+b", "%2C", "__proto__", "💥", "%ED%A0%80", "%C0%AF", "%FF",
];

function queryArbitrary(def: RouteDef, valid: Record<string, string> | undefined): fc.Arbitrary<string> {
  const names = [...new Set([...queryKeysOf(def), "limit", "cursor", "x", ...PROTO_KEYS])];
  const name = fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 4 }, { arbitrary: fc.string({ maxLength: 8 }).map(encode), weight: 1 });
  const keyForm = fc.tuple(name, fc.constantFrom("plain", "plain", "plain", "[]", "[sub]", "[github]", "[a][b]", "[", "]", "[]]", "[__proto__]", "wrapped")).map(
    ([n, form]) => (form === "plain" ? n : form === "wrapped" ? `[${n}]` : `${n}${form}`),
  );
  const value = fc.oneof(
    { arbitrary: fc.constantFrom(...QUERY_VALUES), weight: 3 }, // raw: malformed escapes stay malformed
    { arbitrary: nastyString.map(encode).filter((v) => v.length < 5000), weight: 2 },
  );
  const pair = fc.oneof(
    { arbitrary: fc.tuple(keyForm, value).map(([k, v]) => `${k}=${v}`), weight: 8 },
    { arbitrary: keyForm, weight: 1 }, // no "="
    { arbitrary: value.map((v) => `=${v}`), weight: 1 }, // no key
  );
  const validPairs = valid ? Object.entries(valid).map(([k, v]) => `${k}=${encodeURIComponent(v)}`) : [];
  return fc
    .tuple(fc.boolean(), fc.array(pair, { maxLength: 6 }), fc.constantFrom("&", "&", "&&"))
    .map(([keepValid, pairs, join]) => [...(keepValid ? validPairs : []), ...pairs].join(join));
}

const PATH_SPECIALS = ["%2F", "a%2Fb", "..", ".", "%2e%2e", "%2E", "%00", "%", "%ZZ", "%E2%82", "x".repeat(10_000), "%F0%9F%92%A5", "a;b", "a,b", "~", "__proto__", "constructor", " ", "%20", "null", "-1", "%ED%A0%80", "%C0%AF", "%FF", "%2F%2F"];

function paramArbitrary(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(encodeURIComponent(valid)), weight: 5 },
    { arbitrary: fc.constantFrom(...PATH_SPECIALS), weight: 2 },
    { arbitrary: nastyString.filter((s) => s !== "").map(encode), weight: 2 },
    { arbitrary: fc.constant(encodeURIComponent(valid) + "%2F..%2F" + encodeURIComponent(valid)), weight: 1 },
  );
}

/** encodeURIComponent throws on lone surrogates; those are sent as invalid UTF-8 escapes instead (see the specials). */
function encode(text: string): string {
  return encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));
}

// ------------------------------------------------------------------ the suite

let f: Fixture;
let victims = 0;
const prototypeBefore = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
};

/** Fresh objects for routes that destroy what they name, so every run reaches the handler. */
function objectsFor(name: RouteName): ProjectObjects {
  const a = f.a;
  const at = new Date().toISOString();
  const n = ++victims;
  switch (name) {
    case "deleteProject":
    case "regenerateApiKey":
      return { ...a, projectId: createProjectRecord(f.store, { orgId: f.orgId, name: `victim ${n}`, at }).id };
    case "deleteMcpServer":
    case "deleteMcpInstance": {
      const server = f.store.mcp.create({
        projectId: a.projectId, name: `victim ${n}`, authConfigIds: [a.authConfigId], allowedTools: [], toolkits: ["github"], managedAuthViaPlatform: false, at,
      });
      f.store.mcp.upsertInstance(server.id, "victim-user", at);
      return { ...a, serverId: server.id, instanceUser: "victim-user" };
    }
    // One subscription per project: a create needs A to have none, the others need A's current one.
    case "createWebhookSubscription": {
      const existing = f.store.webhookSubscriptions.ofProject(a.projectId);
      if (existing) f.store.webhookSubscriptions.delete(existing.id);
      return a;
    }
    case "getWebhookSubscription":
    case "updateWebhookSubscription":
    case "deleteWebhookSubscription":
    case "rotateWebhookSecret": {
      const current =
        f.store.webhookSubscriptions.ofProject(a.projectId) ??
        f.store.webhookSubscriptions.create({ projectId: a.projectId, webhookUrl: "https://a.example.com/hooks", version: "V3", enabledEvents: ["platform.trigger.message"], at });
      return { ...a, webhookSubscriptionId: current.id };
    }
    case "deleteAuthConfig":
      return { ...a, authConfigId: f.store.authConfigs.create({ projectId: a.projectId, toolkitSlug: "github", name: `victim ${n}`, authScheme: "API_KEY", isPlatformManaged: false, credentials: {}, createdBy: "fuzz", at }).id };
    case "deleteConnectedAccount": {
      const account = f.store.connectedAccounts.create({
        projectId: a.projectId, authConfigId: a.authConfigId, userId: `victim-${n}`, status: "ACTIVE", authScheme: "OAUTH2", val: {}, callbackUrl: null, redirectUrl: () => null, at,
      });
      return { ...a, accountId: account.id };
    }
    case "deleteTrigger": {
      const { record } = f.store.triggers.upsert({
        projectId: a.projectId, connectedAccountId: a.accountId, slug: "GITHUB_PULL_REQUEST_EVENT", config: { owner: "o", repo: "r" }, at,
      });
      return { ...a, triggerId: record.id };
    }
    default:
      return a;
  }
}

beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.close();
});

describe("fuzzing every route", () => {
  it.each(ALL)("%s: no 5xx, the envelope on every failure, the schema on every success", async (name) => {
    const def: RouteDef = routes[name];
    const header = AUTH_HEADERS[def.auth as "apiKey" | "orgApiKey"];
    const key = def.auth === "orgApiKey" ? f.orgKey : f.a.key;
    const sample = CASES[name].request(f.a);
    const paramNames = [...def.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
    const params = fc.record(Object.fromEntries(paramNames.map((p) => [p, paramArbitrary(sample.params?.[p] ?? "x")])) as Record<string, fc.Arbitrary<string>>);
    const statuses = new Map<number, number>();

    await fc.assert(
      fc.asyncProperty(params, queryArbitrary(def, sample.query), bodyArbitrary(sample.body), async (fuzzedParams, query, body) => {
        // Destructive routes get fresh objects; a fuzzed parameter replaces the valid one.
        const own = CASES[name].request(objectsFor(name)).params ?? {};
        const path = def.path.replace(/:([A-Za-z_]+)/g, (_, p: string) =>
          fuzzedParams[p] === encodeURIComponent(sample.params?.[p] ?? "x") ? encodeURIComponent(own[p] ?? "x") : fuzzedParams[p]!,
        );
        const url = query ? `${path}?${query}` : path;
        const response = await f.app.inject({
          method: def.method,
          url,
          headers: { [header]: key, ...(body.text !== undefined && body.contentType ? { "content-type": body.contentType } : {}) },
          ...(body.text !== undefined ? { payload: body.text } : {}),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const context = `${def.method} ${url.slice(0, 300)} [${body.contentType}] ${String(body.text).slice(0, 300)}`;
        expect(response.statusCode, `${context} → ${response.body.slice(0, 500)}`).toBeLessThan(500);
        expect(response.headers["x-request-id"], context).toBeTruthy();
        if (response.statusCode >= 400) {
          expectEnvelope(response, undefined, undefined, context);
        } else {
          // URL parsing resolves dot segments (`.`, `%2E`) and trims spaces before routing, so the
          // request may have reached another route: judge the answer by the route that served it.
          const served = f.app.requestLog.entries().findLast((e) => e.requestId === response.headers["x-request-id"])?.route as RouteName | undefined;
          expect(served, context).toBeDefined();
          const servedDef: RouteDef = routes[served!];
          if (served !== name) expect(new URL(url, "http://localhost").pathname, `${context}: served by ${served}`).not.toBe(path);
          expect(response.statusCode, context).toBe(servedDef.successStatus);
          const parsed = servedDef.response.safeParse(response.json());
          expect(parsed.success, `${context}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        }
        expect(MARKER in {}, context).toBe(false);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (process.env.FUZZ_STATS) console.log(name, JSON.stringify([...statuses].sort()));
    // With the default seed every route's handler is reached and succeeds at least once: the
    // fuzzer does more than bounce off validation.
    if (!process.env.FUZZ_SEED) expect([...statuses.keys()].some((s) => s < 300), JSON.stringify([...statuses])).toBe(true);
  });
});

describe("cases the fuzzer found, kept as examples", () => {
  it("a lone surrogate in a user id of URL generation is encoded as U+FFFD, not a 500", async () => {
    const response = await f.app.inject({
      method: "POST",
      url: "/api/v3/mcp/servers/generate",
      headers: { "x-api-key": f.a.key, "content-type": "application/json" },
      payload: `{"mcp_server_id":${JSON.stringify(f.a.serverId)},"user_ids":["\\ud800x"]}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user_ids_url[0]).toContain("user_id=%EF%BF%BDx");
  });

  it("a malformed %-escape or a 10 000-character parameter in the path answers a 400 envelope", async () => {
    for (const url of [`/api/v3/mcp/%ZZ`, `/api/v3/mcp/${"x".repeat(10_000)}`]) {
      const response = await f.app.inject({ method: "GET", url, headers: { "x-api-key": f.a.key } });
      expectEnvelope(response, 400, "validation_error", url.slice(0, 40));
    }
  });

  it("an instance of a user id longer than 100 characters can be listed and deleted", async () => {
    const user = `user-${"u".repeat(300)}`;
    const generated = await f.send({ method: "POST", url: "/api/v3/mcp/servers/generate", headers: { "x-api-key": f.a.key }, body: { mcp_server_id: f.a.serverId, user_ids: [user] } });
    expect(generated.statusCode, generated.body).toBe(200);
    const url = `/api/v3/mcp/servers/${f.a.serverId}/instances/${user}`;
    const deleted = await f.send({ method: "DELETE", url, headers: { "x-api-key": f.a.key } });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});

describe("afterwards", () => {
  it("no prototype was polluted", () => {
    expect(MARKER in {}).toBe(false);
    expect(MARKER in []).toBe(false);
    expect(typeof ({} as { toString: unknown }).toString).toBe("function");
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore.object);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(prototypeBefore.array);
    expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(prototypeBefore.function);
  });

  it("the store passes SQLite's integrity and foreign-key checks", () => {
    f.sql((db) => {
      expect(db.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    });
    expect(f.store.isOpen).toBe(true);
  });

  it("the app still answers: health, a write and its read, and every read route's valid request", async () => {
    expect((await f.send({ method: "GET", url: "/_local/health" })).json()).toEqual({ status: "ok" });
    const created = await f.send({ method: "POST", url: "/api/v3/mcp/servers", headers: { "x-api-key": f.a.key }, body: { name: "after the fuzz", auth_config_ids: [] } });
    expect(created.statusCode, created.body).toBe(201);
    const read = await f.send({ method: "GET", url: `/api/v3/mcp/${created.json().id}`, headers: { "x-api-key": f.a.key } });
    expect(read.json().name).toBe("after the fuzz");
    // Reads over everything the fuzzer stored: nothing stored may break a later answer.
    const reads: [string, string][] = [
      ["sessionInfo", "/api/v3/auth/session/info"],
      ["getProjectConfig", "/api/v3/org/project/config"],
      ["listActiveTriggers", "/api/v3/trigger_instances/active?show_disabled=true&limit=1000"],
      ...["github", "gmail", "slack", "linear"].map((t): [string, string] => ["listMcpByApp", `/api/v3/mcp/app/${t}?limit=1000`]),
      ["listMcpInstances", `/api/v3/mcp/servers/${f.a.serverId}/instances?limit=1000`],
      ["getAuthConfig", `/api/v3/auth_configs/${f.a.authConfigId}`],
      ["listSessionTools", `/api/v3/tool_router/session/${f.a.sessionId}/tools`],
    ];
    for (const [name, url] of reads) {
      const response = await f.send({ method: "GET", url, headers: { "x-api-key": f.a.key } });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
      expect(routes[name as RouteName].response.safeParse(response.json()).success, url).toBe(true);
    }
    const projects = await f.send({ method: "GET", url: "/api/v3/org/owner/project/list?limit=1000", headers: { "x-org-api-key": f.orgKey } });
    expect(projects.statusCode, projects.body.slice(0, 300)).toBe(200);
    expect(routes.listProjects.response.safeParse(projects.json()).success).toBe(true);
    // Every MCP server the fuzzer made (or renamed) can be read one by one.
    for (const server of f.store.mcp.list(f.a.projectId, { orderBy: "created_at", orderDirection: "asc", offset: 0, limit: 10_000 }).items) {
      const one = await f.send({ method: "GET", url: `/api/v3/mcp/${server.id}`, headers: { "x-api-key": f.a.key } });
      expect(one.statusCode, one.body.slice(0, 300)).toBe(200);
    }
    // Every connected account the fuzzer made can be refreshed without a 5xx.
    for (const account of f.store.connectedAccounts.list(f.a.projectId)) {
      const refreshed = await f.send({ method: "POST", url: `/api/v3/connected_accounts/${account.id}/refresh`, headers: { "x-api-key": f.a.key }, body: {} });
      expect(refreshed.statusCode, refreshed.body.slice(0, 300)).toBeLessThan(500);
    }
  });
});
