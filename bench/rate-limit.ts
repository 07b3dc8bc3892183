/**
 * Benchmark 4 — large stacks, and large stacks against a rate-limited platform (issue 18).
 *
 * (a) `pulumi up --parallel 32` of N = 500 and 1,000 McpServers against the local platform with
 *     `--rate-limit 20` (burst 20), beside the same stack against the platform without a limit.
 *     Targets, per N: 0 failed resources; 429 answers ≤ 5 % of requests; wall time ≤ 1.25 ×
 *     (admitted requests ÷ 20/s) + the unlimited stack's time. Counts are failed on.
 * (b) up / no-op preview / refresh / destroy of N = 100, 400, 1,000 McpServers beside N dynamic
 *     resources that make no call (the issue's baseline) and N that make no call but have an
 *     McpServer's shape (its 16 properties and its outputs: what our code adds is the McpServer's
 *     excess over these), in the same run, rotating which goes first; plus the `up`
 *     of each with PULUMI_SKIP_CHECKPOINTS=true, which shows what the engine's checkpoint writes
 *     cost. Target ratio ≤ 1.1 per step and N; reported, never failed on (the machine is shared).
 *     Beside the wall times, each step's CPU time by process (provider host, engine, program,
 *     platform) per resource, and the bytes each resource takes in the checkpoint: CPU time and
 *     bytes do not depend on the machine's load, so they tell what of a ratio is ours.
 * (c) What one call costs a provider process: fresh processes reading 400 MCP servers with a bare
 *     undici GET, with our client and with the McpServer provider's `read` (bench/provider-call-probe.ts),
 *     so that our code's share of (b)'s provider CPU is measured beside the HTTP call's own.
 *
 * The platform runs in its own process with an in-memory store, a fresh one per stack of (a)
 * (so its limiter and request log start empty) and one for all of (b).
 *
 * Sizes can be narrowed for a quick run: BENCH_LIMITED_SIZES=500 BENCH_SCALE_SIZES=100,400; an
 * empty BENCH_LIMITED_SIZES skips (a), an empty BENCH_SCALE_SIZES skips (b), each keeping its
 * figures from RESULTS.md.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { createLocalAuthConfig } from "../platform";
import { IntegrationPlatformClient } from "../provider/client";
import { NoCallResource, RESULTS_FILE, SameShapeNoCallResource, call, cpuMeter, createStack, log, machineLine, median, providerConfig, serverInputs, startServer, table, timed, publish, runWhenMain, type ChildServer, type CpuSplit } from "./common";

const LIMIT = 20;
const PARALLEL = 32;
const MAX_REFUSED_SHARE = 0.05;
const TIME_FACTOR = 1.25;
const SCALE_TARGET = 1.1;

/** Sizes from the environment (empty: skip that part), else `fallback`. */
function sizes(variable: string, fallback: number[]): number[] {
  const text = process.env[variable];
  return text === undefined ? fallback : text.split(",").filter((n) => n.trim() !== "").map((n) => Number(n.trim()));
}
const LIMITED_SIZES = sizes("BENCH_LIMITED_SIZES", [500, 1000]);
const SCALE_SIZES = sizes("BENCH_SCALE_SIZES", [100, 400, 1000]);

type Kind = "platform" | "no-call" | "same-shape";
const KINDS: Kind[] = ["platform", "no-call", "same-shape"];

function program(kind: Kind, n: number, authConfigId: string): PulumiFn {
  return async () => {
    // From the installed package, as users consume it: the provider serializes as require(...).
    const ip = require("pulumi-integration-platform") as typeof import("../provider");
    for (let i = 0; i < n; i++) {
      if (kind === "platform") new ip.McpServer(`server-${i}`, serverInputs(i, authConfigId));
      else if (kind === "same-shape") new SameShapeNoCallResource(`server-${i}`, serverInputs(i, authConfigId));
      else new NoCallResource(`server-${i}`, serverInputs(i, authConfigId));
    }
  };
}

let stackNo = 0;

