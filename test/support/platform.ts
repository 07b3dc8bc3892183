/**
 * The local platform for provider and e2e tests: in this process, on a real
 * socket, seeded with the demo data plus what a stack needs (a GitHub auth
 * config and a connected account). The engine's provider processes call it
 * over loopback while the test reads its request log directly.
 */
import * as fs from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { createLocalAuthConfig, startPlatform, type RunningPlatform } from "../../platform";
import { IntegrationPlatformClient } from "../../provider/client";
import { configureFrom, resetConfigured, stackConfigOf } from "../../provider/settings";

/** Where the platform is and its keys (the provider's settings), as stacks are pointed at it. */
export interface PlatformConfig {
  baseUrl: string;
  apiKey?: string;
  orgApiKey?: string;
}

export interface TestPlatform {
  platform: RunningPlatform;
  config: Required<PlatformConfig>;
  client: IntegrationPlatformClient;
  orgClient: IntegrationPlatformClient;
  /** A GitHub auth config of the seeded project, and a connected account under it. */
  authConfigId: string;
  connectedAccountId: string;
  /** Calls since the last clearLog(): of one route, or all writes (body field names sorted). */
  calls(route: string): number;
  writes(): { method: string; route: string | undefined; bodyFields?: string[] }[];
  clearLog(): void;
}

export interface TestPlatformOptions {
  /**
   * Hand the platform's settings to the provider modules in this process, as
   * the engine's `configure` would (provider tests that call them directly).
   */
  configureProvider?: boolean;
}

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** Starts the platform before the suite and stops it after; the fields are set once `beforeAll` ran. */
export function useTestPlatform(options: TestPlatformOptions = {}): TestPlatform {
  const ctx = {} as TestPlatform;
  beforeAll(async () => {
    const platform = await startPlatform({ seed: "demo" });
    const config = { baseUrl: platform.url, apiKey: platform.apiKey!, orgApiKey: platform.orgApiKey! };
    if (options.configureProvider) {
      const entries = stackConfigOf(config);
      resetConfigured();
      configureFrom({ get: (key) => entries[key]?.value });
    }
    const client = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey: config.apiKey });
    const orgClient = new IntegrationPlatformClient({ baseUrl: platform.url, orgApiKey: config.orgApiKey });
    const authConfigId = await createLocalAuthConfig(platform.url, config.orgApiKey, { project_id: platform.projectId!, toolkit: "github" });
    const account = await client.connectedAccounts.create({ auth_config: { id: authConfigId }, connection: { user_id: "test-user" } });
    Object.assign(ctx, {
      platform,
      config,
      client,
      orgClient,
      authConfigId,
      connectedAccountId: account.id,
      calls: (route: string) => platform.app.requestLog.count({ route }),
      writes: () =>
        platform.app.requestLog
          .entries()
          .filter((e) => WRITE_METHODS.has(e.method))
          .map((e) => ({ method: e.method, route: e.route, ...(e.bodyFields ? { bodyFields: [...e.bodyFields].sort() } : {}) })),
      clearLog: () => platform.app.requestLog.clear(),
    });
  });
  afterAll(async () => {
    if (options.configureProvider) resetConfigured();
    await ctx.platform?.close();
  });
  return ctx;
}

/** The stack's state as written by the file backend, as text. */
export async function stateText(stack: { tempDir: string }): Promise<string> {
  const files: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith(".json")) files.push(full);
    }
  }
  await walk(path.join(stack.tempDir, "state"));
  return (await Promise.all(files.map((f) => fs.readFile(f, "utf8")))).join("\n");
}

/** No key of the platform in plain text anywhere in the stack's state. */
export async function expectNoKeysInState(stack: { tempDir: string }, keys: (string | undefined)[]): Promise<void> {
  const text = await stateText(stack);
  expect(text.length).toBeGreaterThan(0);
  for (const key of keys) if (key) expect(text.includes(key), "a key appears in plain text in the state").toBe(false);
}
