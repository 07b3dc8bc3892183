/** The built CLI (dist/platform/cli.js): building it when stale, and running it as a child process. */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const ROOT = join(__dirname, "..", "..");
export const CLI = join(ROOT, "dist", "platform", "cli.js");

function newest(dir: string): { path: string; mtime: number } {
  let latest = { path: dir, mtime: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const candidate = entry.isDirectory() ? newest(path) : /\.(ts|json)$/.test(entry.name) ? { path, mtime: statSync(path).mtimeMs } : latest;
    if (candidate.mtime > latest.mtime) latest = candidate;
  }
  return latest;
}

/** The newest source of platform/ or api/ when it is newer than the built CLI (or the CLI is missing). */
export function staleSource(): string | undefined {
  const source = [newest(join(ROOT, "platform")), newest(join(ROOT, "api"))].sort((a, b) => b.mtime - a.mtime)[0]!;
  return existsSync(CLI) && statSync(CLI).mtimeMs >= source.mtime ? undefined : source.path;
}

/** Builds dist/ when it is missing or older than the sources, so CLI tests run what users run. */
export function ensureBuilt(): void {
  if (staleSource() === undefined) return;
  execFileSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", join(ROOT, "tsconfig.build.json")], {
    cwd: ROOT,
    stdio: "inherit",
  });
}

/** A CLI child process and what it said first: its first stdout line is one JSON object. */
export interface StartedCli {
  child: ChildProcessWithoutNullStreams;
  first: Record<string, string>;
  stderr(): string;
}

/** Children started by a test file; `killAll` in its afterAll. */
export class CliProcesses {
  private readonly children: ChildProcessWithoutNullStreams[] = [];

  /** Runs the CLI with `args`; the environment's platform keys and chaos setting are replaced by `env`'s. */
  run(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
    const clean = { ...process.env };
    delete clean.INTEGRATION_PLATFORM_ORG_API_KEY;
    delete clean.INTEGRATION_PLATFORM_API_KEY;
    delete clean.INTEGRATION_PLATFORM_CHAOS;
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...clean, ...env } });
    this.children.push(child);
    return child;
  }

  /** Runs the CLI and waits for its first stdout line. */
  async start(args: string[], env: Record<string, string> = {}): Promise<StartedCli> {
    const child = this.run(args, env);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const line = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once("line", (first) => {
        lines.close();
        resolve(first);
      });
      child.once("exit", (code, signal) => reject(new Error(`the CLI exited (${code ?? signal}) before its first line:\n${stderr}`)));
    });
    return { child, first: JSON.parse(line), stderr: () => stderr };
  }

  /** Kills (SIGKILL) every child still running and waits for each. */
  async killAll(): Promise<void> {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited(child);
      }
    }
  }
}

/** How the child ended, once it has. */
export function exited(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}
