import { describe, expect, it } from "vitest";
import {
  CreateMcpServerBody,
  GenerateMcpUrlBody,
  ListMcpByAppQuery,
  McpServer,
  McpServerName,
  UpdateMcpServerBody,
} from "../../api";
import { example } from "../support/payloads";

describe("MCP server name rule (4-30 letters, digits, spaces, hyphens)", () => {
  it.each(["abcd", "Support Bot", "team-7 tools", "a".repeat(30)])("accepts %j", (name) => {
    expect(McpServerName.safeParse(name).success).toBe(true);
  });
  it.each(["abc", "a".repeat(31), "under_score", "dots.not.ok", "emoji 🚀 no", ""])("rejects %j", (name) => {
    const result = McpServerName.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/4-30 characters/);
  });
});

describe("MCP server response", () => {
  it("parses the spec's fields and lets unknown fields through", () => {
    const parsed = McpServer.parse({ ...example.mcpServer, deleted: false, future_field: 1 });
    expect(parsed.server_instance_count).toBe(2);
    expect((parsed as Record<string, unknown>).future_field).toBe(1);
  });
  it("names the field with the wrong type", () => {
    const result = McpServer.safeParse({ ...example.mcpServer, server_instance_count: "2" });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["server_instance_count"]);
  });
});

describe("MCP request bodies", () => {
  it("create requires a valid name and auth_config_ids", () => {
    expect(CreateMcpServerBody.safeParse({ name: "Bot one", auth_config_ids: ["ac_1"] }).success).toBe(true);
    const missing = CreateMcpServerBody.safeParse({ name: "Bot one" });
    expect(missing.error?.issues[0]?.path).toEqual(["auth_config_ids"]);
    expect(CreateMcpServerBody.safeParse({ name: "no", auth_config_ids: [] }).success).toBe(false);
  });
  it("update takes any subset and refuses unknown fields by name", () => {
    expect(UpdateMcpServerBody.safeParse({}).success).toBe(true);
    expect(UpdateMcpServerBody.safeParse({ allowed_tools: ["X_Y"] }).success).toBe(true);
    const typo = UpdateMcpServerBody.safeParse({ nmae: "Bot one" });
    expect(typo.success).toBe(false);
    expect(JSON.stringify(typo.error?.issues)).toContain("nmae");
  });
  it("generate defaults managed_auth_by_platform to false", () => {
    expect(GenerateMcpUrlBody.parse({ mcp_server_id: "mcp_1" }).managed_auth_by_platform).toBe(false);
  });
});

describe("MCP list-by-app query", () => {
  it("coerces strings and splits comma-separated filters", () => {
    const q = ListMcpByAppQuery.parse({ toolkits: "github,gmail", page_no: "2", limit: "5", order_direction: "asc" });
    expect(q).toMatchObject({ toolkits: ["github", "gmail"], page_no: 2, limit: 5, order_direction: "asc" });
  });
  it("rejects enums outside the spec and non-positive pages", () => {
    expect(ListMcpByAppQuery.safeParse({ order_by: "name" }).error?.issues[0]?.message).toMatch(/created_at, updated_at/);
    expect(ListMcpByAppQuery.safeParse({ order_direction: "up" }).success).toBe(false);
    expect(ListMcpByAppQuery.safeParse({ page_no: "0" }).success).toBe(false);
  });
});
