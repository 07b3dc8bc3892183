/**
 * A server for the benchmarks, run in its own process (see startServer in common.ts):
 *
 *   node dist/bench/server.js platform [--db FILE|:memory:] [--rate-limit N[/s]] [--request-timeout SECONDS]
 *                                                              the local platform, demo seed
 *   node dist/bench/server.js bare                             a bare Fastify app: GET /bare and
 *                                                              PATCH /bare answer a constant JSON;
 *                                                              GET and PATCH /payload/NAME answer the
 *                                                              JSON last PUT to /payload/NAME (a platform
 *                                                              answer: the same bytes, no platform work)
 *
 * Prints one JSON line {url, apiKey?, orgApiKey?, projectId?} once listening on 127.0.0.1;
 * stops on SIGTERM/SIGINT.
 */
import Fastify from "fastify";
import { parseRateLimit, startPlatform } from "../platform";

async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  let close: () => Promise<void>;
  if (mode === "platform") {
    const dbFlag = rest.indexOf("--db");
    const db = dbFlag >= 0 ? rest[dbFlag + 1] : ":memory:";
    const rateFlag = rest.indexOf("--rate-limit");
    const rate = rateFlag >= 0 ? rest[rateFlag + 1] : undefined;
    const timeoutFlag = rest.indexOf("--request-timeout");
    const requestTimeoutSeconds = timeoutFlag >= 0 ? Number(rest[timeoutFlag + 1]) : undefined;
    const platform = await startPlatform({
      seed: "demo",
      ...(db ? { db } : {}),
      ...(rate ? { rateLimit: parseRateLimit(rate) } : {}),
      ...(requestTimeoutSeconds ? { requestTimeoutSeconds } : {}),
    });
    close = () => platform.close();
    const { url, apiKey, orgApiKey, projectId } = platform;
    process.stdout.write(`${JSON.stringify({ url, apiKey, orgApiKey, projectId })}\n`);
  } else if (mode === "bare") {
    const app = Fastify({ logger: false });
    const constant = { ok: true, items: [] as unknown[] };
    app.get("/bare", async () => constant);
    app.patch("/bare", async () => constant);
    const payloads = new Map<string, unknown>();
    app.put<{ Params: { name: string } }>("/payload/:name", async (request) => {
      payloads.set(request.params.name, request.body);
      return { ok: true };
    });
    app.get<{ Params: { name: string } }>("/payload/:name", async (request) => payloads.get(request.params.name) ?? constant);
    app.patch<{ Params: { name: string } }>("/payload/:name", async (request) => payloads.get(request.params.name) ?? constant);
    await app.listen({ port: 0, host: "127.0.0.1" });
    close = () => app.close();
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  } else {
    throw new Error(`usage: server.js platform [--db FILE] | bare (got ${JSON.stringify(mode)})`);
  }
  const stop = () => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