async function stackFor(kind: Kind, n: number, server: ChildServer, authConfigId: string, env?: Record<string, string>) {
  return createStack({
    projectName: "bench-rate-limit",
    stackName: `${kind}-${n}-${++stackNo}`,
    program: program(kind, n, authConfigId),
    config: providerConfig(server.url, server.apiKey!),
    ...(env ? { env } : {}),
  });
}

async function platformServer(rateLimit?: string): Promise<{ server: ChildServer; authConfigId: string }> {
  const server = await startServer(["platform", "--db", ":memory:", ...(rateLimit ? ["--rate-limit", rateLimit] : [])]);
  const authConfigId = await createLocalAuthConfig(server.url, server.orgApiKey!, { project_id: server.projectId!, toolkit: "github" });
  return { server, authConfigId };
}

const seconds = (ms: number) => +(ms / 1000).toFixed(1);

// ---------------------------------------------------------------------------------------------
// (a) against the limit

interface LimitedRun {
  ms: number;
  failed: number;
  requests: number;
  refused: number;
  error?: string;
}

async function upAgainst(n: number, rateLimit: string | undefined): Promise<LimitedRun> {
  const { server, authConfigId } = await platformServer(rateLimit);
  const { stack, remove } = await stackFor("platform", n, server, authConfigId);
  try {
    let error: string | undefined;
    const { ms } = await timed(() =>
      stack.up({ color: "never", parallel: PARALLEL }).catch((err: unknown) => {
        error = err instanceof Error ? err.message.split("\n").slice(-5).join(" ") : String(err);
      }),
    );
    const deployment = (await stack.exportStack()).deployment as { resources?: { type: string }[] };
    const created = (deployment.resources ?? []).filter((r) => r.type.endsWith(":McpServer")).length;
    const requestLog = await call<{ items: { path: string; status: number }[] }>(`${server.url}/_local/requests`, {
      method: "GET",
      headers: { "x-org-api-key": server.orgApiKey! },
    });
    const api = requestLog.items.filter((entry) => entry.path.startsWith("/api/v3/"));
    return { ms, failed: n - created, requests: api.length, refused: api.filter((entry) => entry.status === 429).length, ...(error ? { error } : {}) };
  } finally {
    await remove();
    await server.stop();
  }
}

async function limitedSection(): Promise<{ markdown: string; ok: boolean }> {
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  let ok = true;
  for (const n of LIMITED_SIZES) {
    const free = await upAgainst(n, undefined);
    log(`  N=${n} without a limit: ${seconds(free.ms)} s, ${free.requests} requests, ${free.failed} failed${free.error ? ` (${free.error})` : ""}`);
    const limited = await upAgainst(n, String(LIMIT));
    log(`  N=${n} at ${LIMIT}/s: ${seconds(limited.ms)} s, ${limited.requests} requests, ${limited.refused} answered 429, ${limited.failed} failed${limited.error ? ` (${limited.error})` : ""}`);
    const admitted = limited.requests - limited.refused;
    const ceilingMs = TIME_FACTOR * (admitted / LIMIT) * 1000 + free.ms;
    const share = limited.refused / Math.max(1, limited.requests);
    const countsMet = limited.failed === 0 && free.failed === 0 && share <= MAX_REFUSED_SHARE;
    const timeMet = limited.ms <= ceilingMs;
    ok &&= countsMet;
    rows.push([
      n,
      seconds(free.ms),
      limited.requests,
      limited.refused,
      `${(share * 100).toFixed(2)} %`,
      limited.failed,
      seconds(limited.ms),
      seconds(ceilingMs),
      countsMet && timeMet ? "met" : `missed (${[!countsMet && "counts", !timeMet && "time"].filter(Boolean).join(", ")})`,
    ]);
    verdicts.push(`N=${n}: ${limited.failed} failed, ${(share * 100).toFixed(2)} % 429, ${seconds(limited.ms)} s ≤ ${seconds(ceilingMs)} s ${timeMet ? "met" : "missed"}`);
  }
  const markdown = [
    `### (a) \`pulumi up --parallel ${PARALLEL}\` against \`--rate-limit ${LIMIT}\``,
    "",
    `N McpServers created against the platform limiting the key to ${LIMIT} requests/s (burst ${LIMIT}), and`,
    "the same stack against the platform without a limit. Ceiling = " + `${TIME_FACTOR} × (admitted requests ÷ ${LIMIT}/s) + the unlimited time.`,
    "",
    table(["N", "unlimited s", "requests", "429", "429 share", "failed", "limited s", "ceiling s", "targets"], rows),
    "",
    `${verdicts.join("; ")}.`,
  ].join("\n");
  return { markdown, ok };
}

