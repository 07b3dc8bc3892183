/** The clients the resources and functions act with, made from the settings at call time. */
import { IntegrationPlatformClient, type ClientOptions } from "./client";
import { keyHash } from "./client/key-hash";
import { clientTuning, missingSetting, setting } from "./settings";

export function baseUrl(): string {
  const url = setting("baseUrl");
  if (!url) throw missingSetting("baseUrl", "The Integration Platform URL");
  return url;
}

/**
 * The clients built so far in this process, by URL, tuning and a hash of the key: every operation
 * with the same settings shares one client instead of building its own (at N resources, that was
 * 2N clients in an `up`). Kept in a slot of `globalThis`, like the dispatcher and the pacers: a
 * client holds its key, and a module variable could be captured by closure serialization.
 */
const SLOT = "__integrationPlatformProviderClients";
type Slot = { [SLOT]?: Map<string, IntegrationPlatformClient> };

function clientFor(scheme: "apiKey" | "orgApiKey", key: string): IntegrationPlatformClient {
  // Read (and checked) on every call: settings are delivered by `configure`, and a bad value still fails here.
  const settings = { baseUrl: baseUrl(), ...clientTuning() };
  const clients = ((globalThis as unknown as Slot)[SLOT] ??= new Map());
  // Every setting is part of the id, so a setting added to clientTuning later cannot be shared by mistake.
  const id = JSON.stringify([settings, scheme, keyHash(key)]);
  let client = clients.get(id);
  if (!client) {
    const options: ClientOptions = { ...settings, [scheme]: key };
    client = new IntegrationPlatformClient(options);
    clients.set(id, client);
  }
  return client;
}

/** A client acting with a project key: the resource's own `apiKey` input, else the configured one. */
export function projectClient(apiKey?: string): IntegrationPlatformClient {
  const key = apiKey || setting("apiKey");
  if (!key) throw missingSetting("apiKey", "A project API key");
  return clientFor("apiKey", key);
}

/** A client acting with the organization key. */
export function orgClient(): IntegrationPlatformClient {
  const key = setting("orgApiKey");
  if (!key) throw missingSetting("orgApiKey", "An organization API key");
  return clientFor("orgApiKey", key);
}
