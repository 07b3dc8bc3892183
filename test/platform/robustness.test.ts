/** Bad input never yields a 500: random bodies and query strings against every route. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUTH_HEADERS, buildPath, routes, type RouteDef } from "../../api";
import { type Harness, useHarness } from "./helpers";

let h: Harness;
let ids: Record<string, string>;
useHarness(async (made) => {
  h = made;
  const ac = await h.authConfig("github", "OAUTH2");
  const ca = await h.account(ac.id, "alice");
  const server = (await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Robust", auth_config_ids: [ac.id] } })).body;
  const session = (await h.call({ method: "POST", url: "/api/v3/tool_router/session", apiKey: h.apiKey, body: { user_id: "alice" } })).body;
  ids = {
    nano_id: h.otherProjectId,
    nanoid: ac.id,
    slug: "github",
    id: server.id,
    appKey: "github",
    serverId: server.id,
    instanceId: "alice",
    session_id: session.session_id,
    triggerId: "ti_missing",
    connected: ca.id,
    status: "ENABLED",
    tool_slug: "GITHUB_CREATE_ISSUE",
  };
}, "file");

const queryKey = fc.constantFrom("limit", "cursor", "user_ids", "user_ids[]", "toolkit_versions[github]", "page_no", "name", "show_disabled", "order_by", "version", "uuid", "type", "__proto__", "x");
const queryValue = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("-1", "1e9", "1001", "NaN", "true", "%E2", "a,b,,", "latest", ""));
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 5 }).map((pairs) =>
  pairs.map(([k, v]) => `${encodeURI(k)}=${encodeURIComponent(v)}`).join("&"),
);

describe("robustness", () => {
  const all = Object.entries(routes) as [string, RouteDef][];
  it.each(all)("%s never answers 500 to random input", async (_name, def) => {
    const path = buildPath(def.path, ids);
    const header = def.auth === "orgApiKey" ? AUTH_HEADERS.orgApiKey : AUTH_HEADERS.apiKey;
    const key = def.auth === "orgApiKey" ? h.orgKey : h.apiKey;
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), query, async (body, q) => {
        const response = await h.app.inject({
          method: def.method,
          url: q ? `${path}?${q}` : path,
          headers: { [header]: key, "content-type": "application/json" },
          ...(def.method === "GET" ? {} : { payload: JSON.stringify(body) }),
        });
        expect(response.statusCode, `${def.method} ${path}?${q} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(JSON.parse(response.body).error.status).toBe(response.statusCode);
      }),
      { numRuns: 25, seed: 42 },
    );
  });

  it("never answers 500 to hostile raw bodies", async () => {
    for (const payload of ["[]", "null", '"text"', "1", "{\"__proto__\":{\"polluted\":1},\"name\":\"Proto Test\",\"auth_config_ids\":[]}", "{", "\u0000"]) {
      const response = await h.app.inject({
        method: "POST",
        url: "/api/v3/mcp/servers",
        headers: { "x-api-key": h.apiKey, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
