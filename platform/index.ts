/**
 * The local Integration Platform: build the app (`buildApp`) or start a
 * listening server with a store and a catalog (`startPlatform`).
 */
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildAppOptions } from "./app";
import { Catalog } from "./catalog";
import type { ChaosOptions } from "./chaos";
import { originFor, publicOrigin } from "./public-origin";
import type { RateLimitOptions } from "./plugins/rate-limit";
import { bootstrap, type SeedKind } from "./seed";
import { Store } from "./store";

export { buildApp, validateResponsesByDefault, type BuildAppOptions } from "./app";
export { Catalog } from "./catalog";
export { Chaos, parseChaos, type ChaosOptions } from "./chaos";
export { parseRateLimit, type RateLimitOptions } from "./plugins/rate-limit";
export { RequestLog, type RequestLogEntry, type RequestLogFilter } from "./request-log";
export { bootstrap, type BootstrapResult, type SeedKind } from "./seed";
export { Store } from "./store";
export { createLocalAuthConfig } from "./local-admin";

export interface StartPlatformOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Database file or `:memory:` (default). Ignored when `store` is given. */
  db?: string;
  /** An open store to serve (not closed by close()). */
  store?: Store;
  /** Key material credentials are sealed with (INTEGRATION_PLATFORM_SECRET_KEY); default: the key file beside the database. Ignored when `store` is given. */
  secretKey?: string;
  catalog?: Catalog;
  seed?: SeedKind;
  /** Keys to use instead of generated ones. */
  orgApiKey?: string;
  apiKey?: string;
  chaos?: ChaosOptions;
  /** A request rate limit per API key (off when unset). */
  rateLimit?: RateLimitOptions;
  logger?: boolean;
  /** Base URL for handed-out URLs (mcp_url, redirect_url); the bound address when unset. */
  publicUrl?: string;
  now?: () => Date;
  /** See BuildAppOptions.validateResponses (default: on under vitest, else off). */
  validateResponses?: boolean;
  /** See BuildAppOptions.webhookDelivery. */
  webhookDelivery?: BuildAppOptions["webhookDelivery"];
  /** Seconds a client has to send a whole request (default 30); see BuildAppOptions.requestTimeoutMs. */
  requestTimeoutSeconds?: number;
  /** Connections served at once (default 1024); see BuildAppOptions.maxConnections. */
  maxConnections?: number;
}

export interface RunningPlatform {
  url: string;
  app: FastifyInstance;
  store: Store;
  orgApiKey?: string;
  projectId?: string;
  apiKey?: string;
  /** Remarks about keys that could not be shown (see the CLI). */
  notes: string[];
  close(): Promise<void>;
}

export async function startPlatform(options: StartPlatformOptions = {}): Promise<RunningPlatform> {
  const ownStore = !options.store;
  const store = options.store ?? new Store(options.db ?? ":memory:", { secretKey: options.secretKey });
  try {
    const catalog = options.catalog ?? Catalog.load();
    const host = options.host ?? "127.0.0.1";
    const app = buildApp({
      store,
      catalog,
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
      ...(options.chaos ? { chaos: options.chaos } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      ...(options.validateResponses !== undefined ? { validateResponses: options.validateResponses } : {}),
      ...(options.webhookDelivery ? { webhookDelivery: options.webhookDelivery } : {}),
      ...(options.requestTimeoutSeconds !== undefined ? { requestTimeoutMs: options.requestTimeoutSeconds * 1000 } : {}),
      ...(options.maxConnections !== undefined ? { maxConnections: options.maxConnections } : {}),
    });
    await app.listen({ port: options.port ?? 0, host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : (options.port ?? 0);
    const url = originFor(host, port);
    let keys;
    try {
      keys = bootstrap(store, catalog, {
        seed: options.seed ?? "none",
        orgApiKey: options.orgApiKey,
        apiKey: options.apiKey,
        origin: publicOrigin(app),
        ...(options.now ? { now: options.now } : {}),
      });
    } catch (error) {
      await app.close();
      throw error;
    }
    let closed = false;
    return {
      url,
      app,
      store,
      ...(keys.orgApiKey ? { orgApiKey: keys.orgApiKey } : {}),
      ...(keys.projectId ? { projectId: keys.projectId } : {}),
      ...(keys.apiKey ? { apiKey: keys.apiKey } : {}),
      notes: keys.notes,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        if (ownStore) store.close();
      },
    };
  } catch (error) {
    if (ownStore) store.close();
    throw error;
  }
}
