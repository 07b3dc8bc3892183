/**
 * `npm run bench:soak`: the local platform under hostile traffic (issue 14), loopback only, a
 * fixed number of requests, so it stops by itself.
 *
 * The platform runs in its own process (bench/server.js, demo seed, in-memory store, request
 * timeout 5 s so that slow bodies are cut within the run). 20,000 requests, mixed:
 *   - many-key JSON bodies (~9,000 distinct keys, ~120 KB) without a key, to the MCP create route;
 *   - slow bodies: raw sockets sending a body one byte every 200 ms, until the server cuts them;
 *   - amplification attempts with the project key: URL generation with a repeated connected
 *     account (over the cap, and de-duplicated under it) and PLATFORM_SEARCH_TOOLS with 1,000 queries;
 *   - ordinary traffic: lists, reads, creates, 401s and 404s.
 * Meanwhile a probe in a process of its own (bench/soak-probe.ts) asks GET /_local/health every
 * 50 ms on its own connection. Reported: the
 * server's RSS before and after (from /proc), its peak, the probe's p50/p99/max latency and
 * failures, the answers by status. Targets: RSS growth < 100 MB, health p99 < 50 ms, 0 × 5xx.
 * Exits non-zero only when a count target is missed (a 5xx, or a probe that got no answer).
 */
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { Pool } from "undici";
import { machineLine, publish, runWhenMain, startServer, table } from "./common";

const TOTAL = 20_000;
const SLOW_BODIES = 200;
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 24);
const REQUEST_TIMEOUT_SECONDS = 5;
const PROBE_EVERY_MS = 50;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A JSON object of `n` distinct keys, different for each `variant`. */
function manyKeyBody(variant: number, n = 9_000): string {
  const body: Record<string, number> = {};
  for (let i = 0; i < n; i++) body[`v${variant}_field_${i}`] = i;
  return JSON.stringify(body);
}

/** A body sent one byte every 200 ms until the server closes the socket; resolves with its status line. */
function slowBody(url: string, apiKey: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.write(
      `POST /api/v3/mcp/servers HTTP/1.1\r\nHost: bench\r\nx-api-key: ${apiKey}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{`,
    );
    const timer = setInterval(() => socket.writable && socket.write(" "), 200);
    socket.on("close", () => {
      clearInterval(timer);
      resolve(answer.split("\r\n", 1)[0] || "closed without an answer");
    });
  });
}

