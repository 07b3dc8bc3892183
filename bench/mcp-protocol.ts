/**
 * The MCP endpoint under load (issue 16): requests/s and p50/p99 latency of `tools/list` and
 * `tools/call` at a server's mcp_url, beside the REST list endpoint (GET /api/v3/mcp/app/github)
 * and a bare Fastify GET for the machine's scale.
 *
 * The platform runs in a child process with a file store, as the CLI serves it. One MCP session
 * is opened with the official SDK client; autocannon (10 connections, 5 s after a 1 s warm-up,
 * loopback) then posts JSON-RPC messages on that session, each with a fresh id. The call is
 * GITHUB_CREATE_ISSUE with valid arguments for a user with an ACTIVE connection: the whole
 * path (tool offered, arguments validated, connection found, simulated result).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { createLocalAuthConfig } from "../platform";
import { call, createConnectedAccount, log, machineLine, startServer, table, publish, runWhenMain, type ChildServer } from "./common";
import { ID_TOKEN, load, type Measured, type Target } from "./platform";

const USER = "bench-user";

/** 20 GitHub servers (a page of the REST list) and the one the MCP rows use; its mcp_url for USER. */
async function populate(server: ChildServer): Promise<string> {
  const { url, apiKey, orgApiKey, projectId } = server as Required<ChildServer>;
  const authConfigId = await createLocalAuthConfig(url, orgApiKey, { project_id: projectId, toolkit: "github", auth_scheme: "API_KEY" });
  await createConnectedAccount(url, apiKey, authConfigId, USER);
  let serverId = "";
  for (let i = 0; i < 20; i++) {
    const created = await call<{ id: string }>(`${url}/api/v3/mcp/servers`, {
      method: "POST",
      headers: { "x-api-key": apiKey },
      body: { name: `bench-server-${i}`, auth_config_ids: [authConfigId], allowed_tools: ["GITHUB_CREATE_ISSUE", "GITHUB_GET_REPOSITORY"] },
    });
    serverId ||= created.id;
  }
  const generated = await call<{ mcp_url: string }>(`${url}/api/v3/mcp/servers/generate`, {
    method: "POST",
    headers: { "x-api-key": apiKey },
    body: { mcp_server_id: serverId, user_ids: [USER] },
  });
  return generated.mcp_url;
}

export async function main(): Promise<boolean> {
  const machine = await machineLine();
  const dbDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-mcp-db-"));
  const servers: ChildServer[] = [];
  const results: Measured[] = [];
  let client: Client | undefined;
  try {
    const bare = await startServer(["bare"]);
    servers.push(bare);
    const platform = await startServer(["platform", "--db", path.join(dbDir, "platform.db")]);
    servers.push(platform);
    const mcpUrl = await populate(platform);
    const headers = { "x-api-key": platform.apiKey! };

    client = new Client({ name: "bench", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers } });
    await client.connect(transport);
    const session = {
      ...headers,
      accept: "application/json, text/event-stream",
      "mcp-session-id": transport.sessionId!,
      "mcp-protocol-version": transport.protocolVersion!,
    };
    const callArguments = { owner: "octocat", repo: "hello-world", title: "Found a bug" };
    const checked = await client.callTool({ name: "GITHUB_CREATE_ISSUE", arguments: callArguments });
    if (checked.isError) throw new Error(`the benchmarked call is a tool error: ${JSON.stringify(checked.content)}`);

    const targets: Target[] = [
      { label: "bare Fastify GET /bare (constant JSON)", url: `${bare.url}/bare`, method: "GET", role: "reference" },
      { label: "REST GET /api/v3/mcp/app/github (10 of 20 servers)", url: `${platform.url}/api/v3/mcp/app/github`, method: "GET", headers, role: "measured" },
      {
        label: "MCP tools/list (2 tools)",
        url: mcpUrl,
        method: "POST",
        headers: session,
        body: { jsonrpc: "2.0", id: ID_TOKEN, method: "tools/list" },
        role: "measured",
      },
      {
        label: "MCP tools/call GITHUB_CREATE_ISSUE",
        url: mcpUrl,
        method: "POST",
        headers: session,
        body: { jsonrpc: "2.0", id: ID_TOKEN, method: "tools/call", params: { name: "GITHUB_CREATE_ISSUE", arguments: callArguments } },
        role: "measured",
      },
    ];
    for (const target of targets) {
      log(`mcp-protocol: ${target.label} ...`);
      const measured = await load(target);
      results.push(measured);
      log(`  ${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms`);
    }
  } finally {
    await client?.close().catch(() => undefined);
    for (const server of servers) await server.stop();
    await fs.rm(dbDir, { recursive: true, force: true });
  }

  const reference = results.find((r) => r.target.role === "reference")!;
  const rest = results.find((r) => r.target.label.startsWith("REST"))!;
  const ratio = (r: Measured, to: Measured) => +(r.rps / to.rps).toFixed(3);
  const rows = results.map((r) => [r.target.label, Math.round(r.rps), r.p50, r.p99, ratio(r, reference), ratio(r, rest)]);
  const markdown = [
    "## MCP endpoint under load (bench/mcp-protocol.ts)",
    "",
    `Machine: ${machine}`,
    "",
    "autocannon, 10 connections, 5 s each after a 1 s warm-up, loopback; the platform in its own process on a",
    "file store (as the CLI runs it), the load generator in this one. The MCP rows post JSON-RPC messages",
    "(fresh id each) on one session opened by the official SDK client; JSON responses (no SSE).",
    "tools/call is GITHUB_CREATE_ISSUE with valid arguments for a user with an ACTIVE connection.",
    "Reads only: no row writes. The machine is shared with other work (see the load average): compare rows",
    "of one run, not runs of different days.",
    "",
    table(["endpoint", "req/s", "p50 ms", "p99 ms", "÷ bare", "÷ REST list"], rows),
  ].join("\n");
  publish("mcp-protocol", markdown);
  return true;
}

runWhenMain(module, "mcp-protocol bench", main);