// ---------------------------------------------------------------------------------------------
// (b) scale: every step beside no-call resources

const STEPS = ["up", "preview (no-op)", "refresh", "destroy", "up, no checkpoints"] as const;
type Step = (typeof STEPS)[number];

interface Lifecycle {
  ms: Record<Step, number>;
  cpu: Record<Step, CpuSplit>;
  /** Bytes of one resource in the checkpoint (its JSON in the exported state), and of its serialized provider (`__provider`, in inputs and outputs). */
  stateBytes: number;
  providerBytes: number;
}

/** A resource's share of the checkpoint, averaged over the stack's resources of the benchmark's kind. */
function bytesPerResource(deployment: { resources?: { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[] }) {
  const mine = (deployment.resources ?? []).filter((r) => r.type.endsWith(":McpServer") || r.type.endsWith(":NoCall"));
  const bytes = (value: unknown) => (value === undefined ? 0 : JSON.stringify(value).length);
  const average = (of: (r: (typeof mine)[number]) => number) => Math.round(mine.reduce((sum, r) => sum + of(r), 0) / Math.max(1, mine.length));
  return { stateBytes: average(bytes), providerBytes: average((r) => bytes(r.inputs?.__provider) + bytes(r.outputs?.__provider)) };
}

async function lifecycle(kind: Kind, n: number, server: ChildServer, authConfigId: string): Promise<Lifecycle> {
  const times: Partial<Record<Step, number>> = {};
  const cpu: Partial<Lifecycle["cpu"]> = {};
  const meter = await cpuMeter();
  let state: ReturnType<typeof bytesPerResource>;
  try {
    const { stack, remove } = await stackFor(kind, n, server, authConfigId, meter.env);
    try {
      const up = await meter.measure(() => stack.up({ color: "never" }), server.pid);
      if (up.result.summary.resourceChanges?.create !== n + 1) throw new Error(`${kind} up of ${n}: ${JSON.stringify(up.result.summary.resourceChanges)}`);
      [times.up, cpu.up] = [up.ms, up.cpu];
      state = bytesPerResource((await stack.exportStack()).deployment);
      const preview = await meter.measure(() => stack.preview({ color: "never" }), server.pid);
      if ((preview.result.changeSummary.same ?? 0) !== n + 1) throw new Error(`${kind} preview of ${n} is not a no-op: ${JSON.stringify(preview.result.changeSummary)}`);
      [times["preview (no-op)"], cpu["preview (no-op)"]] = [preview.ms, preview.cpu];
      const refresh = await meter.measure(() => stack.refresh({ color: "never" }), server.pid);
      [times.refresh, cpu.refresh] = [refresh.ms, refresh.cpu];
      const destroy = await meter.measure(() => stack.destroy({ color: "never" }), server.pid);
      [times.destroy, cpu.destroy] = [destroy.ms, destroy.cpu];
    } finally {
      await remove();
    }
    // Measured too: written once at the end, the checkpoint's size barely counts, so this `up` compares the
    // kinds' work per resource without the checkpoint writes (whose cost follows the bytes per resource).
    const skipping = await stackFor(kind, n, server, authConfigId, { ...meter.env, PULUMI_SKIP_CHECKPOINTS: "true" });
    try {
      const up = await meter.measure(() => skipping.stack.up({ color: "never" }), server.pid);
      [times["up, no checkpoints"], cpu["up, no checkpoints"]] = [up.ms, up.cpu];
      await skipping.stack.destroy({ color: "never" });
    } finally {
      await skipping.remove();
    }
  } finally {
    await meter.remove();
  }
  return { ms: times as Record<Step, number>, cpu: cpu as Lifecycle["cpu"], ...state };
}

/** All four processes' CPU of a step. */
const totalCpu = (split: CpuSplit) => split.provider + split.engine + split.program + split.platform;

async function scaleSection(): Promise<string> {
  const rows: (string | number)[][] = [];
  const cpuRows: (string | number)[][] = [];
  const stateRows: (string | number)[][] = [];
  const missed: string[] = [];
  const { server, authConfigId } = await platformServer();
  try {
    log("  warm-up (N=5 of each kind, not counted)");
    for (const kind of KINDS) await lifecycle(kind, 5, server, authConfigId);
    for (const [index, n] of SCALE_SIZES.entries()) {
      // Each kind goes first once every three sizes, so none always runs on the warmest machine.
      const order = KINDS.map((_, k) => KINDS[(k + index) % KINDS.length]!);
      const runs = {} as Record<Kind, Lifecycle>;
      for (const kind of order) {
        runs[kind] = await lifecycle(kind, n, server, authConfigId);
        log(`  N=${n} ${kind}: ${STEPS.map((step) => `${step} ${seconds(runs[kind].ms[step])} s`).join(", ")}`);
      }
      const { platform: ours, "no-call": floor, "same-shape": shaped } = runs;
      for (const step of STEPS) {
        const ratio = ours.ms[step] / floor.ms[step];
        const met = step === "up, no checkpoints" ? "—" : ratio <= SCALE_TARGET ? "met" : "missed";
        if (met === "missed") missed.push(`N=${n} ${step} ${ratio.toFixed(2)}`);
        rows.push([n, step, seconds(ours.ms[step]), seconds(floor.ms[step]), seconds(shaped.ms[step]), +ratio.toFixed(3), met, +(ours.ms[step] / shaped.ms[step]).toFixed(3)]);
        const split = [ours.cpu[step], floor.cpu[step], shaped.cpu[step]] as const;
        const perResource = (ms: number) => (ms / n).toFixed(2);
        const triple = (process: keyof CpuSplit) => split.map((s) => perResource(s[process])).join(" / ");
        const [oursAll, floorAll, shapedAll] = split.map(totalCpu) as [number, number, number];
        cpuRows.push([n, step, triple("provider"), triple("engine"), triple("program"), perResource(split[0].platform), +(oursAll / floorAll).toFixed(2), +(oursAll / shapedAll).toFixed(2)]);
      }
      stateRows.push([n, ours.stateBytes, floor.stateBytes, shaped.stateBytes, ours.providerBytes, floor.providerBytes, shaped.providerBytes]);
    }
  } finally {
    await server.stop();
  }
  return [
    "### (b) every step beside resources that make no call",
    "",
    "N McpServers vs. N dynamic resources whose provider makes no call (same inputs; 5 properties, the inputs",
    "echoed) and N of an McpServer's shape whose provider makes no call either (`same shape`: the McpServer's",
    "16 declared properties, identity input and secret outputs; its outputs of the same keys and sizes, built",
    "without a call). One run each on fresh stacks in the same benchmark run (file backend, default --parallel).",
    "`÷ no-call` is the issue's ratio; `÷ same shape` is what our code and the platform add beyond the",
    "resource's shape (the HTTP calls, our lifecycle, the platform's work). `up, no checkpoints` is the same",
    "`up` with PULUMI_SKIP_CHECKPOINTS=true: the difference to `up` is the engine's checkpoint writes. Target",
    `ratio (÷ no-call) ≤ ${SCALE_TARGET} per step. The same-shape provider is serialized by value (its code, twice in`,
    "every resource's checkpoint entry) where an McpServer's is a short `require(...)`, so its entry is larger (bytes",
    "below); the engine's CPU of `up` and `destroy`, which rewrite the whole checkpoint after every resource, follows",
    "those bytes, so there `÷ same shape` is too low. `up, no checkpoints`, preview and refresh (one write each)",
    "compare like with like.",
    "",
    table(["N", "step", "platform s", "no-call s", "same shape s", "÷ no-call", `≤ ${SCALE_TARGET}`, "÷ same shape"], rows),
    "",
    missed.length ? `Missed: ${missed.join("; ")}.` : "Every ratio met.",
    "",
    "CPU time per resource, ms (the step's CPU ÷ N, fixed costs such as loading modules included), McpServers /",
    "no-call / same shape: `provider` is the dynamic-provider host, `engine` the Pulumi CLI and its other plugins,",
    "`program` the benchmark's process (the inline program and the Automation API), `platform` the local",
    "platform's process (McpServers only). `all CPU` ratios are the CPU of all four for McpServers ÷ that for",
    "each baseline: the wall-time ratios' counterparts that the machine's load does not move.",
    "",
    table(["N", "step", "provider", "engine", "program", "platform", "all CPU ÷ no-call", "all CPU ÷ same shape"], cpuRows),
    "",
    "Bytes per resource in the checkpoint (its JSON; the file backend rewrites the whole file after every step of `up`",
    "and `destroy`), and of it the serialized provider (`__provider`, in inputs and outputs):",
    "",
    table(["N", "McpServer bytes", "no-call bytes", "same shape bytes", "McpServer __provider", "no-call __provider", "same shape __provider"], stateRows),
    "",
    "What of the growth faster than N is the engine's: `up` beside `up, no checkpoints` (and `destroy`, which writes the",
    "same way). A user can keep the checkpoint from growing with the stack: a backend that stores checkpoint deltas",
    "(Pulumi Cloud), `PULUMI_SKIP_CHECKPOINTS=true` (the state is written only at the end, so a crash mid-update",
    "loses the record of what was done), or several smaller stacks. See bench/README.md for the profile of our share.",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// (c) what one call costs our provider process, beside a bare HTTP GET

const PROBE_MODES = ["undici", "client", "provider"] as const;
type ProbeMode = (typeof PROBE_MODES)[number];
const PROBE_CALLS = 400;
const PROBE_RUNS = 3;

function probe(mode: ProbeMode, input: { url: string; apiKey: string; ids: string[] }): Promise<{ loadMs: number; perCallMs: number }> {
  const child = spawn(process.execPath, [path.join(__dirname, "provider-call-probe.js"), mode], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += String(chunk)));
  child.stdin.end(JSON.stringify(input));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as { loadMs: number; perCallMs: number }) : reject(new Error(`provider-call probe ${mode} exited with ${code}`))));
  });
}

