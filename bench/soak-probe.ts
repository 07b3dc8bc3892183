/**
 * The health probe of bench/soak.ts, in a process of its own so that its latencies are the
 * server's and not the load generator's (whose event loop is busy sending the traffic):
 *
 *   node dist/bench/soak-probe.js URL EVERY_MS
 *
 * Asks GET URL/_local/health every EVERY_MS ms on one keep-alive connection until its stdin
 * closes, then prints one JSON line {latencies: [[sentAtSeconds, ms], ...], failures}.
 */
import { Client } from "undici";

async function main(): Promise<void> {
  const [url, every] = process.argv.slice(2);
  if (!url) throw new Error("usage: soak-probe.js URL EVERY_MS");
  const everyMs = Number(every ?? 50);
  const client = new Client(url);
  const latencies: [number, number][] = [];
  let failures = 0;
  let probing = true;
  process.stdin.on("close", () => (probing = false));
  process.stdin.on("end", () => (probing = false));
  process.stdin.resume();
  const start = performance.now();
  while (probing) {
    const sent = performance.now();
    try {
      const response = await client.request({ method: "GET", path: "/_local/health", headersTimeout: 10_000, bodyTimeout: 10_000 });
      await response.body.text();
      if (response.statusCode === 200) latencies.push([(sent - start) / 1000, performance.now() - sent]);
      else failures++;
    } catch {
      failures++;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  await client.close();
  process.stdout.write(`${JSON.stringify({ latencies, failures })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`soak probe: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
