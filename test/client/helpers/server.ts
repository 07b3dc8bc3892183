/**
 * A scripted HTTP server on 127.0.0.1, port 0 (a real socket), for the client
 * tests. Each request is recorded (with the time it arrived) and answered by
 * the next scripted step, or by the fallback once the script is used up.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeEach } from "vitest";
import { IntegrationPlatformClient, closeSharedDispatcher, type ClientOptions } from "../../../provider/client";

export interface Recorded {
  method: string;
  /** Path and raw query exactly as sent. */
  url: string;
  path: string;
  /** The raw query string without `?` ("" when none). */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  /** `performance.now()` when the request was fully read. */
  at: number;
  /** `Date.now()` at the same moment. */
  wall: number;
}

export type Step = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  port: number;
  requests: Recorded[];
  /** Steps answered in order, one per request. */
  script(...steps: Step[]): void;
  /** Answer for requests once the script is used up (default: 500 "unscripted"). */
  fallback(step: Step): void;
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Step {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

export function envelope(
  status: number,
  fields: { message?: string; slug?: string; code?: number; request_id?: string; suggested_fix?: string; errors?: string[] } = {},
  headers: Record<string, string> = {},
): Step {
  return json(
    status,
    {
      error: {
        message: fields.message ?? `failed with ${status}`,
        code: fields.code ?? status * 10,
        slug: fields.slug ?? `status_${status}`,
        status,
        request_id: fields.request_id ?? `req_${status}`,
        ...(fields.suggested_fix !== undefined ? { suggested_fix: fields.suggested_fix } : {}),
        ...(fields.errors !== undefined ? { errors: fields.errors } : {}),
      },
    },
    headers,
  );
}

/** Reads the request, then destroys the socket without answering (a crash mid-request). */
export const destroySocket: Step = (_req, res) => {
  res.socket?.destroy();
};

/** Never answers (until the server closes). */
export const hang: Step = () => undefined;

export async function startServer(): Promise<TestServer> {
  const requests: Recorded[] = [];
  const steps: Step[] = [];
  let fallback: Step = json(500, { error: { message: "unscripted request", code: 0, slug: "unscripted", status: 500, request_id: "req_unscripted" } });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const rawQuery = q === -1 ? "" : url.slice(q + 1);
      const recorded: Recorded = {
        method: req.method ?? "",
        url,
        path: q === -1 ? url : url.slice(0, q),
        rawQuery,
        query: new URLSearchParams(rawQuery),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: performance.now(),
        wall: Date.now(),
      };
      requests.push(recorded);
      const step = steps.shift() ?? fallback;
      void Promise.resolve(step(recorded, res)).catch((err: unknown) => {
        res.writeHead(599);
        res.end(String(err));
      });
    });
  });
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    connections: () => connections,
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    script: (...s) => void steps.push(...s),
    fallback: (step) => void (fallback = step),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const API_KEY = "pk_test_SECRET_project_key_1234567890";
export const ORG_API_KEY = "ok_test_SECRET_org_key_0987654321";

/** A client for tests: both keys, fast retries. */
export function testClient(baseUrl: string, options: Partial<ClientOptions> = {}): IntegrationPlatformClient {
  return new IntegrationPlatformClient({
    baseUrl,
    apiKey: API_KEY,
    orgApiKey: ORG_API_KEY,
    maxRetries: 2,
    retryBaseDelayMs: 1,
    timeoutMs: 5_000,
    ...options,
  });
}

/** A port with nothing listening on it (for refused connections). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Captures the rejection of a promise (fails if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/**
 * Gives each test of the file a fresh scripted server (handed to `set`), closes
 * it after the test, and closes the client's shared connection pool at the end.
 */
export function useTestServer(set: (server: TestServer) => void): void {
  let current: TestServer | undefined;
  beforeEach(async () => {
    current = await startServer();
    set(current);
  });
  afterEach(async () => {
    await current?.close();
  });
  afterAll(async () => {
    await closeSharedDispatcher();
  });
}
