import { describe, expect, it } from "vitest";
import {
  ListProjectsQuery,
  ListToolkitsQuery,
  MultiToolkitsBody,
  QueryBoolean,
  QueryStringArray,
  Version,
  VersionSelector,
  buildPath,
  routes,
} from "../../api";

describe("limit", () => {
  it.each([ListProjectsQuery, ListToolkitsQuery])("accepts 1..1000 and refuses 1001", (schema) => {
    expect(schema.safeParse({ limit: "1000" }).success).toBe(true);
    expect(schema.safeParse({ limit: 1 }).success).toBe(true);
    const over = schema.safeParse({ limit: "1001" });
    expect(over.error?.issues[0]).toMatchObject({ path: ["limit"], message: "must be at most 1000" });
    expect(schema.safeParse({ limit: "ten" }).success).toBe(false);
    expect(schema.safeParse({ limit: "2.5" }).success).toBe(false);
  });
  it("treats an empty or null limit as absent", () => {
    expect(ListProjectsQuery.parse({ limit: "" }).limit).toBeUndefined();
    expect(ListProjectsQuery.parse({ limit: null }).limit).toBeUndefined();
  });
  it("caps limit in bodies too", () => {
    expect(MultiToolkitsBody.safeParse({ limit: 1001 }).success).toBe(false);
    expect(MultiToolkitsBody.safeParse({ limit: null }).success).toBe(true);
  });
});

describe("query coercion", () => {
  it("flattens comma-separated, repeated and mixed arrays", () => {
    expect(QueryStringArray.parse("a,b")).toEqual(["a", "b"]);
    expect(QueryStringArray.parse(["a", "b,c"])).toEqual(["a", "b", "c"]);
    expect(QueryStringArray.parse(" a , ,b ")).toEqual(["a", "b"]);
    expect(QueryStringArray.parse(undefined)).toBeUndefined();
  });
  it("reads booleans and refuses other words", () => {
    expect(QueryBoolean.parse("TRUE")).toBe(true);
    expect(QueryBoolean.parse("0")).toBe(false);
    expect(QueryBoolean.parse(false)).toBe(false);
    expect(QueryBoolean.safeParse("yes").success).toBe(false);
  });
});

describe("versions", () => {
  it("accept YYYYMMDD_NN and latest only", () => {
    expect(Version.safeParse("20250905_00").success).toBe(true);
    expect(VersionSelector.safeParse("latest").success).toBe(true);
    for (const bad of ["2025-09-05", "20250905_0", "20250905-00", "v1", "Latest"]) {
      expect(VersionSelector.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("toolkit list enums", () => {
  it("accept the spec's values and name the allowed ones otherwise", () => {
    expect(ListToolkitsQuery.parse({ managed_by: "project", sort_by: "alphabetically", include_deprecated: "true" })).toMatchObject({
      managed_by: "project",
      sort_by: "alphabetically",
      include_deprecated: true,
    });
    expect(ListToolkitsQuery.safeParse({ managed_by: "me" }).error?.issues[0]?.message).toBe("must be one of: platform, all, project");
    expect(ListToolkitsQuery.safeParse({ sort_by: "name" }).success).toBe(false);
  });
});

describe("route table", () => {
  const all = Object.entries(routes);
  it("covers every endpoint of the spec and of the lifecycle table once", () => {
    const keys = all.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const lifecycle = all.filter(([, r]) => (r as { lifecycle?: boolean }).lifecycle);
    // 23 endpoints in the spec document; beyond it, the 8 of the README ("Endpoints used beyond the spec
    // document") and the 18 of issue 15 in platform/README.md (auth config lifecycle 5, connected accounts 3,
    // tools 2, all MCP servers 1, webhook subscription 7).
    expect(all.length - lifecycle.length).toBe(23);
    expect(lifecycle).toHaveLength(26);
  });
  it("uses the org key exactly on the organization's project endpoints", () => {
    const org = all.filter(([, r]) => r.auth === "orgApiKey").map(([, r]) => r.path);
    expect(org.every((p) => p.startsWith("/api/v3/org/owner/project"))).toBe(true);
    expect(org).toHaveLength(5);
  });
  it("builds paths with encoded parameters and refuses missing ones", () => {
    expect(buildPath(routes.deleteMcpInstance.path, { serverId: "mcp 1", instanceId: "u/1" })).toBe(
      "/api/v3/mcp/servers/mcp%201/instances/u%2F1",
    );
    expect(() => buildPath(routes.getMcpServer.path, {})).toThrow(/missing path parameter "id"/);
  });
});
