// A `pulumi up` killed with SIGKILL while it creates MCP servers or Projects
// (a cancelled CI job), then `pulumi cancel` and `pulumi up` again: the
// platform holds exactly the objects the state holds. The platform adds
// latency to every request, so creates are in flight when the kill lands.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalAuthConfig, startPlatform, type RunningPlatform } from "../../platform";
import { collect, IntegrationPlatformClient } from "../../provider/client";
import { createE2EStack, fixturesDir, type E2EStack } from "./harness";

const COUNT = 6;
const LATENCY_MS = 400;

interface Kind {
  kind: "mcp" | "project";
  /** The live objects named `<prefix>-…` on the platform. */
  live(prefix: string): Promise<string[]>;
  /** The route that makes one. */
  route: string;
}

describe("creates interrupted by kill -9, then run again (real engine)", () => {
  let platform: RunningPlatform;
  let client: IntegrationPlatformClient;
  let orgClient: IntegrationPlatformClient;
  let authConfigId = "";

  beforeAll(async () => {
    platform = await startPlatform({ seed: "demo", chaos: { latencyMs: LATENCY_MS } });
    client = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey: platform.apiKey! });
    orgClient = new IntegrationPlatformClient({ baseUrl: platform.url, orgApiKey: platform.orgApiKey! });
    authConfigId = await createLocalAuthConfig(platform.url, platform.orgApiKey!, { project_id: platform.projectId!, toolkit: "github" });
  });
  afterAll(async () => platform?.close());

  const kinds: Kind[] = [
    {
      kind: "mcp",
      live: async (prefix) => (await collect(client.mcp.listByApp("github"))).filter((s) => s.name.startsWith(prefix) && !s.deleted).map((s) => s.id),
      route: "createMcpServer",
    },
    {
      kind: "project",
      live: async (prefix) => (await collect(orgClient.projects.list())).filter((p) => p.name.startsWith(prefix) && !p.deleted).map((p) => p.id),
      route: "createProject",
    },
  ];

  // The killed `up` also runs with PULUMI_SKIP_CHECKPOINTS=true (README, "Large stacks"): it then records
  // nothing before the kill, and the next `up` must still end with one object per resource.
  const cases = [...kinds.map((k) => ({ ...k, skipCheckpoints: false })), { ...kinds[0]!, skipCheckpoints: true }];
  for (const { kind, live, route, skipCheckpoints } of cases) {
    const title = skipCheckpoints ? `${kind}, the killed up without checkpoints` : kind;
    it(`${title}: exactly one object per resource after the kill, cancel and up`, async () => {
      // Neither prefix starts the other: each case counts only its own objects.
      const prefix = `${skipCheckpoints ? "nockpt" : "kill"}-${kind}`;
      const e2e = await createE2EStack({
        program: { workDir: path.join(fixturesDir, "interrupted-creates") },
        platform: { baseUrl: platform.url, apiKey: platform.apiKey!, orgApiKey: platform.orgApiKey! },
        config: {
          "e2e:kind": { value: kind },
          "e2e:prefix": { value: prefix },
          "e2e:count": { value: String(COUNT) },
          "e2e:authConfigId": { value: authConfigId },
        },
      });
      // Creates answered since the log was cleared (the log records a request once answered).
      const made = () => platform.app.requestLog.entries({ route }).filter((e) => e.status === 201).length;
      try {
        platform.app.requestLog.clear();
        await upKilledAfter(e2e, () => made() >= 1, skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {});
        const inStateAtKill = await stateIds(e2e, kind);
        if (skipCheckpoints) expect(inStateAtKill).toEqual([]);
        // The window was hit: the platform made objects the state does not know of.
        expect((await live(prefix)).length).toBeGreaterThan(inStateAtKill.length);

        await e2e.stack.cancel();
        const up = await e2e.stack.up();
        expect(up.summary.result).toBe("succeeded");
        const inState = await stateIds(e2e, kind);
        expect(inState).toHaveLength(COUNT);
        expect((await live(prefix)).sort()).toEqual([...inState].sort());

        await e2e.stack.destroy();
        expect(await live(prefix)).toEqual([]);
      } finally {
        await e2e.cleanup();
      }
    });
  }
});

/** Runs `pulumi up` by hand (with `env` added) and sends SIGKILL to the `pulumi` process as soon as `ready()`; cleans up what it left running. */
async function upKilledAfter(e2e: E2EStack, ready: () => boolean, env: Record<string, string>): Promise<void> {
  const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", e2e.stack.name], {
    cwd: e2e.workspace.workDir,
    env: { ...process.env, ...e2e.env, ...env },
    detached: true,
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let started: number[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (child.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`pulumi up ended (code ${child.exitCode}) before any object was made`));
        } else if (ready()) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    // What pulumi started (language host, provider) outlives it, as a cancelled job's would; ended below.
    started = descendants(child.pid!);
    child.kill("SIGKILL");
    await exited;
    // Let the creates in flight land.
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS * 3));
  } finally {
    for (const pid of [child.pid!, ...started]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already ended.
      }
    }
  }
}

/** The processes below `root` (Linux /proc), deepest last. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid ...`: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Ended while listing.
    }
  }
  const found: number[] = [];
  for (let queue = [root]; queue.length > 0; ) {
    const pid = queue.shift()!;
    const children = [...parents].filter(([, ppid]) => ppid === pid).map(([child]) => child);
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

async function stateIds(e2e: E2EStack, kind: string): Promise<string[]> {
  const type = kind === "project" ? "Project" : "McpServer";
  const state = (await e2e.stack.exportStack()).deployment as { resources?: { type: string; id?: string }[] };
  return (state.resources ?? []).filter((r) => r.type.endsWith(`:${type}`)).map((r) => r.id!);
}
