/**
 * Findings 2 and 9 of issue 14, over real sockets: slow headers and slow bodies are cut after
 * the request timeout, connections beyond --max-connections are refused while the server keeps
 * answering, and what node's HTTP parser refuses (URL or headers over 16 KB, a folded header, a
 * timeout) is answered in the spec's error envelope like every other error.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseCommandLine, UsageError } from "../../platform/cli";
import { startPlatform, type RunningPlatform } from "../../platform/index";

let platform: RunningPlatform | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await platform?.close();
  platform = undefined;
});

interface RawAnswer {
  /** Everything the server sent before closing. */
  text: string;
  /** Milliseconds from connecting to the close. */
  closedAfterMs: number;
}

function open(url: string): Socket {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.on("error", () => undefined);
  sockets.push(socket);
  return socket;
}

/** Sends `head` at once, then `trickle` one byte every `everyMs` until the server closes. */
function slowRequest(url: string, head: string, trickle: string, everyMs: number): Promise<RawAnswer> {
  const started = Date.now();
  const socket = open(url);
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (text += chunk));
  socket.write(head);
  let i = 0;
  const timer = setInterval(() => {
    if (socket.writable && i < trickle.length) socket.write(trickle[i++]!);
  }, everyMs);
  return new Promise((resolve) => {
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

/** One raw request; resolves with what came back once the server closes or answers in full. */
function rawRequest(url: string, request: string): Promise<{ status: number; headers: string; body: any }> {
  const socket = open(url);
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (text += chunk));
  socket.write(request);
  return new Promise((resolve, reject) => {
    socket.on("close", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
      try {
        resolve({ status, headers: head.toLowerCase(), body: JSON.parse(body) });
      } catch (error) {
        reject(new Error(`not a JSON answer: ${JSON.stringify(text.slice(0, 300))} (${(error as Error).message})`));
      }
    });
  });
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
}

function envelopeOf(text: string): any {
  return JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));
}

async function health(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/_local/health`);
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

describe("request timeout", () => {
  it("cuts slow headers with a 408 in the envelope", async () => {
    platform = await startPlatform({ port: 0, requestTimeoutSeconds: 1 });
    const answer = await slowRequest(platform.url, "GET /_local/health HTTP/1.1\r\nHost: x\r\nX-Slow: ", "a".repeat(1_000), 100);
    expect(answer.closedAfterMs).toBeLessThan(3_500);
    expect(statusOf(answer.text)).toBe(408);
    expect(envelopeOf(answer.text).error).toMatchObject({ status: 408, slug: "request_timeout" });
  });

  it("cuts a body sent one byte at a time, and the server keeps answering meanwhile", async () => {
    platform = await startPlatform({ port: 0, seed: "demo", requestTimeoutSeconds: 1 });
    const head = `POST /api/v3/mcp/servers HTTP/1.1\r\nHost: x\r\nx-api-key: ${platform.apiKey}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n`;
    const slow = Array.from({ length: 50 }, () => slowRequest(platform!.url, head, "{".padEnd(1_000, " "), 100));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await health(platform.url);
    expect(during.status).toBe(200);
    const answers = await Promise.all(slow);
    for (const answer of answers) {
      expect(answer.closedAfterMs).toBeLessThan(3_500);
      expect(statusOf(answer.text)).toBe(408);
    }
    expect(platform.store.mcp.list(platform.projectId!, { orderBy: "created_at", orderDirection: "asc", offset: 0, limit: 100 }).total).toBe(2);
  });
});

describe("max connections", () => {
  it("refuses connections beyond the limit at once and serves again when they leave", async () => {
    platform = await startPlatform({ port: 0, maxConnections: 5, requestTimeoutSeconds: 30 });
    const held = Array.from({ length: 5 }, () => open(platform!.url));
    await Promise.all(held.map((socket) => new Promise((resolve) => socket.once("connect", resolve))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const excess = await slowRequest(platform.url, "GET /_local/health HTTP/1.1\r\nHost: x\r\n\r\n", "", 1_000);
    expect(excess.text).toBe("");
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await health(platform.url)).status).toBe(200);
  });

  it("is a CLI option with a default, like the request timeout", () => {
    const parsed = parseCommandLine(["serve", "--request-timeout", "2.5", "--max-connections", "64"], {});
    expect(parsed.command === "serve" && [parsed.options.requestTimeoutSeconds, parsed.options.maxConnections]).toEqual([2.5, 64]);
    expect(() => parseCommandLine(["serve", "--request-timeout", "0"], {})).toThrow(UsageError);
    expect(() => parseCommandLine(["serve", "--max-connections", "lots"], {})).toThrow(/--max-connections/);
  });
});

describe("errors before any route runs, in the envelope", () => {
  it("answers a URL over 16 KB with 431", async () => {
    platform = await startPlatform({ port: 0 });
    const answer = await rawRequest(platform.url, `GET /api/v3/toolkits?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body.error).toMatchObject({ status: 431, slug: "headers_too_large", code: 10431 });
    expect(answer.headers).toContain(`x-request-id: ${answer.body.error.request_id.toLowerCase()}`);
    expect(answer.body.error.errors.length).toBeGreaterThan(0);
  });

  it("answers a folded header with 400", async () => {
    platform = await startPlatform({ port: 0 });
    const answer = await rawRequest(platform.url, "GET /_local/health HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ status: 400, slug: "validation_error" });
    expect(typeof answer.body.error.suggested_fix).toBe("string");
  });

  it("answers a body over the limit with 413, by its length or as it streams", async () => {
    platform = await startPlatform({ port: 0, seed: "demo" });
    const big = await rawRequest(
      platform.url,
      `POST /api/v3/mcp/servers HTTP/1.1\r\nHost: x\r\nx-api-key: ${platform.apiKey}\r\ncontent-type: application/json\r\ncontent-length: 5000000\r\nconnection: close\r\n\r\n{}`,
    );
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({ status: 413, slug: "payload_too_large" });
    const chunk = "x".repeat(64 * 1024);
    const chunks = Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const streamed = await rawRequest(
      platform.url,
      `POST /api/v3/mcp/servers HTTP/1.1\r\nHost: x\r\nx-api-key: ${platform.apiKey}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expect(streamed.status).toBe(413);
    expect(streamed.body.error.slug).toBe("payload_too_large");
  });
});
