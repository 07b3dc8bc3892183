/**
 * Benchmark 2 — engine overhead (issue 8).
 *
 * Wall time of `pulumi up` (Automation API, real engine, file backend) creating N McpServer
 * resources against the local platform, divided by the wall time of `pulumi up` creating N
 * dynamic resources of a trivial provider that makes no call, in the same run; the McpServers
 * once as dynamic resources and once through the provider plugin (issue 17). N = 20 and 50;
 * each `up` is repeated 5 times on a fresh stack (rotating which kind goes first), and the
 * ratios are taken of the medians. The platform runs in its own process with a file store,
 * as `integration-platform-local serve` does. Target ≤ 1.3; reported, never failed on.
 */
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { createLocalAuthConfig } from "../platform";
import { pluginPath } from "../scripts/plugin-executable";
import { NoCallResource, createStack, engine, log, machineLine, median, providerConfig, serverInputs, startServer, table, timed, publish, runWhenMain, type ChildServer } from "./common";

const SIZES = [20, 50];
const REPEATS = 5;
const TARGET = 1.3;

function dynamicProgram(n: number, authConfigId: string): PulumiFn {
  return async () => {
    // From the installed package, as users consume it: the provider serializes as require(...).
    const ip = require("pulumi-integration-platform") as typeof import("../provider");
    for (let i = 0; i < n; i++) new ip.McpServer(`server-${i}`, serverInputs(i, authConfigId));
  };
}

function pluginProgram(n: number, authConfigId: string): PulumiFn {
  return async () => {
    // The plugin's SDK from the installed package; the engine starts the plugin from PATH.
    const ip = require("pulumi-integration-platform/plugin") as typeof import("../plugin");
    for (let i = 0; i < n; i++) new ip.McpServer(`server-${i}`, serverInputs(i, authConfigId));
  };
}

function noopProgram(n: number, authConfigId: string): PulumiFn {
  return async () => {
    for (let i = 0; i < n; i++) new NoCallResource(`server-${i}`, serverInputs(i, authConfigId));
  };
}

const KINDS = ["dynamic", "plugin", "noop"] as const;
type Kind = (typeof KINDS)[number];
const PROGRAMS: Record<Kind, (n: number, authConfigId: string) => PulumiFn> = { dynamic: dynamicProgram, plugin: pluginProgram, noop: noopProgram };

let stackNo = 0;

/** One timed `up` on a fresh stack; the stack is then removed (its objects stay on the throw-away platform). */
async function timeUp(kind: Kind, n: number, server: ChildServer, authConfigId: string, env: Record<string, string>): Promise<number> {
  const { stack, remove } = await createStack({
    projectName: "bench-engine-overhead",
    stackName: `${kind}-${n}-${++stackNo}`,
    program: PROGRAMS[kind](n, authConfigId),
    config: providerConfig(server.url, server.apiKey!),
    env,
  });
  try {
    const { ms, result } = await timed(() => stack.up({ color: "never" }));
    const created = result.summary.resourceChanges?.create ?? 0;
    // n resources + the stack itself (the plugin's default provider is not counted).
    if (created !== n + 1) throw new Error(`${kind} up of ${n} created ${created} resources, expected ${n + 1}`);
    return ms;
  } finally {
    await remove();
  }
}

export async function main(): Promise<boolean> {
  const machine = await machineLine();
  const dbDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-engine-overhead-db-"));
  const server = await startServer(["platform", "--db", path.join(dbDir, "platform.db")]);
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  try {
    const authConfigId = await createLocalAuthConfig(server.url, server.orgApiKey!, { project_id: server.projectId!, toolkit: "github" });
    await engine(); // the plugin's PATH is the engine's with the plugin in front
    const envs: Record<Kind, Record<string, string>> = { dynamic: {}, plugin: { PATH: pluginPath() }, noop: {} };
    log("engine-overhead: warm-up (one up of each kind, N=5, not counted)");
    for (const kind of KINDS) await timeUp(kind, 5, server, authConfigId, envs[kind]);
    for (const n of SIZES) {
      const times: Record<Kind, number[]> = { dynamic: [], plugin: [], noop: [] };
      for (let rep = 0; rep < REPEATS; rep++) {
        const order = KINDS.map((_, i) => KINDS[(i + rep) % KINDS.length]!);
        for (const kind of order) {
          const ms = await timeUp(kind, n, server, authConfigId, envs[kind]);
          times[kind].push(ms);
          log(`  N=${n} #${rep + 1} ${kind}: ${(ms / 1000).toFixed(2)} s`);
        }
      }
      const medians = { dynamic: median(times.dynamic), plugin: median(times.plugin), noop: median(times.noop) };
      const ratio = { dynamic: medians.dynamic / medians.noop, plugin: medians.plugin / medians.noop };
      const verdict = (r: number) => `${r.toFixed(3)} (${r <= TARGET ? "met" : "missed"})`;
      const fmt = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(", ");
      const s = (ms: number) => +(ms / 1000).toFixed(2);
      rows.push([n, fmt(times.dynamic), fmt(times.plugin), fmt(times.noop), s(medians.dynamic), s(medians.plugin), s(medians.noop), verdict(ratio.dynamic), verdict(ratio.plugin)]);
      verdicts.push(`N=${n}: dynamic ${verdict(ratio.dynamic)}, plugin ${verdict(ratio.plugin)}`);
    }
  } finally {
    await server.stop();
    await fs.rm(dbDir, { recursive: true, force: true });
  }
  const markdown = [
    "## Engine overhead (bench/engine-overhead.ts)",
    "",
    `Machine: ${machine}`,
    "",
    `\`pulumi up\` creating N McpServer resources against the local platform (own process, file store),`,
    `as dynamic resources ("dynamic") and through the provider plugin ("plugin"), vs. N dynamic resources`,
    `of a provider that makes no call, same inputs; ${REPEATS} runs each on fresh stacks, medians.`,
    `Ratios are ÷ the no-call median. Target: ratio ≤ ${TARGET}.`,
    "",
    table(["N", "dynamic runs (s)", "plugin runs (s)", "no-call runs (s)", "dynamic median s", "plugin median s", "no-call median s", `dynamic ratio (≤ ${TARGET})`, `plugin ratio (≤ ${TARGET})`], rows),
    "",
    `Ratio: ${verdicts.join("; ")}.`,
  ].join("\n");
  publish("engine-overhead", markdown);
  // Time targets are reported, never failed on.
  return true;
}

runWhenMain(module, "engine-overhead", main);
