// Chaos: a stack of 50 resources (40 MCP servers, 10 trigger instances on distinct trigger
// types and connected accounts) through the real engine against a platform that answers a
// fraction of requests with 429 (with Retry-After) or 503, drops connections and adds
// latency — on every request of the stack, always before acting (platform/chaos.ts).
//
// - up completes in one go: the client retries every request, creates included, since
//   creates carry an Idempotency-Key the platform honours (a repeat of a create that did
//   act gets its first answer back): no failure, no duplicate, no orphan, faults fired;
// - preview afterwards: no change;
// - an update of all 50 (PATCHes, retry-safe) and destroy (DELETEs) complete in one go
//   under the same chaos;
// - every kind of fault fired.
//
// Two apps serve one store: a calm one (no chaos) for set-up and checks, and a chaotic one
// the stack talks to, so the faults fall on the provider's requests only. The engine runs
// one operation at a time (`parallel: 1`), so with a seeded chaos the sequence of faults is
// the same on every run; CHAOS_SEED picks another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalAuthConfig, startPlatform, type RunningPlatform } from "../../platform";
import type { ChaosOptions } from "../../platform/chaos";
import { IntegrationPlatformClient } from "../../provider/client";
import { createE2EStack, type E2EStack, sdk } from "./harness";

const SERVERS = 40;
/** One trigger per (account, type): ten distinct types over four toolkits. */
const TRIGGERS: { toolkit: string; scheme: string; type: string; config: Record<string, string> }[] = [
  { toolkit: "github", scheme: "API_KEY", type: "GITHUB_COMMIT_EVENT", config: { owner: "chaos", repo: "one" } },
  { toolkit: "github", scheme: "API_KEY", type: "GITHUB_PULL_REQUEST_EVENT", config: { owner: "chaos", repo: "two" } },
  { toolkit: "github", scheme: "API_KEY", type: "GITHUB_ISSUE_ADDED_EVENT", config: { owner: "chaos", repo: "three" } },
  { toolkit: "github", scheme: "API_KEY", type: "GITHUB_STAR_ADDED_EVENT", config: { owner: "chaos", repo: "four" } },
  { toolkit: "linear", scheme: "API_KEY", type: "LINEAR_ISSUE_CREATED", config: { team_id: "team-1" } },
  { toolkit: "linear", scheme: "API_KEY", type: "LINEAR_COMMENT_CREATED", config: { team_id: "team-2" } },
  { toolkit: "slack", scheme: "BEARER_TOKEN", type: "SLACK_RECEIVE_MESSAGE", config: { channel: "C1" } },
  { toolkit: "slack", scheme: "BEARER_TOKEN", type: "SLACK_REACTION_ADDED", config: { emoji: "tada" } },
  { toolkit: "slack", scheme: "BEARER_TOKEN", type: "SLACK_CHANNEL_CREATED", config: {} },
  { toolkit: "notion", scheme: "API_KEY", type: "NOTION_PAGE_ADDED_TO_DATABASE", config: { database_id: "db-1" } },
];
const RESOURCES = SERVERS + TRIGGERS.length + 1; // and the stack
/**
 * Faults on one request in ten (the client makes at most 4 attempts, so much more would
 * exhaust them now and then); Retry-After 0 keeps the run short.
 */
