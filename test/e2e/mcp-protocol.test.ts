// An MCP server declared through the real engine answers MCP at its mcpUrl: the official SDK
// client lists exactly the tools the stack allows, and after `pulumi up` changes allowedTools
// the next list (and the open session's list_changed) follows.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type * as platformSdk from "pulumi-integration-platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createE2EStack, type E2EStack } from "./harness";
import { connectMcpClient } from "./mcp-client";
import { useTestPlatform } from "../support/platform";

type Sdk = typeof platformSdk;
const sdk = (): Sdk => require("pulumi-integration-platform") as Sdk;

describe("MCP protocol at a declared server's mcpUrl (real engine)", () => {
  const p = useTestPlatform();
  let allowedTools = ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"];
  let e2e: E2EStack;
  let client: Client | undefined;

  beforeAll(async () => {
    e2e = await createE2EStack({
      projectName: "e2e-mcp-protocol",
      platform: p.config,
      program: async () => {
        const server = new (sdk().McpServer)("server", {
          name: "E2E Protocol",
          authConfigIds: [p.authConfigId],
          toolkits: ["github"],
          allowedTools,
        });
        return { mcpUrl: server.mcpUrl };
      },
    });
  });
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await e2e?.cleanup();
  });

  it("the SDK client lists exactly the two allowed tools, and the list follows pulumi up", async () => {
    const up = await e2e.stack.up();
    const mcpUrl = String(up.outputs.mcpUrl?.value);
    expect(mcpUrl.startsWith(p.platform.url)).toBe(true);

    client = await connectMcpClient(mcpUrl, p.config.apiKey!);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"]);

    const changed = new Promise<void>((resolve) => client!.setNotificationHandler(ToolListChangedNotificationSchema, async () => resolve()));
    allowedTools = ["GITHUB_GET_REPOSITORY"];
    p.clearLog();
    const second = await e2e.stack.up();
    expect(second.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(p.writes()).toEqual([{ method: "PATCH", route: "updateMcpServer", bodyFields: ["allowed_tools"] }]);
    await changed;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["GITHUB_GET_REPOSITORY"]);
  });
});
