/**
 * A local platform on a real socket for the provider tests, seeded with the
 * demo data plus what a stack needs: a GitHub auth config and a connected account.
 */
import { afterAll, beforeAll } from "vitest";
import { createLocalAuthConfig, startPlatform, type RunningPlatform } from "../../platform";
import { IntegrationPlatformClient } from "../../provider/client";
import { configureFrom, resetConfigured } from "../../provider/settings";

export interface ProviderTestPlatform {
  platform: RunningPlatform;
  client: IntegrationPlatformClient;
  orgClient: IntegrationPlatformClient;
  githubAuthConfigId: string;
  connectedAccountId: string;
  /** Calls of one route since the last `clearLog()`. */
  calls(route: string): number;
  clearLog(): void;
}

export function useProviderPlatform(): ProviderTestPlatform {
  const ctx = {} as ProviderTestPlatform;
  beforeAll(async () => {
    const platform = await startPlatform({ seed: "demo" });
    const apiKey = platform.apiKey!;
    const orgApiKey = platform.orgApiKey!;
    const config: Record<string, string> = {
      "integration-platform:baseUrl": platform.url,
      "integration-platform:apiKey": apiKey,
      "integration-platform:orgApiKey": orgApiKey,
    };
    resetConfigured();
    configureFrom({ get: (key) => config[key] });
    const client = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey });
    const orgClient = new IntegrationPlatformClient({ baseUrl: platform.url, orgApiKey });
    const authConfig = await createLocalAuthConfig(platform.url, orgApiKey, { project_id: platform.projectId!, toolkit: "github" });
    const account = await client.connectedAccounts.create({
      auth_config: { id: authConfig },
      connection: { user_id: "provider-test-user" },
    });
    Object.assign(ctx, {
      platform,
      client,
      orgClient,
      githubAuthConfigId: authConfig,
      connectedAccountId: account.id,
      calls: (route: string) => platform.app.requestLog.count({ route }),
      clearLog: () => platform.app.requestLog.clear(),
    });
  });
  afterAll(async () => {
    resetConfigured();
    await ctx.platform?.close();
  });
  return ctx;
}