/**
 * The CPU a fresh process spends loading and reading ${PROBE_CALLS} MCP servers: bare undici, our client, the
 * provider's `read`. The difference of the last two to the first is what our code adds to a call.
 */
async function callCostSection(): Promise<string> {
  const { server, authConfigId } = await platformServer();
  try {
    const client = new IntegrationPlatformClient({ baseUrl: server.url, apiKey: server.apiKey! });
    const ids: string[] = [];
    for (let i = 0; i < PROBE_CALLS; i++) {
      const { name, authConfigIds, toolkits, allowedTools } = serverInputs(i, authConfigId);
      ids.push((await client.mcp.create({ name, auth_config_ids: authConfigIds, toolkits, allowed_tools: allowedTools })).id);
    }
    const runs = Object.fromEntries(PROBE_MODES.map((mode) => [mode, [] as { loadMs: number; perCallMs: number }[]])) as Record<ProbeMode, { loadMs: number; perCallMs: number }[]>;
    // Interleaved, so that each mode sees the machine as loaded as the others.
    for (let run = 0; run < PROBE_RUNS; run++) for (const mode of PROBE_MODES) runs[mode].push(await probe(mode, { url: server.url, apiKey: server.apiKey!, ids }));
    const figures = (mode: ProbeMode) => ({ load: median(runs[mode].map((r) => r.loadMs)), perCall: median(runs[mode].map((r) => r.perCallMs)) });
    const floor = figures("undici");
    const label: Record<ProbeMode, string> = {
      undici: "bare undici GET + JSON.parse",
      client: "our client: `mcp.get`",
      provider: "our provider: McpServer `read`",
    };
    const rows = PROBE_MODES.map((mode) => {
      const { load, perCall } = figures(mode);
      const perResource = (load + perCall * (PROBE_CALLS - 1)) / PROBE_CALLS;
      const floorPerResource = (floor.load + floor.perCall * (PROBE_CALLS - 1)) / PROBE_CALLS;
      return [label[mode], load.toFixed(1), perCall.toFixed(3), perResource.toFixed(3), mode === "undici" ? "—" : `+${(perResource - floorPerResource).toFixed(3)}`];
    });
    log(`  (c) ${rows.map((row) => `${row[0]}: ${row[3]} ms per read`).join("; ")}`);
    return [
      "### (c) what one call costs the provider process",
      "",
      `A fresh process (as a provider process starts) with @pulumi/pulumi loaded reads ${PROBE_CALLS} MCP servers, 8 at`,
      "a time, three ways: a bare undici GET with JSON.parse (what any client on undici pays), our client's `mcp.get`,",
      "and the McpServer provider's `read` (what refresh runs, minus gRPC). CPU of the whole process (JIT and GC",
      `threads included), medians of ${PROBE_RUNS} runs each: loading the modules plus the first read, then per read. \`per`,
      `resource\` spreads the load over the ${PROBE_CALLS} reads, as a provider process of a ${PROBE_CALLS}-resource stack does.`,
      "",
      table(["reads", "load + first read, ms", "per read, ms", `per resource at N=${PROBE_CALLS}, ms`, "above bare undici, ms"], rows),
    ].join("\n");
  } finally {
    await server.stop();
  }
}

