import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, routes } from "../../api";

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument("http://127.0.0.1:4000") as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string; security: unknown[]; parameters: { name: string; deprecated?: boolean }[] }>>;
  };

  it("has one operation per route with OpenAPI path templates", () => {
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(operations.sort()).toEqual(Object.keys(routes).sort());
    expect(doc.paths["/api/v3/mcp/{id}"]?.patch?.operationId).toBe("updateMcpServer");
  });

  it("marks deprecated query aliases and the org-key security scheme", () => {
    const params = doc.paths["/api/v3/trigger_instances/active"]?.get?.parameters ?? [];
    expect(params.find((p) => p.name === "showDisabled")?.deprecated).toBe(true);
    expect(params.find((p) => p.name === "show_disabled")?.deprecated).toBeUndefined();
    expect(doc.paths["/api/v3/org/owner/project/list"]?.get?.security).toEqual([{ OrgApiKeyAuth: [] }]);
  });
});
