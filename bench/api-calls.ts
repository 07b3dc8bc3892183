/**
 * Benchmark 1 — API calls by kind (issue 8).
 *
 * For N = 10 and 100: a stack of N MCP servers, one ProjectConfig and T = N trigger
 * instances (4 GitHub trigger types × ⌈N/4⌉ connected accounts, since a trigger is
 * unique per account and type), taken through `up` (create), a no-op `preview`, a
 * one-field update of one server (its name), `refresh` and `destroy`, against a local
 * platform in this process. The calls of each step are counted from the platform's
 * request log. Counts are deterministic, so a missed count target exits non-zero.
 *
 * Targets (the floor): `up` creates each object with one write (N MCP creates,
 * T trigger upserts, at most one PATCH of the project configuration); no-op `preview`
 * makes 0 calls; the one-field update is exactly 1 PATCH; `refresh` reads each resource
 * at most once (≤ N + T + 1 reads) and writes nothing; `destroy` is N + T deletes.
 */
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { createLocalAuthConfig, startPlatform, type RequestLogEntry, type RunningPlatform } from "../platform";
import {
  createConnectedAccount,
  createStack,
  log,
  machineLine,
  providerConfig,
  table,
  timed,
  publish,
  runWhenMain,
} from "./common";

const SIZES = [10, 100];
const TRIGGER_TYPES = ["GITHUB_COMMIT_EVENT", "GITHUB_PULL_REQUEST_EVENT", "GITHUB_ISSUE_ADDED_EVENT", "GITHUB_STAR_ADDED_EVENT"];

type Phase = "up" | "preview (no-op)" | "update (1 field)" | "refresh" | "destroy";

interface Counts {
  post: number;
  patch: number;
  delete: number;
  get: number;
  total: number;
  byRoute: Map<string, number>;
}

interface PhaseResult {
  phase: Phase;
  ms: number;
  counts: Counts;
  target: string;
  met: boolean;
}

function countCalls(entries: RequestLogEntry[]): Counts {
  const byRoute = new Map<string, number>();
  const counts: Counts = { post: 0, patch: 0, delete: 0, get: 0, total: entries.length, byRoute };
  for (const entry of entries) {
    const key = `${entry.method} ${entry.route ?? entry.path}${entry.status >= 400 ? ` (${entry.status})` : ""}`;
    byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
    if (entry.method === "POST") counts.post++;
    else if (entry.method === "PATCH") counts.patch++;
    else if (entry.method === "DELETE") counts.delete++;
    else if (entry.method === "GET") counts.get++;
  }
  return counts;
}

const writes = (c: Counts) => c.post + c.patch + c.delete;
const routeCount = (c: Counts, method: string, route: string) => c.byRoute.get(`${method} ${route}`) ?? 0;

/** The stack: one ProjectConfig, N MCP servers, T triggers; `bench:server0Name` renames server 0. */
function program(n: number, t: number, authConfigId: string, accounts: string[]): PulumiFn {
  return async () => {
    // From the installed package, as users consume it: the providers serialize as require(...).
    const ip = require("pulumi-integration-platform") as typeof import("../provider");
    const config = new pulumi.Config("bench");
    new ip.ProjectConfig("settings", { displayName: "Bench", requireMcpApiKey: true, logVisibilitySetting: "dont_store_data" });
    for (let i = 0; i < n; i++) {
      new ip.McpServer(`server-${i}`, {
        name: (i === 0 ? config.get("server0Name") : undefined) ?? `bench-server-${i}`,
        authConfigIds: [authConfigId],
        toolkits: ["github"],
        allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"],
      });
    }
    for (let j = 0; j < t; j++) {
      new ip.TriggerInstance(`trigger-${j}`, {
        triggerName: TRIGGER_TYPES[j % TRIGGER_TYPES.length]!,
        connectedAccountId: accounts[Math.floor(j / TRIGGER_TYPES.length)]!,
        triggerConfig: { owner: "acme", repo: `repo-${j}` },
      });
    }
  };
}