/**
 * Part (a) or (b) as the last run wrote it in RESULTS.md, for a run that skips it (its sizes variable
 * empty), with a note naming the run that measured it.
 */
function previousPart(part: "a" | "b", variable: string): string {
  const results = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, "utf8") : "";
  // This benchmark's section only: other sections may have parts of the same names.
  const previous = /<!-- rate-limit:start -->[\s\S]*?<!-- rate-limit:end -->/.exec(results)?.[0] ?? "";
  const next = part === "a" ? "### \\(b\\)" : "### \\(c\\)";
  const text = new RegExp(`### \\(${part}\\)[\\s\\S]*?(?=${next}|<!-- rate-limit:end -->)`).exec(previous)?.[0].trimEnd();
  const machine = /Machine: (.*)/.exec(previous)?.[1];
  // No figures to keep (none, or an earlier run skipped this part too).
  if (!text || text.startsWith(`### (${part}) not run`)) return `### (${part}) not run (${variable} was empty)`;
  // Already kept once: its note names the run that measured it.
  if (text.includes("(Kept from an earlier run")) return text;
  return `${text}\n\n(Kept from an earlier run, machine: ${machine ?? "unknown"}; this run had ${variable} empty.)`;
}

export async function main(): Promise<boolean> {
  const machine = await machineLine();
  log(`rate-limit (a): up --parallel ${PARALLEL} against --rate-limit ${LIMIT}, N = ${LIMITED_SIZES.join(", ") || "none (kept from RESULTS.md)"}`);
  const limited = LIMITED_SIZES.length > 0 ? await limitedSection() : { markdown: previousPart("a", "BENCH_LIMITED_SIZES"), ok: true };
  log(`rate-limit (b): lifecycle beside no-call resources, N = ${SCALE_SIZES.join(", ") || "none (kept from RESULTS.md)"}`);
  const scale = SCALE_SIZES.length > 0 ? await scaleSection() : previousPart("b", "BENCH_SCALE_SIZES");
  log("rate-limit (c): the provider's CPU per call beside a bare GET");
  const callCost = await callCostSection();
  const markdown = ["## Large stacks and the rate limit (bench/rate-limit.ts)", "", `Machine: ${machine}`, "", limited.markdown, "", scale, "", callCost].join("\n");
  publish("rate-limit", markdown);
  return limited.ok;
}

runWhenMain(module, "rate-limit", main);
