// Vitest globalSetup of the e2e project: makes the real Pulumi engine available once per run.
// scripts/ensure-pulumi finds a compatible `pulumi` on PATH or builds one (first run on a
// machine: minutes; afterwards: instant) and prints the directory to put on PATH last.
import * as path from "node:path";
import type { TestProject } from "vitest/node";
import { ensurePulumi } from "../../scripts/pulumi-engine";

declare module "vitest" {
  export interface ProvidedContext {
    /** Directory holding pulumi, pulumi-language-nodejs and pulumi-resource-pulumi-nodejs; null when unavailable. */
    pulumiBinDir: string | null;
    /** Why the engine is unavailable (empty when it is available). */
    pulumiUnavailableReason: string;
  }
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
    // A missing engine fails the run, on every machine: an e2e test skipped is a failure hidden.
    throw new Error(`e2e: the Pulumi engine is unavailable: ${reason}`);
  }
}
