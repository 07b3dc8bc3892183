/** Query serialization: comma arrays, bracket objects, omitted undefined — unit and on the wire. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeSharedDispatcher, serializeQuery } from "../../provider/client";
import { ListActiveTriggersQuery, ListTriggerTypesQuery } from "../../api";
import { cursorPage } from "../support/payloads";
import { json, startServer, testClient, type TestServer } from "./helpers/server";

describe("serializeQuery", () => {
  it("joins arrays with commas and omits undefined, null and empty arrays", () => {
    expect(serializeQuery({ user_ids: ["a", "b"], limit: 5, cursor: undefined, show_disabled: false, x: null, trigger_ids: [] })).toBe(
      "?user_ids=a,b&limit=5&show_disabled=false",
    );
  });

  it("writes objects in bracket notation", () => {
    expect(serializeQuery({ toolkit_versions: { github: "20250101_00", slack: "latest" } })).toBe(
      "?toolkit_versions[github]=20250101_00&toolkit_versions[slack]=latest",
    );
  });

  it("percent-encodes values, keeps the joining commas and brackets literal", () => {
    expect(serializeQuery({ name: "my server & co", user_ids: ["a b", "c,d"], v: { "we ird": "x/y" } })).toBe(
      "?name=my%20server%20%26%20co&user_ids=a%20b,c%2Cd&v[we%20ird]=x%2Fy",
    );
  });

  it("is empty without a query", () => {
    expect(serializeQuery(undefined)).toBe("");
    expect(serializeQuery({ a: undefined })).toBe("");
  });
});

describe("on the wire", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
    server.fallback(json(200, cursorPage("items", [], null, 1, 1)));
  });
  afterEach(async () => {
    await server.close();
  });
  afterAll(async () => {
    await closeSharedDispatcher();
  });

  it("sends trigger filters comma-separated, and the API's schema reads them back", async () => {
    const client = testClient(server.url);

    await client.triggers.listActive({ user_ids: ["u1", "u2"], trigger_names: ["github_push"], show_disabled: true, limit: 50 });

    const { rawQuery } = server.requests[0]!;
    expect(rawQuery).toBe("user_ids=u1,u2&trigger_names=github_push&show_disabled=true&limit=50");
    const parsed = ListActiveTriggersQuery.parse(Object.fromEntries(new URLSearchParams(rawQuery)));
    expect(parsed).toMatchObject({ user_ids: ["u1", "u2"], trigger_names: ["GITHUB_PUSH"], show_disabled: true, limit: 50 });
  });

  it("sends toolkit_versions per toolkit in bracket notation", async () => {
    const client = testClient(server.url);

    await client.triggers.listTypes({ toolkit_slugs: ["github", "slack"], toolkit_versions: { github: "20250101_00" } });

    expect(server.requests[0]!.rawQuery).toBe("toolkit_slugs=github,slack&toolkit_versions[github]=20250101_00");
  });

  it("sends toolkit_versions=latest as a plain value", async () => {
    const client = testClient(server.url);
    await client.triggers.listTypes({ toolkit_versions: "latest" });
    expect(server.requests[0]!.rawQuery).toBe("toolkit_versions=latest");
    expect(ListTriggerTypesQuery.parse({ toolkit_versions: "latest" }).toolkit_versions).toBe("latest");
  });

  it("encodes path parameters", async () => {
    server.fallback(json(404, {}));
    const client = testClient(server.url);
    await client.toolkits.get("a/b c", { version: "20250101_00" }).catch(() => undefined);
    expect(server.requests[0]!.url).toBe("/api/v3/toolkits/a%2Fb%20c?version=20250101_00");
  });
});