async function runSize(n: number): Promise<PhaseResult[]> {
  const t = n;
  const resources = n + t + 1;
  let platform: RunningPlatform | undefined;
  const stackHandle = { remove: async () => {} };
  try {
    platform = await startPlatform({ seed: "demo" });
    const { url, apiKey, orgApiKey, projectId } = platform;
    if (!apiKey || !orgApiKey || !projectId) throw new Error("the demo seed did not hand out keys");
    const authConfigId = await createLocalAuthConfig(url, orgApiKey, { project_id: projectId, toolkit: "github" });
    const accounts: string[] = [];
    for (let a = 0; a < Math.ceil(t / TRIGGER_TYPES.length); a++) {
      accounts.push(await createConnectedAccount(url, apiKey, authConfigId, `bench-user-${a}`));
    }
    const { stack, remove } = await createStack({
      projectName: "bench-api-calls",
      stackName: `n${n}`,
      program: program(n, t, authConfigId, accounts),
      config: providerConfig(url, apiKey),
    });
    stackHandle.remove = remove;

    const results: PhaseResult[] = [];
    const log_ = platform.app.requestLog;
    const phase = async (name: Phase, run: () => Promise<unknown>, check: (c: Counts) => { target: string; met: boolean }) => {
      log_.clear();
      log(`  N=${n}: ${name} ...`);
      const { ms } = await timed(run);
      const counts = countCalls(log_.entries());
      results.push({ phase: name, ms, counts, ...check(counts) });
    };

    await phase("up", () => stack.up({ color: "never" }), (c) => ({
      target: `${n} MCP creates + ${t} trigger upserts, ≤ 1 config PATCH, no other write`,
      met:
        routeCount(c, "POST", "createMcpServer") === n &&
        routeCount(c, "POST", "upsertTrigger") === t &&
        c.post === n + t &&
        c.patch <= 1 &&
        routeCount(c, "PATCH", "updateProjectConfig") === c.patch &&
        c.delete === 0,
    }));
    await phase("preview (no-op)", () => stack.preview({ color: "never" }), (c) => ({
      target: "0 calls (0 writes)",
      met: writes(c) === 0 && c.total === 0,
    }));
    await stack.setConfig("bench:server0Name", { value: "bench-server-0-renamed" });
    await phase("update (1 field)", () => stack.up({ color: "never" }), (c) => ({
      target: "exactly 1 PATCH (updateMcpServer, body: name), no other write",
      met: writes(c) === 1 && routeCount(c, "PATCH", "updateMcpServer") === 1 && sentOnlyName(log_.entries()),
    }));
    await phase("refresh", () => stack.refresh({ color: "never" }), (c) => ({
      target: `≤ ${resources} reads (one per resource), 0 writes`,
      met: c.get <= resources && writes(c) === 0,
    }));
    await phase("destroy", () => stack.destroy({ color: "never" }), (c) => ({
      target: `${n + t} deletes (${n} MCP + ${t} triggers), no other write`,
      met:
        routeCount(c, "DELETE", "deleteMcpServer") === n &&
        routeCount(c, "DELETE", "deleteTrigger") === t &&
        writes(c) === n + t,
    }));
    return results;
  } finally {
    await stackHandle.remove();
    await platform?.close();
  }
}

function sentOnlyName(entries: RequestLogEntry[]): boolean {
  const patch = entries.find((e) => e.route === "updateMcpServer");
  return JSON.stringify(patch?.bodyFields ?? []) === JSON.stringify(["name"]);
}

export async function main(): Promise<boolean> {
  const machine = await machineLine();
  const rows: (string | number)[][] = [];
  const details: string[] = [];
  let allMet = true;
  for (const n of SIZES) {
    log(`api-calls: N=${n} (${n} MCP servers, 1 ProjectConfig, ${n} TriggerInstances)`);
    const results = await runSize(n);
    for (const r of results) {
      allMet &&= r.met;
      rows.push([n, r.phase, r.counts.post, r.counts.patch, r.counts.delete, r.counts.get, r.counts.total, r.target, r.met ? "yes" : "MISSED", Math.round(r.ms) / 1000]);
      const routes =
        [...r.counts.byRoute]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([route, count]) => `${route} ×${count}`)
          .join(", ") || "none";
      details.push(`- N=${n}, ${r.phase}: ${routes}`);
    }
  }
  const head = ["N", "step", "POST", "PATCH", "DELETE", "GET", "total", "count target", "met", "wall s"];
  const markdown = [
    "## API calls (bench/api-calls.ts)",
    "",
    `Machine: ${machine}`,
    "",
    "Stack per N: N MCP servers, 1 ProjectConfig, N TriggerInstances (4 GitHub trigger types × ⌈N/4⌉",
    "connected accounts), against the local platform (in-memory store); calls counted from its",
    "request log. POST = creates (incl. trigger upserts), PATCH = updates, DELETE = deletes,",
    "GET = reads. Wall time is for information only.",
    "",
    table(head, rows),
    "",
    "Calls by route:",
    "",
    ...details,
    "",
    `Count targets: ${allMet ? "all met" : "**missed** (see the rows marked MISSED)"}.`,
  ].join("\n");
  publish("api-calls", markdown);
  return allMet;
}

runWhenMain(module, "api-calls", main, "api-calls: a count target was missed");
