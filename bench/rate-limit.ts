/**
 * Benchmark 4 — large stacks, and large stacks against a rate-limited platform (issue 18).
 *
 * (a) `pulumi up --parallel 32` of N = 500 and 1,000 McpServers against the local platform with
 *     `--rate-limit 20` (burst 20), beside the same stack against the platform without a limit.
 *     Targets, per N: 0 failed resources; 429 answers ≤ 5 % of requests; wall time ≤ 1.25 ×
 *     (admitted requests ÷ 20/s) + the unlimited stack's time. Counts are failed on.
 * (b) up / no-op preview / refresh / destroy of N = 100, 400, 1,000 McpServers beside N dynamic
 *     resources that make no call, in the same run, alternating which goes first; plus the `up`
 *     of each with PULUMI_SKIP_CHECKPOINTS=true, which shows what the engine's checkpoint writes
 *     cost. Target ratio ≤ 1.1 per step and N; reported, never failed on (the machine is shared).
 *
 * The platform runs in its own process with an in-memory store, a fresh one per stack of (a)
 * (so its limiter and request log start empty) and one for all of (b).
 *
 * Sizes can be narrowed for a quick run: BENCH_LIMITED_SIZES=500 BENCH_SCALE_SIZES=100,400.
 */
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { createLocalAuthConfig } from "../platform";
import { NoCallResource, call, createStack, log, machineLine, providerConfig, serverInputs, startServer, table, timed, publish, runWhenMain, type ChildServer } from "./common";

const LIMIT = 20;
const PARALLEL = 32;
const MAX_REFUSED_SHARE = 0.05;
const TIME_FACTOR = 1.25;
const SCALE_TARGET = 1.1;

function sizes(variable: string, fallback: number[]): number[] {
  const text = process.env[variable];
  return text ? text.split(",").map((n) => Number(n.trim())) : fallback;
}
const LIMITED_SIZES = sizes("BENCH_LIMITED_SIZES", [500, 1000]);
const SCALE_SIZES = sizes("BENCH_SCALE_SIZES", [100, 400, 1000]);

type Kind = "platform" | "no-call";

function program(kind: Kind, n: number, authConfigId: string): PulumiFn {
  return async () => {
    // From the installed package, as users consume it: the provider serializes as require(...).
    const ip = require("pulumi-integration-platform") as typeof import("../provider");
    for (let i = 0; i < n; i++) {
      if (kind === "platform") new ip.McpServer(`server-${i}`, serverInputs(i, authConfigId));
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

async function lifecycle(kind: Kind, n: number, server: ChildServer, authConfigId: string): Promise<Record<Step, number>> {
  const times: Partial<Record<Step, number>> = {};
  const { stack, remove } = await stackFor(kind, n, server, authConfigId);
  try {
    const up = await timed(() => stack.up({ color: "never" }));
    if (up.result.summary.resourceChanges?.create !== n + 1) throw new Error(`${kind} up of ${n}: ${JSON.stringify(up.result.summary.resourceChanges)}`);
    times.up = up.ms;
    const preview = await timed(() => stack.preview({ color: "never" }));
    if ((preview.result.changeSummary.same ?? 0) !== n + 1) throw new Error(`${kind} preview of ${n} is not a no-op: ${JSON.stringify(preview.result.changeSummary)}`);
    times["preview (no-op)"] = preview.ms;
    times.refresh = (await timed(() => stack.refresh({ color: "never" }))).ms;
    times.destroy = (await timed(() => stack.destroy({ color: "never" }))).ms;
  } finally {
    await remove();
  }
  const skipping = await stackFor(kind, n, server, authConfigId, { PULUMI_SKIP_CHECKPOINTS: "true" });
  try {
    times["up, no checkpoints"] = (await timed(() => skipping.stack.up({ color: "never" }))).ms;
    await skipping.stack.destroy({ color: "never" });
  } finally {
    await skipping.remove();
  }
  return times as Record<Step, number>;
}

async function scaleSection(): Promise<string> {
  const rows: (string | number)[][] = [];
  const missed: string[] = [];
  const { server, authConfigId } = await platformServer();
  try {
    log("  warm-up (N=5 of each kind, not counted)");
    await lifecycle("no-call", 5, server, authConfigId);
    await lifecycle("platform", 5, server, authConfigId);
    for (const [index, n] of SCALE_SIZES.entries()) {
      const order: Kind[] = index % 2 === 0 ? ["platform", "no-call"] : ["no-call", "platform"];
      const times = {} as Record<Kind, Record<Step, number>>;
      for (const kind of order) {
        times[kind] = await lifecycle(kind, n, server, authConfigId);
        log(`  N=${n} ${kind}: ${STEPS.map((step) => `${step} ${seconds(times[kind][step])} s`).join(", ")}`);
      }
      for (const step of STEPS) {
        const ratio = times.platform[step] / times["no-call"][step];
        const met = step === "up, no checkpoints" ? "—" : ratio <= SCALE_TARGET ? "met" : "missed";
        if (met === "missed") missed.push(`N=${n} ${step} ${ratio.toFixed(2)}`);
        rows.push([n, step, seconds(times.platform[step]), seconds(times["no-call"][step]), +ratio.toFixed(3), met]);
      }
    }
  } finally {
    await server.stop();
  }
  return [
    "### (b) every step beside resources that make no call",
    "",
    "N McpServers vs. N dynamic resources whose provider makes no call (same inputs), one run each on",
    "fresh stacks in the same benchmark run (file backend, default --parallel). `up, no checkpoints` is the",
    "same `up` with PULUMI_SKIP_CHECKPOINTS=true: the difference to `up` is the engine's checkpoint",
    `writes. Target ratio ≤ ${SCALE_TARGET} per step.`,
    "",
    table(["N", "step", "platform s", "no-call s", "ratio", `≤ ${SCALE_TARGET}`], rows),
    "",
    missed.length ? `Missed: ${missed.join("; ")}.` : "Every ratio met.",
  ].join("\n");
}

export async function main(): Promise<boolean> {
  const machine = await machineLine();
  log(`rate-limit (a): up --parallel ${PARALLEL} against --rate-limit ${LIMIT}, N = ${LIMITED_SIZES.join(", ")}`);
  const limited = await limitedSection();
  log(`rate-limit (b): lifecycle beside no-call resources, N = ${SCALE_SIZES.join(", ")}`);
  const scale = await scaleSection();
  const markdown = ["## Large stacks and the rate limit (bench/rate-limit.ts)", "", `Machine: ${machine}`, "", limited.markdown, "", scale].join("\n");
  publish("rate-limit", markdown);
  return limited.ok;
}

runWhenMain(module, "rate-limit", main);
