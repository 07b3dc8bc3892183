/**
 * Crash safety of the real CLI (`node dist/platform/cli.js serve --db <file>`):
 * concurrent writes from several workers — MCP server creates, trigger upserts,
 * project configuration PATCHes — then `kill -9` while requests are in flight,
 * a restart on the same database, and checks that
 *
 * - every acknowledged (2xx) write is there, read back by id, with what was sent;
 * - an unacknowledged write (in flight at the kill) is either fully there or absent,
 *   and nothing exists that was never sent, nothing twice;
 * - the database left by the kill passes SQLite's integrity and foreign-key checks
 *   (on a copy, so that the restarted CLI itself recovers the write-ahead log).
 *
 * Three kill/restart cycles on one database. Needs `npm run build` (the test
 * command `npm test` builds before vitest).
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, CliProcesses, exited, staleSource } from "../platform/build";

const ORG_KEY = `iok_${randomBytes(20).toString("hex")}`;
const API_KEY = `ipk_${randomBytes(20).toString("hex")}`;
const GITHUB_TRIGGERS = ["GITHUB_COMMIT_EVENT", "GITHUB_PULL_REQUEST_EVENT", "GITHUB_ISSUE_ADDED_EVENT", "GITHUB_STAR_ADDED_EVENT"];
const ACCOUNTS = 12;
/** Acknowledged writes after which each cycle's process is killed. */
const KILL_AFTER = [120, 200, 160];

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stderr(): string;
}

const cli = new CliProcesses();

async function start(db: string): Promise<Running> {
  const { child, first, stderr } = await cli.start(["serve", "--port", "0", "--db", db, "--seed", "demo"], {
    INTEGRATION_PLATFORM_ORG_API_KEY: ORG_KEY,
    INTEGRATION_PLATFORM_API_KEY: API_KEY,
  });
  expect(first.apiKey).toBe(API_KEY);
  expect(first.orgApiKey).toBe(ORG_KEY);
  return { child, url: first.url!, stderr };
}

interface Answer {
  status: number;
  body: any;
}

async function call(url: string, method: string, path: string, body?: unknown, org = false): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { [org ? "x-org-api-key" : "x-api-key"]: org ? ORG_KEY : API_KEY, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

/** What the workers sent, and what the platform acknowledged. */
interface Ledger {
  /** Acknowledged server creates: id → name. */
  servers: Map<string, string>;
  /** Creates without an answer (in flight at a kill). */
  unackedServers: Set<string>;
  /** Per (account, trigger type): the acknowledged trigger id and last acknowledged repo. */
  triggers: Map<string, { id: string; repo: string }>;
  /** Per (account, trigger type): the repo of an upsert without an answer, sent after the last acknowledged one. */
  unackedTriggers: Map<string, string>;
  /** Display name: last acknowledged, and the one in flight at the kill. */
  displayName: { acked?: string; unacked?: string };
  acks: number;
}

let dir: string;
let db: string;
let authConfigId: string;
let accountIds: string[];
const ledger: Ledger = { servers: new Map(), unackedServers: new Set(), triggers: new Map(), unackedTriggers: new Map(), displayName: {}, acks: 0 };

/** Runs the workers until `killAfter` more writes are acknowledged, then kill -9 with requests in flight. */
async function writeAndKill(running: Running, cycle: number, killAfter: number): Promise<{ inFlightAtKill: number }> {
  const target = ledger.acks + killAfter;
  let stop = false;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killed: Promise<unknown> | undefined;
  const acked = () => {
    ledger.acks++;
    if (!killed && ledger.acks >= target) {
      stop = true;
      inFlightAtKill = inFlight;
      running.child.kill("SIGKILL");
      killed = exited(running.child);
    }
  };
  /** Sends one write; true when acknowledged. A refused write (4xx) fails the test: the workers only send valid ones. */
  const send = async (method: string, path: string, body: unknown, expected: number): Promise<Answer | undefined> => {
    inFlight++;
    try {
      const answer = await call(running.url, method, path, body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(expected);
      return answer;
    } catch (error) {
      if (!stop) throw error;
      return undefined; // no answer: the process was killed
    } finally {
      inFlight--;
    }
  };

  const serverWorker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const name = `crash c${cycle} w${w} n${i}`; // names: 4-30 letters, digits, spaces, hyphens
      ledger.unackedServers.add(name);
      const answer = await send("POST", "/api/v3/mcp/servers", { name, auth_config_ids: [authConfigId] }, 201);
      if (!answer) return;
      ledger.unackedServers.delete(name);
      ledger.servers.set(answer.body.id, name);
      acked();
    }
  };
  const triggerWorker = async (w: number) => {
    const keys = accountIds.filter((_, i) => i % 2 === w).flatMap((account) => GITHUB_TRIGGERS.map((type) => ({ account, type })));
    for (let i = 0; !stop; i++) {
      const { account, type } = keys[i % keys.length]!;
      const key = `${account} ${type}`;
      const repo = `c${cycle}-w${w}-${i}`;
      ledger.unackedTriggers.set(key, repo);
      const answer = await send("POST", `/api/v3/trigger_instances/${type}/upsert`, { connected_account_id: account, trigger_config: { owner: "crash", repo } }, 200);
      if (!answer) return;
      ledger.unackedTriggers.delete(key);
      const before = ledger.triggers.get(key);
      if (before) expect(answer.body.trigger_id, `the upsert of ${key} made a second trigger`).toBe(before.id);
      ledger.triggers.set(key, { id: answer.body.trigger_id, repo });
      acked();
    }
  };
  const configWorker = async () => {
    for (let i = 0; !stop; i++) {
      const name = `crash c${cycle} n${i}`;
      ledger.displayName.unacked = name;
      const answer = await send("PATCH", "/api/v3/org/project/config", { display_name: name }, 200);
      if (!answer) return;
      expect(answer.body.display_name).toBe(name);
      ledger.displayName = { acked: name };
      acked();
    }
  };
  // A failing worker stops the others (and the test's afterAll kills the process).
  const guarded = (work: Promise<void>) => work.catch((error: unknown) => { stop = true; throw error; });
  await Promise.all([serverWorker(0), serverWorker(1), serverWorker(2), triggerWorker(0), triggerWorker(1), configWorker()].map(guarded));
  expect(killed, "the workers stopped before the kill").toBeDefined();
  expect(await killed).toEqual({ code: null, signal: "SIGKILL" });
  return { inFlightAtKill };
}

