/**
 * `npm run bench`: the benchmarks of issues 8, 16 and 18, one after the other, each writing its
 * section of bench/RESULTS.md. Exits non-zero when a benchmark failed or missed a *count*
 * target (bench/api-calls and bench/rate-limit have count targets; time targets are reported, never failed on).
 */
import { main as apiCalls } from "./api-calls";
import { log, timed } from "./common";
import { main as engineOverhead } from "./engine-overhead";
import { main as mcpProtocol } from "./mcp-protocol";
import { main as platform } from "./platform";
import { main as rateLimit } from "./rate-limit";

const BENCHMARKS: [string, () => Promise<boolean>][] = [
  ["api-calls", apiCalls],
  ["engine-overhead", engineOverhead],
  ["platform", platform],
  ["mcp-protocol", mcpProtocol],
  ["rate-limit", rateLimit],
];

async function run(): Promise<void> {
  const failed: string[] = [];
  for (const [name, bench] of BENCHMARKS) {
    log(`\n=== bench/${name} ===`);
    try {
      const { ms, result: ok } = await timed(bench);
      log(`=== bench/${name}: ${(ms / 1000).toFixed(0)} s${ok ? "" : ", a count target was missed"}`);
      if (!ok) failed.push(`${name} (count target missed)`);
    } catch (err) {
      console.error(`bench/${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      failed.push(`${name} (error)`);
    }
  }
  if (failed.length) {
    console.error(`\nbench: ${failed.join(", ")}`);
    process.exitCode = 1;
  } else {
    log("\nbench: done; figures in bench/RESULTS.md");
  }
}

void run();
