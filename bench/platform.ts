/**
 * Benchmark 3 — the local platform under load (issue 8).
 *
 * autocannon (10 connections, 5 s, after a 1 s warm-up, loopback only) against
 *   - a bare Fastify route answering a constant JSON (GET /bare; the reference of the issue's
 *     ratio) and PATCH /bare,
 *   - for each measured endpoint, a bare Fastify route answering that endpoint's own answer
 *     with the same method (GET/PATCH /payload/NAME): the same bytes without any platform work,
 *     so the best any implementation of the endpoint could do on this machine,
 *   - list endpoints of the platform: GET /api/v3/mcp/app/github (a page of 10 servers) and
 *     GET /api/v3/trigger_instances/active (a page of 20 triggers),
 *   - PATCH /api/v3/mcp/{id} (a one-field change, one durable write),
 * each server in its own process (the load generator runs in this one), the platform with a
 * file store as `integration-platform-local serve` has, and for comparison the same PATCH on
 * an in-memory store. Requests/s and p50/p99 latency are printed with two ratios: to the bare
 * GET route (the target ≥ 0.5; reported, never failed on) and to the bare route giving
 * the same answer (how much of the rest is the platform's own work). A non-2xx answer fails
 * the benchmark (it would measure an error path).
 */
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import autocannon from "autocannon";
import { createLocalAuthConfig } from "../platform";
import { call, createConnectedAccount, log, machineLine, startServer, table, publish, runWhenMain, type ChildServer } from "./common";

const CONNECTIONS = 10;
const DURATION_S = 5;
const WARMUP_S = 1;
const TARGET = 0.5;
const TRIGGER_TYPES = ["GITHUB_COMMIT_EVENT", "GITHUB_PULL_REQUEST_EVENT", "GITHUB_ISSUE_ADDED_EVENT", "GITHUB_STAR_ADDED_EVENT"];

/** In a target's body, stands for a number new with every request (see `load`). */
export const ID_TOKEN = "[<id>]";

/**
 * A body holding ID_TOKEN is rebuilt per request with a new number in its place: JSON-RPC ids
 * must differ among a session's requests in flight. (autocannon's own `idReplacement` keeps
 * the template's Content-Length, so the server waits for bytes that never come.)
 */
function freshIds(body: unknown): Pick<autocannon.Options, "requests"> {
  const template = JSON.stringify(body ?? null);
  if (!template.includes(ID_TOKEN)) return {};
  let next = 0;
  return { requests: [{ setupRequest: (request) => ({ ...request, body: template.replace(ID_TOKEN, String(++next)) }) }] };
}

export interface Target {
  label: string;
  url: string;
  method: "GET" | "POST" | "PATCH";
  headers?: Record<string, string>;
  body?: unknown;
  /** The reference of the ratio, a measured endpoint, or informational. */
  role: "reference" | "measured" | "context";
  /** For a measured endpoint: the label of the bare route giving its answer. */
  sameAnswer?: string;
}