/** SQLite's checks on a copy of the files a kill left (the original stays for the CLI to recover). */
function checkCopy(label: string): void {
  const copy = join(dir, `copy-${label}`);
  rmSync(copy, { recursive: true, force: true });
  const copied = join(dir, `copy-${label}.db`);
  for (const suffix of ["", "-wal", "-shm"]) if (existsSync(db + suffix)) copyFileSync(db + suffix, copied + suffix);
  const sqlite = new DatabaseSync(copied);
  try {
    expect(sqlite.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    expect(sqlite.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    expect((sqlite.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
  } finally {
    sqlite.close();
  }
}

/** Every acknowledged write is there; every unacknowledged one fully there or absent; nothing else. */
async function verify(running: Running): Promise<void> {
  const url = running.url;
  expect(await (await fetch(`${url}/_local/health`)).json()).toEqual({ status: "ok" });

  // MCP servers, read back by id.
  for (const [id, name] of ledger.servers) {
    const answer = await call(url, "GET", `/api/v3/mcp/${id}`);
    expect(answer.status, `acknowledged server ${name} (${id}) after restart: ${JSON.stringify(answer.body)}`).toBe(200);
    expect(answer.body).toMatchObject({ id, name, auth_config_ids: [authConfigId], toolkits: ["github"], deleted: false });
  }
  // Every server named like the workers' is one they sent, at most once; an unacknowledged one is complete.
  const seen = new Map<string, string>();
  for (let page = 1; ; page++) {
    const answer = await call(url, "GET", `/api/v3/mcp/app/github?name=crash&limit=500&page_no=${page}&order_by=created_at&order_direction=asc`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const server of answer.body.items as { id: string; name: string; auth_config_ids: string[]; toolkits: string[] }[]) {
      expect(seen.has(server.name), `server ${server.name} exists twice`).toBe(false);
      seen.set(server.name, server.id);
      if (ledger.servers.has(server.id)) continue;
      expect(ledger.unackedServers.has(server.name), `server ${server.name} was never sent`).toBe(true);
      expect(server).toMatchObject({ auth_config_ids: [authConfigId], toolkits: ["github"] });
    }
    if (page >= answer.body.total_pages) break;
  }
  expect(seen.size).toBeGreaterThanOrEqual(ledger.servers.size);

  // Trigger instances, read back by id: the last acknowledged config, or the one in flight after it.
  const listed = await call(url, "GET", `/api/v3/trigger_instances/active?connected_account_ids=${accountIds.join(",")}&show_disabled=true&limit=1000`);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const byKey = new Map<string, { id: string; trigger_config: { repo: string } }[]>();
  for (const t of listed.body.items as { id: string; connected_account_id: string; trigger_name: string; trigger_config: { repo: string } }[]) {
    const key = `${t.connected_account_id} ${t.trigger_name}`;
    byKey.set(key, [...(byKey.get(key) ?? []), t]);
  }
  for (const [key, found] of byKey) {
    expect(found, `${key} has ${found.length} triggers`).toHaveLength(1);
    expect(ledger.triggers.has(key) || ledger.unackedTriggers.has(key), `${key} was never upserted`).toBe(true);
  }
  for (const [key, { id, repo }] of ledger.triggers) {
    const one = await call(url, "GET", `/api/v3/trigger_instances/active?trigger_ids=${id}&show_disabled=true`);
    expect(one.body.items, `acknowledged trigger ${key} (${id}) after restart`).toHaveLength(1);
    const allowed = [repo, ledger.unackedTriggers.get(key)].filter(Boolean);
    expect(allowed, `${key}: config ${one.body.items[0].trigger_config.repo}`).toContain(one.body.items[0].trigger_config.repo);
  }
  for (const [key, repo] of ledger.unackedTriggers) {
    if (ledger.triggers.has(key)) continue;
    const found = byKey.get(key);
    if (found) expect(found[0]!.trigger_config.repo).toBe(repo);
  }

  // Project configuration: the last acknowledged PATCH, or the one in flight after it.
  const config = await call(url, "GET", "/api/v3/org/project/config");
  const allowed = [ledger.displayName.acked, ledger.displayName.unacked].filter(Boolean);
  expect(allowed, `display_name ${config.body.display_name}`).toContain(config.body.display_name);
}

describe("crash safety of the CLI", () => {
  beforeAll(() => {
    if (!existsSync(CLI)) {
      throw new Error(`${CLI} is missing: run \`npm run build\` before this test (\`npm test\` builds before vitest).`);
    }
    const stale = staleSource();
    if (stale) {
      console.warn(`crash.test.ts: dist/ is older than ${stale}; this test runs the built CLI — run \`npm run build\` to test the current sources.`);
    }
    dir = mkdtempSync(join(tmpdir(), "ip-crash-"));
    db = join(dir, "platform.db");
  });
  afterAll(async () => {
    await cli.killAll();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps every acknowledged write through three kill -9 and restarts", { timeout: 90_000 }, async () => {
    let running = await start(db);
    // Set-up, acknowledged before any kill: a GitHub auth config (API key scheme: accounts are ACTIVE at once) and accounts.
    const config = await call(running.url, "POST", "/_local/auth_configs", { project_id: (await call(running.url, "GET", "/api/v3/auth/session/info")).body.project.id, toolkit: "github", auth_scheme: "API_KEY" }, true);
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    authConfigId = config.body.id;
    accountIds = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await call(running.url, "POST", "/api/v3/connected_accounts", {
        auth_config: { id: authConfigId },
        connection: { user_id: `crash-user-${i}`, state: { val: { api_key: `key-${i}` } } },
      });
      expect(account.status, JSON.stringify(account.body)).toBe(201);
      accountIds.push(account.body.id);
    }

    const report: string[] = [];
    for (const [cycle, killAfter] of KILL_AFTER.entries()) {
      const { inFlightAtKill } = await writeAndKill(running, cycle, killAfter);
      checkCopy(`cycle-${cycle}`);
      running = await start(db);
      expect(running.stderr()).not.toMatch(/error|corrupt|malformed/i);
      await verify(running);
      report.push(`cycle ${cycle}: killed with ${inFlightAtKill} requests in flight`);
      if (process.env.CRASH_REPORT) console.log(report.at(-1), ledger.acks, ledger.servers.size, ledger.unackedServers.size, ledger.triggers.size, ledger.unackedTriggers.size, ledger.displayName);
    }
    // Writes in every kind were acknowledged, and some were in flight at a kill.
    expect(ledger.servers.size).toBeGreaterThan(50);
    expect(ledger.triggers.size).toBeGreaterThan(10);
    expect(ledger.displayName.acked).toBeDefined();
    expect(report.some((line) => !line.includes(" 0 requests")), report.join("; ")).toBe(true);

    // A clean stop after the last restart, and SQLite's checks on the file itself.
    running.child.kill("SIGTERM");
    expect(await exited(running.child)).toEqual({ code: 0, signal: null });
    const sqlite = new DatabaseSync(db);
    try {
      expect(sqlite.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      expect(sqlite.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
