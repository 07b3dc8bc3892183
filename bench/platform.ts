/**
 * Benchmark 3 — the local platform under load (issue 8).
 *
 * autocannon (10 connections, 5 s, after a 1 s warm-up, loopback only) against
 *   - a bare Fastify route answering a constant JSON (GET /bare; the reference), PATCH /bare,
 *     and GET /payload answering the platform's list answer as a constant (payload size alone),
 *   - list endpoints of the platform: GET /api/v3/mcp/app/github (a page of 10 servers) and
 *     GET /api/v3/trigger_instances/active (a page of 20 triggers),
 *   - PATCH /api/v3/mcp/{id} (a one-field change, one transaction),
 * each server in its own process (the load generator runs in this one), the platform with a
 * file store as `integration-platform-local serve` has (WAL, synchronous = FULL), and for
 * comparison the same PATCH on an in-memory store. Requests/s and p50/p99 latency are
 * printed with the ratio of requests/s to the bare GET route. Target ≥ 0.5; reported, never
 * failed on. A non-2xx answer fails the benchmark (it would measure an error path).
 */
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import autocannon from "autocannon";
import { createLocalAuthConfig } from "../platform";
import { call, createConnectedAccount, log, machineLine, startServer, table, writeSection, type ChildServer } from "./common";

const CONNECTIONS = 10;
const DURATION_S = 5;
const WARMUP_S = 1;
const TARGET = 0.5;
const TRIGGER_TYPES = ["GITHUB_COMMIT_EVENT", "GITHUB_PULL_REQUEST_EVENT", "GITHUB_ISSUE_ADDED_EVENT", "GITHUB_STAR_ADDED_EVENT"];

interface Target {
  label: string;
  url: string;
  method: "GET" | "PATCH";
  headers?: Record<string, string>;
  body?: unknown;
  /** The reference of the ratio, or not compared (informational). */
  role: "reference" | "measured" | "context";
}

interface Measured {
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

async function load(target: Target): Promise<Measured> {
  const options = {
    url: target.url,
    method: target.method,
    headers: { "content-type": "application/json", ...target.headers },
    ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
    connections: CONNECTIONS,
    pipelining: 1,
  };
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result["2xx"],
  };
}

/** A page's worth of data: 20 GitHub MCP servers and 20 triggers; returns one server's id. */
async function populate(server: ChildServer): Promise<string> {
  const { url, apiKey, orgApiKey, projectId } = server as Required<ChildServer>;
  const authConfigId = await createLocalAuthConfig(url, orgApiKey, { project_id: projectId, toolkit: "github" });
  let serverId = "";
  for (let i = 0; i < 20; i++) {
    const created = await call<{ id: string }>(`${url}/api/v3/mcp/servers`, {
      method: "POST",
      headers: { "x-api-key": apiKey },
      body: { name: `bench-server-${i}`, auth_config_ids: [authConfigId], toolkits: ["github"], allowed_tools: ["GITHUB_CREATE_ISSUE"] },
    });
    serverId ||= created.id;
  }
  for (let a = 0; a < 5; a++) {
    const account = await createConnectedAccount(url, apiKey, authConfigId, `bench-user-${a}`);
    for (const type of TRIGGER_TYPES) {
      await call(`${url}/api/v3/trigger_instances/${type}/upsert`, {
        method: "POST",
        headers: { "x-api-key": apiKey },
        body: { connected_account_id: account, trigger_config: { owner: "acme", repo: `repo-${a}` } },
      });
    }
  }
  return serverId;
}

