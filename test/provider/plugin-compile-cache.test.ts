// The plugin executable keeps Node's compile cache, written once it serves: the engine ends
// plugins with a signal, which skips Node's own write at exit. The installed package's bin, as the
// engine starts it (npm test builds and installs it first).
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pluginMain } from "../../scripts/plugin-executable";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Files under `dir`, at any depth (Node keeps one subdirectory per Node version). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/**
 * Starts the plugin with `env`, waits for the port it prints and then until `settled()` holds (at most
 * 5 s), then ends it as the engine does (SIGINT).
 */
async function startAndInterrupt(env: Record<string, string>, settled: () => boolean): Promise<string> {
  const child = spawn(process.execPath, [pluginMain()], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(String(chunk).trim()));
    child.once("exit", (code) => reject(new Error(`the plugin exited with ${code} before serving: ${stderr}`)));
  });
  for (const start = Date.now(); !settled() && Date.now() - start < 5_000; ) await new Promise((resolve) => setTimeout(resolve, 50));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
  return port;
}

describe("plugin executable: compile cache", () => {
  it("writes Node's compile cache before the engine's signal ends it", async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-compile-cache-"));
    dirs.push(cache);
    // @pulumi/pulumi, gRPC and our modules: hundreds of entries, there while the plugin still runs.
    const port = await startAndInterrupt({ NODE_COMPILE_CACHE: cache }, () => filesUnder(cache).length > 100);
    expect(Number(port)).toBeGreaterThan(0);
    expect(filesUnder(cache).length).toBeGreaterThan(100);
  });

  it("writes nothing when the user turns the cache off", async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-compile-cache-"));
    dirs.push(cache);
    const started = Date.now();
    await startAndInterrupt({ NODE_COMPILE_CACHE: cache, NODE_DISABLE_COMPILE_CACHE: "1" }, () => Date.now() - started > 1_000);
    expect(filesUnder(cache)).toEqual([]);
  });
});
