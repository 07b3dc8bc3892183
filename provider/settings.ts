/**
 * Where the provider finds the platform and its keys: stack config
 * (`integration-platform:*`, delivered to dynamic providers by `configure`)
 * first, then the environment. Read at call time inside the provider process,
 * never captured, so no key reaches the serialized provider or the state.
 */
import { IntegrationPlatformClient } from "./client";

export const CONFIG_NAMESPACE = "integration-platform";

export const SETTINGS = {
  baseUrl: { config: `${CONFIG_NAMESPACE}:baseUrl`, env: "INTEGRATION_PLATFORM_BASE_URL" },
  apiKey: { config: `${CONFIG_NAMESPACE}:apiKey`, env: "INTEGRATION_PLATFORM_API_KEY" },
  orgApiKey: { config: `${CONFIG_NAMESPACE}:orgApiKey`, env: "INTEGRATION_PLATFORM_ORG_API_KEY" },
  maxRetries: { config: `${CONFIG_NAMESPACE}:maxRetries`, env: "INTEGRATION_PLATFORM_MAX_RETRIES" },
  requestTimeout: { config: `${CONFIG_NAMESPACE}:requestTimeout`, env: "INTEGRATION_PLATFORM_REQUEST_TIMEOUT" },
} as const;
type SettingName = keyof typeof SETTINGS;

export interface ConfigSource {
  get(key: string): string | undefined;
}

/** Values handed over by the dynamic provider's `configure`; empty until it runs. */
const configured: Partial<Record<SettingName, string>> = {};

/** Called from each provider module's `configure` with the stack configuration. */
export function configureFrom(config: ConfigSource): void {
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const value = config.get(SETTINGS[name].config);
    if (value !== undefined && value !== "") configured[name] = value;
  }
}

function setting(name: SettingName): string | undefined {
  const fromEnv = process.env[SETTINGS[name].env];
  return configured[name] ?? (fromEnv === "" ? undefined : fromEnv);
}

function missing(name: SettingName, what: string): Error {
  const { config, env } = SETTINGS[name];
  const secret = name === "baseUrl" ? "" : " --secret";
  return new Error(
    `${what} is not configured. Set it with \`pulumi config set ${config} <value>${secret}\` or the environment variable ${env}.`,
  );
}

export function baseUrl(): string {
  const url = setting("baseUrl");
  if (!url) throw missing("baseUrl", "The Integration Platform URL");
  return url;
}

function invalid(name: SettingName, value: string, expected: string): Error {
  const { config, env } = SETTINGS[name];
  return new Error(`${config} (or ${env}) must be ${expected}, got ${JSON.stringify(value)}. Fix it with \`pulumi config set ${config} <value>\`.`);
}

const DURATION_UNITS: Record<string, number> = { "": 1, ms: 1, s: 1000, m: 60_000 };

/**
 * Retries and the time limit of each attempt, when configured: `maxRetries` a whole number
 * >= 0, `requestTimeout` milliseconds (`30000`) or a duration (`500ms`, `30s`, `2m`).
 */
export function clientTuning(): { maxRetries?: number; timeoutMs?: number } {
  const tuning: { maxRetries?: number; timeoutMs?: number } = {};
  const retries = setting("maxRetries")?.trim();
  if (retries !== undefined) {
    if (!/^\d+$/.test(retries) || !Number.isSafeInteger(Number(retries))) throw invalid("maxRetries", retries, "a whole number >= 0");
    tuning.maxRetries = Number(retries);
  }
  const timeout = setting("requestTimeout")?.trim();
  if (timeout !== undefined) {
    const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/.exec(timeout);
    const ms = match ? Number(match[1]) * DURATION_UNITS[match[2] ?? ""]! : NaN;
    if (!(ms >= 1) || !Number.isFinite(ms)) throw invalid("requestTimeout", timeout, "a time of at least 1 ms: milliseconds (30000) or with a unit (500ms, 30s, 2m)");
    tuning.timeoutMs = ms;
  }
  return tuning;
}

/** A client acting with a project key: the resource's own `apiKey` input, else the configured one. */
export function projectClient(apiKey?: string): IntegrationPlatformClient {
  const key = apiKey || setting("apiKey");
  if (!key) throw missing("apiKey", "A project API key");
  return new IntegrationPlatformClient({ baseUrl: baseUrl(), apiKey: key, ...clientTuning() });
}

/** A client acting with the organization key. */
export function orgClient(): IntegrationPlatformClient {
  const key = setting("orgApiKey");
  if (!key) throw missing("orgApiKey", "An organization API key");
  return new IntegrationPlatformClient({ baseUrl: baseUrl(), orgApiKey: key, ...clientTuning() });
}

/** The `configure` of every resource provider: the engine hands over the stack configuration. */
export async function configureProvider(req: { config: ConfigSource }): Promise<void> {
  configureFrom(req.config);
}

/** For tests: forget what `configure` delivered. */
export function resetConfigured(): void {
  for (const name of Object.keys(configured) as SettingName[]) delete configured[name];
}