const CHAOS: ChaosOptions = {
  rate429: 0.04,
  rate503: 0.03,
  dropRate: 0.03,
  latencyMs: 10,
  retryAfter: 0,
  seed: process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : 8,
};
const RUN = { parallel: 1 } as const;
describe("chaos: a stack of 50 resources", () => {
  let calm: RunningPlatform;
  let chaotic: RunningPlatform;
  let projectId: string;
  const accounts: { id: string; type: string; config: Record<string, string> }[] = [];
  /** What the program declares; the update test changes it. */
  const desired = { allowedTools: [] as string[], enabled: true };
  let e2e: E2EStack | undefined;
  /** Faults injected over all phases, by kind (the log is cleared between phases). */
  const injected = { "429": 0, "503": 0, dropped: 0, requests: 0 };
  /** Adds the log's faults to `injected`, clears the log and returns this phase's count. */
  const collectFaults = (): number => {
    const log = chaotic.app.requestLog;
    const phase = { "429": log.count({ status: 429 }), "503": log.count({ status: 503 }), dropped: log.count({ status: 0 }) };
    injected["429"] += phase["429"];
    injected["503"] += phase["503"];
    injected.dropped += phase.dropped;
    injected.requests += log.count();
    log.clear();
    return phase["429"] + phase["503"] + phase.dropped;
  };

  beforeAll(async () => {
    calm = await startPlatform({ seed: "demo" });
    projectId = calm.projectId!;
    const client = new IntegrationPlatformClient({ baseUrl: calm.url, apiKey: calm.apiKey! });
    const authConfigs = new Map<string, string>();
    for (const { toolkit, scheme } of TRIGGERS) {
      if (authConfigs.has(toolkit)) continue;
      authConfigs.set(toolkit, await createLocalAuthConfig(calm.url, calm.orgApiKey!, { project_id: projectId, toolkit, auth_scheme: scheme }));
    }
    for (const [i, { toolkit, type, config }] of TRIGGERS.entries()) {
      const account = await client.connectedAccounts.create({
        auth_config: { id: authConfigs.get(toolkit)! },
        connection: { user_id: `chaos-user-${i}`, state: { val: { api_key: `key-${i}`, token: `token-${i}` } } },
      });
      accounts.push({ id: account.id, type, config });
    }
    chaotic = await startPlatform({ store: calm.store, chaos: CHAOS });

    const githubConfig = authConfigs.get("github")!;
    e2e = await createE2EStack({
      projectName: "e2e-chaos",
      platform: { baseUrl: chaotic.url, apiKey: calm.apiKey!, orgApiKey: calm.orgApiKey! },
      program: async () => {
        const { McpServer, TriggerInstance } = sdk();
        const servers = Array.from(
          { length: SERVERS },
          (_, i) => new McpServer(`server-${i}`, { name: `Chaos Server ${i}`, authConfigIds: [githubConfig], allowedTools: desired.allowedTools }),
        );
        const triggers = accounts.map(
          (a, i) => new TriggerInstance(`trigger-${i}`, { triggerName: a.type, connectedAccountId: a.id, triggerConfig: a.config, enabled: desired.enabled }),
        );
        return { serverIds: servers.map((s) => s.id), triggerIds: triggers.map((t) => t.id) };
      },
    });
  });
  afterAll(async () => {
    try {
      await e2e?.cleanup();
    } finally {
      await chaotic?.close();
      await calm?.close();
    }
  });

  /** Live (not deleted) servers the stack's names could have made. */
  const liveServers = () =>
    calm.store.mcp
      .list(projectId, { orderBy: "created_at", orderDirection: "asc", offset: 0, limit: 10_000 })
      .items.filter((s) => s.name.startsWith("Chaos Server "));
  const liveTriggers = () => calm.store.triggers.list(projectId, { connectedAccountIds: accounts.map((a) => a.id), showDisabled: true });

  /** Ids of the stack's resources of one type, from its state. */
  const stateIds = async (type: "McpServer" | "TriggerInstance"): Promise<string[]> => {
    const state = await e2e!.stack.exportStack();
    const resources = (state.deployment as { resources?: { type: string; id?: string }[] }).resources ?? [];
    return resources.filter((r) => r.type.endsWith(`:${type}`)).map((r) => r.id!);
  };

  /** No object twice, none outside the state: what exists is exactly what the stack knows. */
  const expectNoDuplicateOrOrphan = async () => {
    const servers = liveServers();
    expect(new Set(servers.map((s) => s.name)).size, "an MCP server name exists twice").toBe(servers.length);
    expect(servers.map((s) => s.id).sort(), "live servers = servers in the state").toEqual((await stateIds("McpServer")).sort());
    const triggers = liveTriggers();
    expect(new Set(triggers.map((t) => `${t.connected_account_id} ${t.trigger_slug}`)).size).toBe(triggers.length);
    expect(triggers.map((t) => t.id).sort(), "live triggers = triggers in the state").toEqual((await stateIds("TriggerInstance")).sort());
  };

  it("up of all 50 completes in one go under chaos: no failure, no duplicate, no orphan", async () => {
    const up = await e2e!.stack.up(RUN);
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
    await expectNoDuplicateOrOrphan();

    expect(liveServers().map((s) => s.name).sort()).toEqual(Array.from({ length: SERVERS }, (_, i) => `Chaos Server ${i}`).sort());
    const triggers = liveTriggers();
    expect(triggers).toHaveLength(TRIGGERS.length);
    for (const a of accounts) expect(triggers.find((t) => t.connected_account_id === a.id)).toMatchObject({ trigger_slug: a.type, trigger_config: a.config, disabled_at: null });
    // Some creates met a fault and were sent again with their key; each server was still made once.
    expect(chaotic.app.requestLog.count({ route: "createMcpServer" }), "no create was retried").toBeGreaterThan(SERVERS);
    expect(collectFaults(), "faults during up").toBeGreaterThan(0);
  });

  it("a preview afterwards sees no change", async () => {
    const preview = await e2e!.stack.preview(RUN);
    expect(preview.changeSummary).toEqual({ same: RESOURCES });
  });

  it("an update of all 50 completes in one go under chaos (PATCHes are retried)", async () => {
    desired.allowedTools = ["GITHUB_CREATE_ISSUE"];
    desired.enabled = false;
    const up = await e2e!.stack.up(RUN);
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toEqual({ same: 1, update: SERVERS + TRIGGERS.length });
    expect(liveServers().every((s) => s.allowed_tools.join() === "GITHUB_CREATE_ISSUE")).toBe(true);
    expect(liveTriggers().every((t) => t.disabled_at !== null)).toBe(true);
    await expectNoDuplicateOrOrphan();
    expect(collectFaults(), "faults during the update").toBeGreaterThan(0);
  });

  it("destroy completes in one go under chaos and removes every object", async () => {
    const destroy = await e2e!.stack.destroy(RUN);
    expect(destroy.summary.result).toBe("succeeded");
    expect(destroy.summary.resourceChanges).toEqual({ delete: RESOURCES });
    expect(liveServers()).toEqual([]);
    expect(liveTriggers()).toEqual([]);
    expect(collectFaults(), "faults during destroy").toBeGreaterThan(0);
  });

  it("every kind of fault fired: 429 with Retry-After, 503, dropped connections", () => {
    console.log(`chaos (seed ${CHAOS.seed}): ${JSON.stringify(injected)}`);
    expect(injected["429"]).toBeGreaterThan(0);
    expect(injected["503"]).toBeGreaterThan(0);
    expect(injected.dropped).toBeGreaterThan(0);
  });
});
