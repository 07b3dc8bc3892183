/** Builds dist/ when it is missing or older than the sources, so CLI tests run what users run. */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");
export const CLI = join(ROOT, "dist", "platform", "cli.js");

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (/\.(ts|json)$/.test(entry.name)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

export function ensureBuilt(): void {
  const sources = Math.max(newest(join(ROOT, "platform")), newest(join(ROOT, "api")));
  if (existsSync(CLI) && statSync(CLI).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", join(ROOT, "tsconfig.build.json")], {
    cwd: ROOT,
    stdio: "inherit",
  });
}