export async function main(): Promise<boolean> {
  const machine = await machineLine();
  const dbDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-platform-db-"));
  const servers: ChildServer[] = [];
  const results: Measured[] = [];
  try {
    const bare = await startServer(["bare"]);
    servers.push(bare);
    const onFile = await startServer(["platform", "--db", path.join(dbDir, "platform.db")]);
    servers.push(onFile);
    const inMemory = await startServer(["platform", "--db", ":memory:"]);
    servers.push(inMemory);
    const fileServerId = await populate(onFile);
    const memoryServerId = await populate(inMemory);
    const key = (s: ChildServer) => ({ "x-api-key": s.apiKey! });
    // The bare app also serves the platform's list answer, to tell payload size from platform work.
    const listAnswer = await call<unknown>(`${onFile.url}/api/v3/mcp/app/github`, { method: "GET", headers: key(onFile) });
    await call(`${bare.url}/payload`, { method: "PUT", headers: {}, body: listAnswer });
    const listBytes = JSON.stringify(listAnswer).length;
    const targets: Target[] = [
      { label: "bare Fastify GET /bare (constant JSON)", url: `${bare.url}/bare`, method: "GET", role: "reference" },
      { label: "bare Fastify PATCH /bare (small JSON body)", url: `${bare.url}/bare`, method: "PATCH", body: { name: "bench-patched" }, role: "context" },
      { label: `bare Fastify GET /payload (the list's ${(listBytes / 1024).toFixed(1)} KB JSON)`, url: `${bare.url}/payload`, method: "GET", role: "context" },
      { label: "GET /api/v3/mcp/app/github (10 of 20 servers)", url: `${onFile.url}/api/v3/mcp/app/github`, method: "GET", headers: key(onFile), role: "measured" },
      { label: "GET /api/v3/trigger_instances/active (20 triggers)", url: `${onFile.url}/api/v3/trigger_instances/active`, method: "GET", headers: key(onFile), role: "measured" },
      { label: "PATCH /api/v3/mcp/{id} (name; file store)", url: `${onFile.url}/api/v3/mcp/${fileServerId}`, method: "PATCH", headers: key(onFile), body: { name: "bench-patched" }, role: "measured" },
      { label: "PATCH /api/v3/mcp/{id} (name; in-memory store)", url: `${inMemory.url}/api/v3/mcp/${memoryServerId}`, method: "PATCH", headers: key(inMemory), body: { name: "bench-patched" }, role: "context" },
    ];
    for (const target of targets) {
      log(`platform: ${target.label} ...`);
      const measured = await load(target);
      results.push(measured);
      log(`  ${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms`);
    }
  } finally {
    for (const server of servers) await server.stop();
    await fs.rm(dbDir, { recursive: true, force: true });
  }

  const reference = results.find((r) => r.target.role === "reference")!;
  const rows = results.map((r) => {
    const ratio = r.rps / reference.rps;
    const verdict = r.target.role === "measured" ? (ratio >= TARGET ? "met" : "missed") : r.target.role === "reference" ? "reference" : "(context)";
    return [r.target.label, Math.round(r.rps), r.p50, r.p99, +ratio.toFixed(3), verdict];
  });
  const measured = results.filter((r) => r.target.role === "measured");
  const summary = measured.map((r) => `${r.target.label.split(" (")[0]}: ${(r.rps / reference.rps).toFixed(3)} (${r.rps / reference.rps >= TARGET ? "met" : "missed"})`);
  const markdown = [
    "## Local platform under load (bench/platform.ts)",
    "",
    `Machine: ${machine}`,
    "",
    `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, loopback; each server in its`,
    "own process (the load generator in a third); the platform on a file store (WAL, synchronous = FULL) as the",
    "CLI runs it. Rows marked (context) are not targets: they separate payload size (the bare app serving",
    "the list's answer) and fsync cost (the PATCH on an in-memory store) from the platform's own work.",
    `Ratio = requests/s ÷ the bare GET /bare route's. Target: ratio ≥ ${TARGET} for the platform's list and PATCH endpoints.`,
    "",
    table(["endpoint", "req/s", "p50 ms", "p99 ms", "ratio", `≥ ${TARGET}`], rows),
    "",
    `Ratio: ${summary.join("; ")}.`,
    ...context(results, reference),
  ].join("\n");
  console.log(`\n${markdown}\n`);
  writeSection("platform", markdown);
  return true;
}

/** What the context rows say, in numbers: payload size alone, and the fsync of each committed write. */
function context(results: Measured[], reference: Measured): string[] {
  const find = (prefix: string) => results.find((r) => r.target.label.startsWith(prefix));
  const payload = find("bare Fastify GET /payload");
  const onFile = find("PATCH /api/v3/mcp/{id} (name; file store)");
  const inMemory = find("PATCH /api/v3/mcp/{id} (name; in-memory store)");
  const lines: string[] = [];
  if (payload) lines.push(`- Payload size alone: the bare route serving the list's answer keeps ${(payload.rps / reference.rps).toFixed(3)} of the bare rate.`);
  if (onFile && inMemory) {
    const perWrite = 1000 / onFile.rps - 1000 / inMemory.rps;
    lines.push(
      `- Store: the PATCH does ${Math.round(inMemory.rps)} req/s on an in-memory store, ${Math.round(onFile.rps)} on the file store ` +
        `(≈ ${perWrite.toFixed(2)} ms more per write, the commit's fsync under synchronous = FULL).`,
    );
  }
  return lines.length ? ["", "Context:", "", ...lines] : [];
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`platform bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  });
}