export interface Measured {
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

/** Loads one target (warm-up, then the measured run); a non-2xx answer, error or timeout throws. */
export async function load(target: Target): Promise<Measured> {
  const options = {
    url: target.url,
    method: target.method,
    headers: { "content-type": "application/json", ...target.headers },
    ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
    ...freshIds(target.body),
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
    // Each measured endpoint's own answer, served by the bare app too (payload size and method alone).
    const patchBody = { name: "bench-patched" };
    const answers = {
      list: await call<unknown>(`${onFile.url}/api/v3/mcp/app/github`, { method: "GET", headers: key(onFile) }),
      triggers: await call<unknown>(`${onFile.url}/api/v3/trigger_instances/active`, { method: "GET", headers: key(onFile) }),
      patch: await call<unknown>(`${onFile.url}/api/v3/mcp/${fileServerId}`, { method: "PATCH", headers: key(onFile), body: patchBody }),
    };
    for (const [name, answer] of Object.entries(answers)) await call(`${bare.url}/payload/${name}`, { method: "PUT", headers: {}, body: answer });
    const kb = (answer: unknown) => `${(JSON.stringify(answer).length / 1024).toFixed(1)} KB`;
    const same = {
      list: `bare Fastify GET, the MCP list's answer (${kb(answers.list)})`,
      triggers: `bare Fastify GET, the trigger list's answer (${kb(answers.triggers)})`,
      patch: `bare Fastify PATCH, the PATCH's answer (${kb(answers.patch)})`,
    };
    const targets: Target[] = [
      { label: "bare Fastify GET /bare (constant JSON)", url: `${bare.url}/bare`, method: "GET", role: "reference" },
      { label: "bare Fastify PATCH /bare (small JSON body)", url: `${bare.url}/bare`, method: "PATCH", body: patchBody, role: "context" },
      { label: same.list, url: `${bare.url}/payload/list`, method: "GET", role: "context" },
      { label: same.triggers, url: `${bare.url}/payload/triggers`, method: "GET", role: "context" },
      { label: same.patch, url: `${bare.url}/payload/patch`, method: "PATCH", body: patchBody, role: "context" },
      { label: "GET /api/v3/mcp/app/github (10 of 20 servers)", url: `${onFile.url}/api/v3/mcp/app/github`, method: "GET", headers: key(onFile), role: "measured", sameAnswer: same.list },
      { label: "GET /api/v3/trigger_instances/active (20 triggers)", url: `${onFile.url}/api/v3/trigger_instances/active`, method: "GET", headers: key(onFile), role: "measured", sameAnswer: same.triggers },
      { label: "PATCH /api/v3/mcp/{id} (name; file store)", url: `${onFile.url}/api/v3/mcp/${fileServerId}`, method: "PATCH", headers: key(onFile), body: patchBody, role: "measured", sameAnswer: same.patch },
      { label: "PATCH /api/v3/mcp/{id} (name; in-memory store)", url: `${inMemory.url}/api/v3/mcp/${memoryServerId}`, method: "PATCH", headers: key(inMemory), body: patchBody, role: "context" },
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
  const byLabel = new Map(results.map((r) => [r.target.label, r]));
  const ratio = (r: Measured, to: Measured) => +(r.rps / to.rps).toFixed(3);
  const met = (r: Measured) => r.rps / reference.rps >= TARGET;
  const rows = results.map((r) => {
    const verdict = r.target.role === "measured" ? (met(r) ? "met" : "missed") : r.target.role === "reference" ? "reference" : "(context)";
    const same = r.target.sameAnswer ? byLabel.get(r.target.sameAnswer) : undefined;
    return [r.target.label, Math.round(r.rps), r.p50, r.p99, ratio(r, reference), verdict, same ? ratio(r, same) : ""];
  });
  const summary: string[] = [];
  const ceilings: string[] = [];
  const overheads: string[] = [];
  for (const r of results.filter((r) => r.target.role === "measured")) {
    const name = r.target.label.split(" (")[0];
    summary.push(`${name}: ${ratio(r, reference)} (${met(r) ? "met" : "missed"})`);
    const same = r.target.sameAnswer ? byLabel.get(r.target.sameAnswer) : undefined;
    if (!same) continue;
    ceilings.push(`${name}: ${ratio(same, reference)}`);
    overheads.push(`${name}: ${ratio(r, same)}`);
  }
  const markdown = [
    "## Local platform under load (bench/platform.ts)",
    "",
    `Machine: ${machine}`,
    "",
    `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, loopback; each server in its`,
    "own process (the load generator in a third); the platform on a file store as the CLI runs it (WAL,",
    "synchronous = FULL, writes group-committed: every answered write is on disk). Rows marked (context) are",
    "not targets: the bare app answering each measured endpoint's own answer with the same method (payload",
    "size and method alone, no platform work), and the PATCH on an in-memory store (the cost of the fsync).",
    `"÷ bare" = requests/s ÷ the bare GET /bare route's; target ≥ ${TARGET} for the platform's list and PATCH endpoints.`,
    `"÷ same answer" = requests/s ÷ the bare route giving the same answer.`,
    "",
    table(["endpoint", "req/s", "p50 ms", "p99 ms", "÷ bare", `≥ ${TARGET}`, "÷ same answer"], rows),
    "",
    `Ratio to the bare route (the target): ${summary.join("; ")}.`,
    "",
    `Ceiling of that ratio on this machine (the bare app giving the same answer, no platform work): ${ceilings.join("; ")}.`,
    "",
    `The platform against that ceiling (÷ same answer): ${overheads.join("; ")}.`,
    ...context(results),
  ].join("\n");
  publish("platform", markdown);
  return true;
}

/** What the store context rows say, in numbers: the durable write's share of a PATCH. */
function context(results: Measured[]): string[] {
  const find = (prefix: string) => results.find((r) => r.target.label.startsWith(prefix));
  const onFile = find("PATCH /api/v3/mcp/{id} (name; file store)");
  const inMemory = find("PATCH /api/v3/mcp/{id} (name; in-memory store)");
  if (!onFile || !inMemory) return [];
  const perWrite = 1000 / onFile.rps - 1000 / inMemory.rps;
  return [
    "",
    `Store: the PATCH does ${Math.round(inMemory.rps)} req/s on an in-memory store, ${Math.round(onFile.rps)} on the file store ` +
      `(≈ ${perWrite.toFixed(3)} ms more per write: the fsync of its group commit, shared by the writes of one turn of the event loop).`,
  ];
}

runWhenMain(module, "platform bench", main);
