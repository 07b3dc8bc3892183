/**
 * Benchmark 2 — engine overhead (issue 8).
 *
 * Wall time of `pulumi up` (Automation API, real engine, file backend) creating N McpServer
 * resources against the local platform, divided by the wall time of `pulumi up` creating N
 * dynamic resources of a trivial provider that makes no call, in the same run. N = 20 and
 * 50; each `up` is repeated 5 times on a fresh stack (alternating which kind goes first),
 * and the ratio is taken of the medians. The platform runs in its own process with a file
 * store, as `integration-platform-local serve` does. Target ≤ 1.3; reported, never failed on.
 */
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { createLocalAuthConfig } from "../platform";
import { NoCallResource, createStack, log, machineLine, median, providerConfig, serverInputs, startServer, table, timed, publish, runWhenMain, type ChildServer } from "./common";

const SIZES = [20, 50];
const REPEATS = 5;
const TARGET = 1.3;

function platformProgram(n: number, authConfigId: string): PulumiFn {
  return async () => {
    // From the installed package, as users consume it: the provider serializes as require(...).
    const ip = require("pulumi-integration-platform") as typeof import("../provider");
    for (let i = 0; i < n; i++) new ip.McpServer(`server-${i}`, serverInputs(i, authConfigId));
  };
}

function noopProgram(n: number, authConfigId: string): PulumiFn {
  return async () => {
    for (let i = 0; i < n; i++) new NoCallResource(`server-${i}`, serverInputs(i, authConfigId));
  };
}

type Kind = "platform" | "noop";

let stackNo = 0;

/** One timed `up` on a fresh stack; the stack is then removed (its objects stay on the throw-away platform). */
async function timeUp(kind: Kind, n: number, server: ChildServer, authConfigId: string): Promise<number> {
  const { stack, remove } = await createStack({
    projectName: "bench-engine-overhead",
    stackName: `${kind}-${n}-${++stackNo}`,
    program: kind === "platform" ? platformProgram(n, authConfigId) : noopProgram(n, authConfigId),
    config: providerConfig(server.url, server.apiKey!),
  });
  try {
    const { ms, result } = await timed(() => stack.up({ color: "never" }));
    const created = result.summary.resourceChanges?.create ?? 0;
    // n resources + the stack itself.
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
    log("engine-overhead: warm-up (one up of each kind, N=5, not counted)");
    await timeUp("noop", 5, server, authConfigId);
    await timeUp("platform", 5, server, authConfigId);
    for (const n of SIZES) {
      const times: Record<Kind, number[]> = { platform: [], noop: [] };
      for (let rep = 0; rep < REPEATS; rep++) {
        const order: Kind[] = rep % 2 === 0 ? ["platform", "noop"] : ["noop", "platform"];
        for (const kind of order) {
          const ms = await timeUp(kind, n, server, authConfigId);
          times[kind].push(ms);
          log(`  N=${n} #${rep + 1} ${kind}: ${(ms / 1000).toFixed(2)} s`);
        }
      }
      const platformMs = median(times.platform);
      const noopMs = median(times.noop);
      const ratio = platformMs / noopMs;
      const fmt = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(", ");
      rows.push([n, fmt(times.platform), fmt(times.noop), +(platformMs / 1000).toFixed(2), +(noopMs / 1000).toFixed(2), +ratio.toFixed(3), ratio <= TARGET ? "met" : "missed"]);
      verdicts.push(`N=${n}: ${ratio.toFixed(3)} (${ratio <= TARGET ? "met" : "missed"})`);
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
    `\`pulumi up\` creating N McpServer resources against the local platform (own process, file store)`,
    `vs. N dynamic resources of a provider that makes no call, same inputs; ${REPEATS} runs each on fresh`,
    `stacks, medians. Target: ratio ≤ ${TARGET}.`,
    "",
    table(["N", "platform runs (s)", "no-call runs (s)", "platform median s", "no-call median s", "ratio", `≤ ${TARGET}`], rows),
    "",
    `Ratio: ${verdicts.join("; ")}.`,
  ].join("\n");
  publish("engine-overhead", markdown);
  // Time targets are reported, never failed on.
  return true;
}

runWhenMain(module, "engine-overhead", main);
