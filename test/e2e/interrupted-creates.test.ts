// A `pulumi up` killed with SIGKILL while it creates MCP servers or Projects
// (a cancelled CI job), then `pulumi cancel` and `pulumi up` again: the
// platform holds exactly the objects the state holds. The platform adds
// latency to every request, so creates are in flight when the kill lands.
import { spawn } from "node:child_process";
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
      live: async (prefix) => (await collect(client.mcp.iterateByApp("github"))).filter((s) => s.name.startsWith(prefix) && !s.deleted).map((s) => s.id),
      route: "createMcpServer",
    },
    {
      kind: "project",
      live: async (prefix) => (await collect(orgClient.projects.iterate())).filter((p) => p.name.startsWith(prefix) && !p.deleted).map((p) => p.id),
      route: "createProject",
    },
  ];

  for (const { kind, live, route } of kinds) {
    it(`${kind}: exactly one object per resource after the kill, cancel and up`, async () => {
      const prefix = `kill-${kind}`;
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
        await upKilledAfter(e2e, () => made() >= 1);
        const inStateAtKill = await stateIds(e2e, kind);
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

/** Runs `pulumi up` by hand and sends SIGKILL to the `pulumi` process as soon as `ready()`; cleans up what it left running. */
async function upKilledAfter(e2e: E2EStack, ready: () => boolean): Promise<void> {
  const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", e2e.stack.name], {
    cwd: e2e.workspace.workDir,
    env: { ...process.env, ...e2e.env },
    // Its own process group: the language host and provider it starts are ended with it afterwards.
    detached: true,
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
    child.kill("SIGKILL");
    await exited;
    // What pulumi had started (provider, language host) lives on as a cancelled job's would; let in-flight creates land.
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS * 3));
  } finally {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // The group has already ended.
    }
  }
}

async function stateIds(e2e: E2EStack, kind: string): Promise<string[]> {
  const type = kind === "project" ? "Project" : "McpServer";
  const state = (await e2e.stack.exportStack()).deployment as { resources?: { type: string; id?: string }[] };
  return (state.resources ?? []).filter((r) => r.type.endsWith(`:${type}`)).map((r) => r.id!);
}