export async function main(): Promise<boolean> {
  const machine = await machineLine({ pulumi: false });
  const server = await startServer(["platform", "--db", ":memory:", "--request-timeout", String(REQUEST_TIMEOUT_SECONDS)]);
  const url = server.url;
  const apiKey = server.apiKey!;
  const pool = new Pool(url, { connections: CONCURRENCY, pipelining: 1 });
  const statuses = new Map<string, number>();
  const count = (label: string) => statuses.set(label, (statuses.get(label) ?? 0) + 1);
  const json = { "content-type": "application/json" };
  const auth = { "x-api-key": apiKey, ...json };

  try {
    // Objects the traffic refers to.
    const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
      const response = await pool.request({ method: method as "GET", path, headers, ...(body !== undefined ? { body } : {}) });
      const text = await response.body.text();
      return { status: response.statusCode, text };
    };
    const session = JSON.parse((await send("POST", "/api/v3/tool_router/session", auth, JSON.stringify({ user_id: "soak" }))).text).session_id as string;
    const servers = JSON.parse((await send("GET", "/api/v3/mcp/app/github?limit=5", auth)).text);
    const serverId = servers.items?.[0]?.id as string;
    const accounts = JSON.parse((await send("GET", `/api/v3/trigger_instances/active?limit=1`, auth)).text);
    const accountId = accounts.items?.[0]?.connected_account_id as string;

    const bodies = Array.from({ length: 8 }, (_, i) => manyKeyBody(i));
    const overCap = JSON.stringify({ mcp_server_id: serverId, connected_account_ids: Array(5_000).fill(accountId) });
    const underCap = JSON.stringify({ mcp_server_id: serverId, connected_account_ids: Array(100).fill(accountId), user_ids: Array(100).fill("soak-user") });
    const searches = JSON.stringify({ slug: "PLATFORM_SEARCH_TOOLS", arguments: { queries: Array.from({ length: 1_000 }, (_, i) => `create issue ${i}`) } });

    const kinds: [string, number, (i: number) => Promise<{ status: number }>][] = [
      ["many-key body, no key", 30, (i) => send("POST", "/api/v3/mcp/servers", json, bodies[i % bodies.length])],
      ["generate over the cap", 5, () => send("POST", "/api/v3/mcp/servers/generate", auth, overCap)],
      ["generate, repeated ids", 5, () => send("POST", "/api/v3/mcp/servers/generate", auth, underCap)],
      ["search, 1,000 queries", 5, () => send("POST", `/api/v3/tool_router/session/${session}/execute_meta`, auth, searches)],
      ["list toolkits", 15, () => send("GET", "/api/v3/toolkits?limit=20", auth)],
      ["list MCP servers", 10, () => send("GET", "/api/v3/mcp/app/github?limit=10", auth)],
      ["create MCP server", 10, (i) => send("POST", "/api/v3/mcp/servers", auth, JSON.stringify({ name: `Soak ${i}`, auth_config_ids: [] }))],
      ["session info", 10, () => send("GET", "/api/v3/auth/session/info", auth)],
      ["wrong key / unknown route", 10, (i) => (i % 2 ? send("GET", "/api/v3/toolkits", { "x-api-key": "ipk_" + "x".repeat(40) }) : send("GET", `/api/v3/nothing/${i}`, {}))],
    ];
    const weights = kinds.reduce((sum, [, weight]) => sum + weight, 0);
    const pick = (i: number) => {
      let at = (i * 7919) % weights;
      for (const kind of kinds) {
        if (at < kind[1]) return kind;
        at -= kind[1];
      }
      return kinds[0]!;
    };

    // Warm up, then the baseline.
    for (let i = 0; i < 200; i++) await pick(i)[2](i);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 250);

    // The health probe, in a process of its own (bench/soak-probe.ts).
    const probe = spawn(process.execPath, [join(__dirname, "soak-probe.js"), url, String(PROBE_EVERY_MS)], { stdio: ["pipe", "pipe", "inherit"] });
    let probeOutput = "";
    probe.stdout!.on("data", (chunk) => (probeOutput += chunk));
    const probeDone = new Promise<void>((resolve) => probe.once("exit", () => resolve()));

    const started = performance.now();
    const slow = Array.from({ length: SLOW_BODIES }, () => slowBody(url, apiKey).then((line) => count(`slow body: ${line}`)));
    let next = 0;
    const byKind = new Map<string, Map<number, number>>();
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL - SLOW_BODIES) {
        const i = next++;
        const [name, , run] = pick(i);
        let label: number;
        try {
          label = (await run(i)).status;
        } catch {
          label = 0;
        }
        const counts = byKind.get(name) ?? new Map<number, number>();
        counts.set(label, (counts.get(label) ?? 0) + 1);
        byKind.set(name, counts);
        count(String(label));
      }
    });
    await Promise.all(workers);
    await Promise.all(slow);
    const seconds = (performance.now() - started) / 1000;
    probe.stdin!.end();
    await probeDone;
    const probed = JSON.parse(probeOutput) as { latencies: [number, number][]; failures: number };
    const probeTimes = probed.latencies;
    const latencies = probeTimes.map(([, ms]) => ms);
    const probeFailures = probed.failures;
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssAfter = rssMb(server.pid);

    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const max = sorted.at(-1) ?? NaN;
    const fiveXx = [...statuses].filter(([label]) => /^5\d\d$/.test(label)).reduce((sum, [, n]) => sum + n, 0);
    const noAnswer = statuses.get("0") ?? 0;
    const growth = rssAfter - rssBefore;
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);

    const summary = table(
      ["measure", "value", "target", "met"],
      [
        ["requests sent (incl. slow bodies)", sent, `${TOTAL}`, sent === TOTAL ? "yes" : "no"],
        ["wall time, s", Number(seconds.toFixed(1)), "stops by itself", "yes"],
        ["server RSS before, MB", Number(rssBefore.toFixed(1)), "", ""],
        ["server RSS after, MB", Number(rssAfter.toFixed(1)), "", ""],
        ["server RSS peak, MB", Number(rssPeak.toFixed(1)), "", ""],
        ["RSS growth, MB", Number(growth.toFixed(1)), "< 100", growth < 100 ? "yes" : "no"],
        ["health probes answered", latencies.length, "all", probeFailures === 0 ? "yes" : "no"],
        ["health probes failed", probeFailures, "0", probeFailures === 0 ? "yes" : "no"],
        ["health p50, ms", Number(p50.toFixed(2)), "", ""],
        ["health p99, ms", Number(p99.toFixed(2)), "< 50", p99 < 50 ? "yes" : "no"],
        ["health max, ms", Number(max.toFixed(2)), "", ""],
        [
          "slowest probes (sent at s: ms)",
          [...probeTimes].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([at, ms]) => `${at.toFixed(1)}: ${ms.toFixed(0)}`).join(", "),
          "",
          "",
        ],
        ["5xx answers", fiveXx, "0", fiveXx === 0 ? "yes" : "no"],
        ["requests without an answer", noAnswer, "0", noAnswer === 0 ? "yes" : "no"],
      ],
    );
    const kindsTable = table(
      ["traffic", "share %", "answers by status"],
      kinds.map(([name, weight]) => [
        name,
        Math.round((weight / weights) * 100),
        [...(byKind.get(name) ?? new Map<number, number>())].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(", "),
      ]),
    );
    const slowTable = table(
      ["slow bodies (one byte / 200 ms)", "count"],
      [...statuses].filter(([label]) => label.startsWith("slow body")).map(([label, n]) => [label.replace("slow body: ", ""), n]),
    );
    const markdown = `## Soak (bench/soak.ts)

Machine: ${machine}

${TOTAL} requests over ${CONCURRENCY} keep-alive connections to the local platform (its own
process, in-memory store, \`--request-timeout ${REQUEST_TIMEOUT_SECONDS}\`), ${SLOW_BODIES} of them slow bodies on
raw sockets, while GET /_local/health is probed every ${PROBE_EVERY_MS} ms by a process of its own.
RSS read from /proc after a 200-request warm-up and 2 s after the last answer (no forced GC).

${summary}

${kindsTable}

${slowTable}
`;
    publish("soak", markdown);
    return fiveXx === 0 && noAnswer === 0 && probeFailures === 0 && sent === TOTAL;
  } finally {
    await pool.close();
    await server.stop();
  }
}

runWhenMain(module, "soak", main);
