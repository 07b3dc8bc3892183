/**
 * Makes the real Pulumi engine available to this process: runs
 * scripts/ensure-pulumi (a compatible `pulumi` on PATH, or one built once per
 * machine from the Go module proxy) and puts its directory first on PATH,
 * followed by the directory of the Node running us, so the language host and
 * the dynamic-provider shim start this Node 24 rather than an older system one.
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import * as path from "node:path";

export const repoRoot = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? "../.." : "..");

/**
 * Resolves to the directory holding pulumi, pulumi-language-nodejs and pulumi-resource-pulumi-nodejs.
 * `build`: our own build even when a compatible pulumi is on PATH; only it has integration-platform-sdkgen.
 */
export function ensurePulumi(options: { build?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    // Progress goes to our stderr while it builds; only the last stdout line is the answer.
    const child = spawn(path.join(repoRoot, "scripts/ensure-pulumi"), options.build ? ["--build"] : [], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` },
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const dir = stdout.trim().split("\n").pop()?.trim();
      if (code === 0 && dir) resolve(dir);
      else reject(new Error(`scripts/ensure-pulumi exited with ${code}; see its messages above`));
    });
  });
}

/** Puts the engine and this process's Node first on PATH (idempotent). */
export function useEngine(binDir: string): void {
  const first = [binDir, path.dirname(process.execPath)];
  const rest = (process.env.PATH ?? "").split(path.delimiter).filter((p) => p && !first.includes(p));
  process.env.PATH = [...first, ...rest].join(path.delimiter);
}

/** Environment for a stack on a local file backend in `stateDir`, with no network but loopback. */
export function localBackendEnv(stateDir: string, passphrase: string): Record<string, string> {
  mkdirSync(stateDir, { recursive: true });
  return {
    PULUMI_BACKEND_URL: `file://${stateDir}`,
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // Dynamic providers run in the program's directory; make the repo's packages resolvable from anywhere.
    NODE_PATH: [path.join(repoRoot, "node_modules"), process.env.NODE_PATH].filter(Boolean).join(path.delimiter),
  };
}
