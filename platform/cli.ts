#!/usr/bin/env node
/**
 * integration-platform-local: run the local Integration Platform.
 *
 * The first line on stdout is one JSON object {"url","orgApiKey","projectId","apiKey"}
 * (keys present when known); everything else goes to stderr.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_REQUEST_TIMEOUT_MS } from "./app";
import { ChaosConfigError, parseChaos, type ChaosOptions } from "./chaos";
import { RateLimitConfigError, parseRateLimit, type RateLimitOptions } from "./plugins/rate-limit";
import { startPlatform, type RunningPlatform } from "./index";
import { BootstrapError, type SeedKind } from "./seed";
import { SECRET_KEY_ENV } from "./store/secrets";

const NAME = "integration-platform-local";
export const DEFAULT_DB = "./.integration-platform/platform.db";

export const HELP = `${NAME}: a local, persistent implementation of the Integration Platform API v3

Usage:
  ${NAME} serve [options]
  ${NAME} --help

Options of serve:
  --port N          port to listen on; 0 picks a free one (default 8080)
  --host H          address to bind (default 127.0.0.1)
  --db FILE         SQLite database file, or :memory: (default ${DEFAULT_DB})
  --seed demo|none  on an empty store, "demo" adds a project with auth configs,
                    connected accounts, MCP servers and triggers (default none)
  --chaos SPEC      inject faults, e.g. rate429=0.1,rate503=0.05,latencyMs=20,dropRate=0.01,seed=7
                    (also INTEGRATION_PLATFORM_CHAOS)
  --rate-limit N[/s|/m]
                    limit each API key to N requests per second (or minute), answering the
                    excess 429 with Retry-After; every /api/v3 answer carries RateLimit-Limit,
                    -Remaining, -Reset and -Policy (default: no limit)
  --rate-limit-burst N
                    requests a key may send at once after being idle (default: N of --rate-limit)
  --public-url URL  base URL for URLs the platform hands out (default: the bound address)
  --request-timeout SECONDS
                    time a client has to send a whole request, headers and body; a slower one
                    gets a 408 and its connection is closed, as is one idle that long (default 30)
  --max-connections N
                    connections served at once; the server closes any beyond at once (default 1024)
  --log             request logs on stderr (secret-looking query values redacted)
  -h, --help        this help

Environment:
  INTEGRATION_PLATFORM_ORG_API_KEY  organization key to use instead of a generated one (iok_...)
  INTEGRATION_PLATFORM_API_KEY      project key to use instead of a generated one (ipk_...)
  INTEGRATION_PLATFORM_SECRET_KEY   key (32+ characters) credentials are encrypted with in the
                                    database; default: a key file beside it (<db>.key, 0600)
  INTEGRATION_PLATFORM_CHAOS        as --chaos
  INTEGRATION_PLATFORM_VALIDATE_RESPONSES=1
                                    check every answer against the API's response schemas
                                    (a 500 when one does not match; slower, for debugging)

The first line on stdout is {"url","orgApiKey","projectId","apiKey"}; keys of a store
from an earlier run cannot be shown (they are stored hashed) unless given in the environment.
SIGTERM or SIGINT stop the server and close the database.
`;

export class UsageError extends Error {}

export interface ServeOptions {
  port: number;
  host: string;
  db: string;
  seed: SeedKind;
  chaos?: ChaosOptions;
  rateLimit?: RateLimitOptions;
  publicUrl?: string;
  requestTimeoutSeconds: number;
  maxConnections: number;
  log: boolean;
}

export type Command = { command: "help" } | { command: "serve"; options: ServeOptions };

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv = process.env): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        db: { type: "string" },
        seed: { type: "string" },
        chaos: { type: "string" },
        "rate-limit": { type: "string" },
        "rate-limit-burst": { type: "string" },
        "public-url": { type: "string" },
        "request-timeout": { type: "string" },
        "max-connections": { type: "string" },
        log: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  const [command, ...extra] = positionals;
  if (command === undefined) throw new UsageError("missing command: use `serve`");
  if (command === "help") return { command: "help" };
  if (command !== "serve") throw new UsageError(`unknown command "${command}": use \`serve\``);
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);

  let port = 8080;
  if (values.port !== undefined) {
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) {
      throw new UsageError(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
    }
    port = Number(values.port);
  }
  const host = values.host ?? "127.0.0.1";
  if (host.trim() === "") throw new UsageError("--host must not be empty");
  const db = values.db ?? DEFAULT_DB;
  if (db.trim() === "") throw new UsageError("--db must be a file path or :memory:");
  const seed = values.seed ?? "none";
  if (seed !== "demo" && seed !== "none") throw new UsageError(`--seed must be demo or none, got "${seed}"`);
  let chaos: ChaosOptions | undefined;
  const chaosText = values.chaos ?? env.INTEGRATION_PLATFORM_CHAOS;
  if (chaosText) {
    try {
      chaos = parseChaos(chaosText);
    } catch (error) {
      if (error instanceof ChaosConfigError) throw new UsageError(error.message);
      throw error;
    }
  }
  let rateLimit: RateLimitOptions | undefined;
  if (values["rate-limit-burst"] !== undefined && values["rate-limit"] === undefined) {
    throw new UsageError("--rate-limit-burst needs --rate-limit");
  }
  if (values["rate-limit"] !== undefined) {
    try {
      rateLimit = parseRateLimit(values["rate-limit"], values["rate-limit-burst"]);
    } catch (error) {
      if (error instanceof RateLimitConfigError) throw new UsageError(`--rate-limit${error.setting === "burst" ? "-burst" : ""}: ${error.message}`);
      throw error;
    }
  }
  const publicUrl = values["public-url"];
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new UsageError(`--public-url must be an http(s) URL, got "${publicUrl}"`);
  }
  let requestTimeoutSeconds = DEFAULT_REQUEST_TIMEOUT_MS / 1000;
  if (values["request-timeout"] !== undefined) {
    const text = values["request-timeout"];
    requestTimeoutSeconds = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || requestTimeoutSeconds <= 0 || requestTimeoutSeconds > 3600) {
      throw new UsageError(`--request-timeout must be a number of seconds above 0 and at most 3600, got "${text}"`);
    }
  }
  let maxConnections = DEFAULT_MAX_CONNECTIONS;
  if (values["max-connections"] !== undefined) {
    const text = values["max-connections"];
    maxConnections = Number(text);
    if (!/^\d+$/.test(text) || maxConnections < 1 || maxConnections > 1_000_000) {
      throw new UsageError(`--max-connections must be a whole number from 1 to 1000000, got "${text}"`);
    }
  }
  return {
    command: "serve",
    options: {
      port,
      host,
      db,
      seed,
      ...(chaos ? { chaos } : {}),
      ...(rateLimit ? { rateLimit } : {}),
      ...(publicUrl ? { publicUrl } : {}),
      requestTimeoutSeconds,
      maxConnections,
      log: values.log ?? false,
    },
  };
}

async function serve(options: ServeOptions, env: NodeJS.ProcessEnv): Promise<void> {
  // The store creates the folder (0700) and the files (0600).
  const db = options.db === ":memory:" ? ":memory:" : resolve(options.db);
  const platform: RunningPlatform = await startPlatform({
    port: options.port,
    host: options.host,
    db,
    seed: options.seed,
    logger: options.log,
    requestTimeoutSeconds: options.requestTimeoutSeconds,
    maxConnections: options.maxConnections,
    ...(options.chaos ? { chaos: options.chaos } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(env.INTEGRATION_PLATFORM_ORG_API_KEY ? { orgApiKey: env.INTEGRATION_PLATFORM_ORG_API_KEY } : {}),
    ...(env.INTEGRATION_PLATFORM_API_KEY ? { apiKey: env.INTEGRATION_PLATFORM_API_KEY } : {}),
    ...(env[SECRET_KEY_ENV] ? { secretKey: env[SECRET_KEY_ENV] } : {}),
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${NAME}: ${signal} received, closing\n`);
    platform.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${NAME}: error while closing: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  // Handlers first, then the line scripts wait for: a signal sent right after it is handled.
  const first: Record<string, string> = { url: platform.url };
  if (platform.orgApiKey) first.orgApiKey = platform.orgApiKey;
  if (platform.projectId) first.projectId = platform.projectId;
  if (platform.apiKey) first.apiKey = platform.apiKey;
  process.stdout.write(`${JSON.stringify(first)}\n`);
  process.stderr.write(`${NAME}: listening on ${platform.url} (database: ${db})\n`);
  for (const note of platform.notes) process.stderr.write(`${NAME}: ${note}\n`);
  if (options.chaos) process.stderr.write(`${NAME}: chaos mode on: ${JSON.stringify(options.chaos)}\n`);
  if (options.rateLimit) process.stderr.write(`${NAME}: rate limit on: ${JSON.stringify(options.rateLimit)} per API key\n`);
}

export async function main(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Promise<number | undefined> {
  let command: Command;
  try {
    command = parseCommandLine(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${NAME}: ${error.message}\nRun \`${NAME} --help\` for usage.\n`);
      return 2;
    }
    throw error;
  }
  if (command.command === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  try {
    await serve(command.options, env);
    return undefined;
  } catch (error) {
    const message =
      error instanceof BootstrapError
        ? error.message
        : (error as NodeJS.ErrnoException).code === "EADDRINUSE"
          ? `port ${command.options.port} is already in use on ${command.options.host}; choose another with --port (0 picks a free one)`
          : (error as Error).message;
    process.stderr.write(`${NAME}: ${message}\n`);
    return 1;
  }
}

if (require.main === module) {
  main().then(
    (code) => {
      if (code !== undefined) process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${NAME}: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
