/** The clients the resources and functions act with, made from the settings at call time. */
import { IntegrationPlatformClient } from "./client";
import { clientTuning, missingSetting, setting } from "./settings";

export function baseUrl(): string {
  const url = setting("baseUrl");
  if (!url) throw missingSetting("baseUrl", "The Integration Platform URL");
  return url;
}

/** A client acting with a project key: the resource's own `apiKey` input, else the configured one. */
export function projectClient(apiKey?: string): IntegrationPlatformClient {
  const key = apiKey || setting("apiKey");
  if (!key) throw missingSetting("apiKey", "A project API key");
  return new IntegrationPlatformClient({ baseUrl: baseUrl(), apiKey: key, ...clientTuning() });
}

/** A client acting with the organization key. */
export function orgClient(): IntegrationPlatformClient {
  const key = setting("orgApiKey");
  if (!key) throw missingSetting("orgApiKey", "An organization API key");
  return new IntegrationPlatformClient({ baseUrl: baseUrl(), orgApiKey: key, ...clientTuning() });
}
