/**
 * The local platform for provider e2e tests: in this process, on a real
 * socket, so the engine's provider processes call it over loopback while the
 * test reads its request log directly.
 */
import * as fs from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { createLocalAuthConfig, startPlatform, type RunningPlatform } from "../../platform";
import { IntegrationPlatformClient } from "../../provider/client";
import type { E2EStack, PlatformConfig } from "./harness";

export interface E2EPlatform {
  platform: RunningPlatform;
  config: PlatformConfig;
  client: IntegrationPlatformClient;
  orgClient: IntegrationPlatformClient;
  authConfigId: string;
  connectedAccountId: string;
  /** Calls since the last clearLog(): of one route, or all writes (body field names sorted). */
  calls(route: string): number;
  writes(): { method: string; route: string | undefined; bodyFields?: string[] }[];
  clearLog(): void;
}

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

export function useE2EPlatform(): E2EPlatform {
  const ctx = {} as E2EPlatform;
  beforeAll(async () => {
    const platform = await startPlatform({ seed: "demo" });
    const config = { baseUrl: platform.url, apiKey: platform.apiKey!, orgApiKey: platform.orgApiKey! };
    const client = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey: config.apiKey });
    const orgClient = new IntegrationPlatformClient({ baseUrl: platform.url, orgApiKey: config.orgApiKey });
    const authConfigId = await createLocalAuthConfig(platform.url, config.orgApiKey, { project_id: platform.projectId!, toolkit: "github" });
    const account = await client.connectedAccounts.create({ auth_config: { id: authConfigId }, connection: { user_id: "e2e-user" } });
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
  afterAll(async () => ctx.platform?.close());
  return ctx;
}

/** The stack's state as written by the file backend, as text. */
export async function stateText(e2e: E2EStack): Promise<string> {
  const files: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith(".json")) files.push(full);
    }
  }
  await walk(path.join(e2e.tempDir, "state"));
  return (await Promise.all(files.map((f) => fs.readFile(f, "utf8")))).join("\n");
}

/** No key of the platform in plain text anywhere in the stack's state. */
export async function expectNoKeysInState(e2e: E2EStack, keys: (string | undefined)[]): Promise<void> {
  const text = await stateText(e2e);
  expect(text.length).toBeGreaterThan(0);
  for (const key of keys) if (key) expect(text.includes(key), "a key appears in plain text in the state").toBe(false);
}
