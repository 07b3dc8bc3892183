// Vitest globalSetup of the e2e project: makes the real Pulumi engine available once per run.
// scripts/ensure-pulumi finds a compatible `pulumi` on PATH or builds one (first run on a
// machine: minutes; afterwards: instant) and prints the directory to put on PATH last.
import { spawn } from "node:child_process";
import * as path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Directory holding pulumi, pulumi-language-nodejs and pulumi-resource-pulumi-nodejs; null when unavailable. */
    pulumiBinDir: string | null;
    /** Why the engine is unavailable (empty when it is available). */
    pulumiUnavailableReason: string;
  }
}

const repoRoot = path.resolve(__dirname, "../..");

function ensurePulumi(): Promise<string> {
  return new Promise((resolve, reject) => {
    // Progress goes to our stderr as the build runs; only stdout is captured.
    const child = spawn(path.join(repoRoot, "scripts/ensure-pulumi"), [], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        // The script needs node; under vitest it is the binary running us.
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
      },
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const lines = stdout.trim().split("\n");
      const dir = lines[lines.length - 1]?.trim();
      if (code === 0 && dir) resolve(dir);
      else reject(new Error(`scripts/ensure-pulumi exited with ${code}; see its messages above`));
    });
  });
}

export default async function setup(project: TestProject): Promise<void> {
  try {
    const dir = await ensurePulumi();
    // Workers inherit the environment; the harness also re-applies it from the provided value.
    process.env.PATH = `${dir}${path.delimiter}${process.env.PATH ?? ""}`;
    project.provide("pulumiBinDir", dir);
    project.provide("pulumiUnavailableReason", "");
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    // In CI a missing engine is a failure, never a silent skip.
    if (process.env.CI) throw new Error(`e2e: the Pulumi engine is unavailable: ${reason}`);
    console.warn(`\n*** e2e tests will be SKIPPED: the Pulumi engine is unavailable: ${reason}\n`);
    project.provide("pulumiBinDir", null);
    project.provide("pulumiUnavailableReason", reason);
  }
}
