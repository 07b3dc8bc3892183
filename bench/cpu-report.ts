/**
 * Preloaded (`NODE_OPTIONS=--require`) into the Node processes the Pulumi engine starts during a
 * benchmark step — the dynamic-provider host above all — to report their CPU time: it writes
 * `{ argv, cpuMs }` to `$BENCH_CPU_DIR/<pid>.json` when the process exits. The engine ends its
 * plugins with a signal, which would skip `exit` handlers, so SIGINT/SIGTERM end the process with
 * `process.exit` (which runs them, and lets `--cpu-prof` write its profile).
 * CPU time, unlike wall time, does not depend on what else the shared machine is running.
 */
import { writeFileSync } from "node:fs";
import { constants } from "node:os";
import * as path from "node:path";

const dir = process.env.BENCH_CPU_DIR;

if (dir) {
  const file = path.join(dir, `${process.pid}.json`);
  process.on("exit", () => {
    const { user, system } = process.cpuUsage();
    try {
      writeFileSync(file, JSON.stringify({ argv: process.argv.slice(1), cpuMs: (user + system) / 1000 }));
    } catch {
      // The step's directory is gone: the benchmark has already read it.
    }
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => process.exit(128 + constants.signals[signal]));
  }
}
