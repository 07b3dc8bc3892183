/**
 * The MCP endpoint at every server's mcp_url, driven by the official SDK client over a real
 * socket: initialize, tools/list, tools/call (valid, invalid, needing a connection), the
 * project's require_mcp_api_key, deleted servers, and list_changed after a PATCH.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { META } from "../../platform/mcp-protocol/protocol-server";
import { SessionRegistry, type McpSession } from "../../platform/mcp-protocol/sessions";
import { expectError, harness, type Harness } from "./helpers";

let h: Harness;
let github: any;
const clients: Client[] = [];

beforeEach(async () => {
  h = await harness();
  await h.app.listen({ host: "127.0.0.1", port: 0 });
  github = await h.authConfig("github", "OAUTH2");
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
  await h.close();
});

async function createServer(body: Record<string, unknown>): Promise<any> {
  const answer = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { auth_config_ids: [github.id], ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "mcp-protocol-test", version: "1.0.0" });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** A raw initialize request, for answers the SDK client does not show (status, envelope). */
async function rawInitialize(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const setRequireKey = async (value: boolean) => {
  const answer = await h.call({ method: "PATCH", url: "/api/v3/org/project/config", apiKey: h.apiKey, body: { require_mcp_api_key: value } });
  expect(answer.status).toBe(200);
};

const textOf = (result: CallToolResult) => result.content.map((item) => (item.type === "text" ? item.text : "")).join("\n");

describe("MCP endpoint: initialize and tools/list", () => {
  it("serves a server's mcp_url on the bound address and lists exactly its allowed tools with schemas", async () => {
    const server = await createServer({ name: "Dev Tools", allowed_tools: ["GITHUB_CREATE_ISSUE", "github_list_repository_issues"] });
    const address = h.app.server.address() as { port: number };
    expect(server.mcp_url).toBe(`http://127.0.0.1:${address.port}/v3/mcp/${server.id}/mcp`);

    const client = await connect(server.mcp_url);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect(client.getServerVersion()?.name).toBe("Dev Tools");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"]);

    const create = tools[0]!;
    const catalogTool = h.catalog.getTool("GITHUB_CREATE_ISSUE")!;
    expect(create.description).toBe(catalogTool.description);
    expect(create.inputSchema.type).toBe("object");
    expect(Object.keys(create.inputSchema.properties ?? {}).sort()).toEqual(Object.keys(catalogTool.input_parameters).sort());
    expect(create.inputSchema.required).toEqual(["owner", "repo", "title"]);
    expect((create.inputSchema.properties as any).labels).toMatchObject({ type: "array", description: "Labels to associate with this issue." });
    expect(create.outputSchema?.properties).toMatchObject({
      data: { type: "object", properties: { number: { type: "integer" }, html_url: { type: "string" } } },
      successful: { type: "boolean" },
    });
    const list = tools[1]!;
    expect((list.inputSchema.properties as any).state).toMatchObject({ type: "string", enum: ["open", "closed", "all"] });
  });

  it("lists every tool of the server's toolkits when it allows none", async () => {
    const server = await createServer({ name: "News", auth_config_ids: [], toolkits: ["hackernews"] });
    const client = await connect(server.mcp_url);
    const { tools } = await client.listTools();
    const expected = h.catalog.listTools({ toolkits: ["hackernews"] }).map((tool) => tool.slug);
    expect(expected.length).toBeGreaterThan(1);
    expect(tools.map((tool) => tool.name)).toEqual(expected);
  });

  it("records the user's server instance when a session starts, and logs each request with its JSON-RPC method", async () => {
    const server = await createServer({ name: "News", auth_config_ids: [], toolkits: ["hackernews"] });
    const client = await connect(`${server.mcp_url}?include_platform_helper_actions=false&user_id=alice%2Cbob,carol`);
    await client.callTool({ name: "HACKERNEWS_GET_ITEM", arguments: { id: 8863 } });

    const instances = await h.call({ url: `/api/v3/mcp/servers/${server.id}/instances`, apiKey: h.apiKey });
    expect(instances.status).toBe(200);
    expect(instances.body.instances.map((i: any) => i.instance_id).sort()).toEqual(["alice,bob", "carol"]);

    const path = `/v3/mcp/${server.id}/mcp`;
    const logged = h.app.requestLog.entries({ route: "mcpProtocol" });
    expect(logged.every((entry) => entry.path === path)).toBe(true);
    expect(logged.map((entry) => entry.detail)).toEqual(expect.arrayContaining(["initialize", "notifications/initialized", "tools/call HACKERNEWS_GET_ITEM"]));
    expect(logged.find((entry) => entry.detail === "tools/call HACKERNEWS_GET_ITEM")).toMatchObject({ method: "POST", status: 200 });
  });
});

describe("MCP endpoint: tools/call", () => {
  it("answers a valid call with a deterministic simulated result that conforms to the output schema", async () => {
    const server = await createServer({ name: "News", auth_config_ids: [], toolkits: ["hackernews"] });
    const client = await connect(server.mcp_url);
    await client.listTools(); // the client checks structuredContent against the listed outputSchema
    const first = (await client.callTool({ name: "HACKERNEWS_GET_ITEM", arguments: { id: 8863 } })) as CallToolResult;
    expect(first.isError).toBeFalsy();
    expect(first._meta?.[META.simulated]).toBe(true);
    expect(first.structuredContent).toMatchObject({ successful: true, data: {} });
    expect(JSON.parse(textOf(first))).toEqual(first.structuredContent);

    const again = (await client.callTool({ name: "HACKERNEWS_GET_ITEM", arguments: { id: 8863 } })) as CallToolResult;
    expect(again.structuredContent).toEqual(first.structuredContent);
  });

  it("runs a tool needing a connection under the caller's ACTIVE account, with values drawn from the arguments", async () => {
    const server = await createServer({ name: "Dev Tools", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const account = await h.account(github.id, "alice");
    const generated = await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: server.id, user_ids: ["alice"] } });
    expect(generated.status).toBe(200);
    const client = await connect(generated.body.mcp_url);
    await client.listTools();
    const call = (args: Record<string, unknown>) => client.callTool({ name: "GITHUB_CREATE_ISSUE", arguments: args }) as Promise<CallToolResult>;
    const result = await call({ owner: "octocat", repo: "hello-world", title: "Found a bug" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result._meta).toMatchObject({ [META.simulated]: true, [META.connectedAccountId]: account.id });
    const data = (result.structuredContent as any).data;
    expect(Number.isInteger(data.number)).toBe(true);
    expect(data.html_url).toMatch(/^https:\/\//);
    const other = await call({ owner: "octocat", repo: "hello-world", title: "Another bug" });
    expect((other.structuredContent as any).data).not.toEqual(data);
  });

  it("answers an invalid call with a tool error naming each field", async () => {
    const server = await createServer({ name: "Dev Tools", allowed_tools: ["GITHUB_LIST_REPOSITORY_ISSUES"] });
    const client = await connect(server.mcp_url);
    const result = (await client.callTool({
      name: "GITHUB_LIST_REPOSITORY_ISSUES",
      arguments: { owner: "octocat", per_page: "thirty", state: "maybe", colour: "red" },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("Invalid arguments for GITHUB_LIST_REPOSITORY_ISSUES");
    expect(text).toContain("repo: is required");
    expect(text).toContain("per_page: must be integer");
    expect(text).toContain('state: must be one of "open", "closed", "all"');
    expect(text).toContain("colour: is not a parameter of GITHUB_LIST_REPOSITORY_ISSUES");
  });

  it("answers a tool error saying how to connect when the user has no ACTIVE account under the server's auth configs", async () => {
    const server = await createServer({ name: "Dev Tools", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    await h.account(github.id, "alice");
    const client = await connect(`${server.mcp_url}?user_id=bob`);
    const result = (await client.callTool({ name: "GITHUB_CREATE_ISSUE", arguments: { owner: "o", repo: "r", title: "t" } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('user "bob" has no ACTIVE connected account');
    expect(text).toContain(`POST /api/v3/connected_accounts with {"auth_config":{"id":"${github.id}"},"connection":{"user_id":"bob"}}`);
  });

  it("refuses a tool the server does not offer as a protocol error listing what it offers", async () => {
    const server = await createServer({ name: "Dev Tools", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const client = await connect(server.mcp_url);
    await expect(client.callTool({ name: "GITHUB_GET_REPOSITORY", arguments: {} })).rejects.toThrow(
      /Unknown tool "GITHUB_GET_REPOSITORY": this server offers GITHUB_CREATE_ISSUE/,
    );
  });
});

describe("MCP endpoint: the project's require_mcp_api_key", () => {
  it("accepts requests without a key when the project does not require one", async () => {
    const server = await createServer({ name: "Open Tools", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const client = await connect(server.mcp_url);
    expect((await client.listTools()).tools).toHaveLength(1);
  });

  it("refuses requests without the project's key with 401 once required, and serves those with it", async () => {
    const server = await createServer({ name: "Locked Tools", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    await setRequireKey(true);

    const missing = await rawInitialize(server.mcp_url);
    expectError({ status: missing.status, body: missing.body, headers: { "x-request-id": missing.body?.error?.request_id } }, 401, "unauthorized");
    expect(missing.body.error.message).toContain("x-api-key");
    const foreign = await rawInitialize(server.mcp_url, { "x-api-key": h.otherApiKey });
    expect(foreign.status).toBe(401);
    expect(foreign.body.error.message).toContain("not a key of this MCP server's project");
    await expect(connect(server.mcp_url)).rejects.toThrow(/401/);

    const client = await connect(server.mcp_url, { "x-api-key": h.apiKey });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["GITHUB_CREATE_ISSUE"]);
  });

  it("refuses a request without a key before reading its body only where the key is required", async () => {
    const server = await createServer({ name: "Body Check", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const post = () =>
      fetch(server.mcp_url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{not json" });
    // Not required: the body is read, and its JSON refused.
    const open = await post();
    expect(open.status).toBe(400);
    await setRequireKey(true);
    // Required: the missing key is the answer, whatever the body.
    const locked = await post();
    expect(locked.status).toBe(401);
    expect(((await locked.json()) as { error: { message: string } }).error.message).toContain("x-api-key");
  });
});

describe("MCP endpoint: unknown and deleted servers", () => {
  it("answers 404 in the error envelope for an unknown server and for a deleted one, also to an open session", async () => {
    const server = await createServer({ name: "Short Lived", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const client = await connect(server.mcp_url);
    expect((await client.listTools()).tools).toHaveLength(1);

    const unknown = await rawInitialize(server.mcp_url.replace(server.id, "mcp_unknown"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ slug: "not_found", status: 404, message: 'MCP server "mcp_unknown" was not found' });

    expect((await h.call({ method: "DELETE", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey })).status).toBe(200);
    const deleted = await rawInitialize(server.mcp_url);
    expect(deleted.status).toBe(404);
    expect(deleted.body.error.slug).toBe("not_found");
    await expect(client.listTools()).rejects.toThrow(/404/);
  });

  it("answers 400 naming the header to a request without a session that is not initialize", async () => {
    const server = await createServer({ name: "Dev Tools", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const response = await fetch(server.mcp_url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { errors: string[] } };
    expect(body.error.errors[0]).toMatch(/^mcp-session-id: is required/);

    const put = await h.call({ method: "PUT", url: `/v3/mcp/${server.id}/mcp`, body: {} });
    expectError(put, 405, "method_not_allowed");
    expect(put.headers.allow).toBe("POST, GET, DELETE");
  });
});

describe("MCP sessions", () => {
  it("keeps at most its capacity, closing the least recently used session first", async () => {
    const closed: string[] = [];
    const session = (name: string) =>
      ({ serverId: "mcp_x", protocol: { close: async () => void closed.push(name) } }) as unknown as McpSession;
    const registry = new SessionRegistry(2);
    registry.add("a", session("a"));
    registry.add("b", session("b"));
    expect(registry.get("a")).toBeDefined(); // a is now the most recently used
    registry.add("c", session("c"));
    expect(closed).toEqual(["b"]);
    expect([registry.get("a"), registry.get("b"), registry.get("c")].map((s) => s !== undefined)).toEqual([true, false, true]);
    expect(registry.size).toBe(2);
  });
});

describe("MCP endpoint: list_changed", () => {
  it("notifies open sessions once a PATCH of allowed_tools or toolkits commits, and the next list matches", async () => {
    const server = await createServer({ name: "Dev Tools", allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const client = await connect(server.mcp_url);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["GITHUB_CREATE_ISSUE"]);
    let notified = 0;
    let wake: () => void = () => undefined;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      notified++;
      wake();
    });
    const nextNotification = () => new Promise<void>((resolve) => (wake = resolve));
    const patch = async (body: unknown) =>
      expect((await h.call({ method: "PATCH", url: `/api/v3/mcp/${server.id}`, apiKey: h.apiKey, body })).status).toBe(200);

    // A rename leaves the tools as they are: no notification for it.
    await patch({ name: "Renamed Tools" });
    let arrived = nextNotification();
    await patch({ allowed_tools: ["GITHUB_GET_REPOSITORY", "GITHUB_CREATE_ISSUE"] });
    await arrived;
    expect(notified).toBe(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["GITHUB_GET_REPOSITORY", "GITHUB_CREATE_ISSUE"]);

    arrived = nextNotification();
    await patch({ allowed_tools: [], toolkits: ["hackernews"] });
    await arrived;
    expect(notified).toBe(2);
    const expected = h.catalog.listTools({ toolkits: ["hackernews"] }).map((tool) => tool.slug);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expected);
  });
});
