/**
 * The one place that names the provider's settings: the stack config keys
 * (`integration-platform:*`, delivered to dynamic providers by `configure`)
 * and the environment variables they fall back to. Values are read at call
 * time inside the provider process, never captured, so no key reaches the
 * serialized provider or the state. No imports: the client, tests, bench and
 * demo all take the names from here.
 */

export const CONFIG_NAMESPACE = "integration-platform";

export const SETTINGS = {
  baseUrl: { config: `${CONFIG_NAMESPACE}:baseUrl`, env: "INTEGRATION_PLATFORM_BASE_URL", secret: false },
  apiKey: { config: `${CONFIG_NAMESPACE}:apiKey`, env: "INTEGRATION_PLATFORM_API_KEY", secret: true },
  orgApiKey: { config: `${CONFIG_NAMESPACE}:orgApiKey`, env: "INTEGRATION_PLATFORM_ORG_API_KEY", secret: true },
  maxRetries: { config: `${CONFIG_NAMESPACE}:maxRetries`, env: "INTEGRATION_PLATFORM_MAX_RETRIES", secret: false },
  requestTimeout: { config: `${CONFIG_NAMESPACE}:requestTimeout`, env: "INTEGRATION_PLATFORM_REQUEST_TIMEOUT", secret: false },
} as const;
export type SettingName = keyof typeof SETTINGS;
export type SettingValues = Partial<Record<SettingName, string>>;

export interface ConfigSource {
  get(key: string): string | undefined;
}

/** Values handed over by the dynamic provider's `configure`; empty until it runs. */
const configured: SettingValues = {};

/** Called from each provider module's `configure` with the stack configuration. */
export function configureFrom(config: ConfigSource): void {
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const value = config.get(SETTINGS[name].config);
    if (value !== undefined && value !== "") configured[name] = value;
  }
}

/** The configured value, else the environment's; empty counts as unset. */
export function setting(name: SettingName): string | undefined {
  const fromEnv = process.env[SETTINGS[name].env];
  return configured[name] ?? (fromEnv === "" ? undefined : fromEnv);
}

/** The error for a setting that is needed but set nowhere: how to set it, both ways. */
export function missingSetting(name: SettingName, what: string): Error {
  const { config, env, secret } = SETTINGS[name];
  return new Error(
    `${what} is not configured. Set it with \`pulumi config set ${config} <value>${secret ? " --secret" : ""}\` or the environment variable ${env}.`,
  );
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

/** The `configure` of every resource provider: the engine hands over the stack configuration. */
export async function configureProvider(req: { config: ConfigSource }): Promise<void> {
  configureFrom(req.config);
}

/** For tests: forget what `configure` delivered. */
export function resetConfigured(): void {
  for (const name of Object.keys(configured) as SettingName[]) delete configured[name];
}

/** Stack config entries for `values` (as the Automation API's `setAllConfig` takes them), keys as secrets. */
export function stackConfigOf(values: SettingValues): Record<string, { value: string; secret: boolean }> {
  const given = (Object.keys(SETTINGS) as SettingName[]).filter((name) => values[name] !== undefined);
  return Object.fromEntries(given.map((name) => [SETTINGS[name].config, { value: values[name]!, secret: SETTINGS[name].secret }]));
}

/** The environment variables for `values`. */
export function environmentOf(values: SettingValues): Record<string, string> {
  const given = (Object.keys(SETTINGS) as SettingName[]).filter((name) => values[name] !== undefined);
  return Object.fromEntries(given.map((name) => [SETTINGS[name].env, values[name]!]));
}
