/**
 * The provider plugin of the installed package (node_modules/pulumi-integration-platform, put
 * there by `npm run build`) as the engine runs it: an executable named
 * `pulumi-resource-integration-platform` that starts the package's bin with this process's
 * Node. For e2e tests and benchmarks, which put its directory on the engine's PATH or install
 * it with `pulumi plugin install --file`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "./pulumi-engine";

export const PLUGIN_EXECUTABLE = "pulumi-resource-integration-platform";

const installed = path.join(repoRoot, "node_modules", "pulumi-integration-platform");

function installedManifest(): { version: string; bin: Record<string, string> } {
  return JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as { version: string; bin: Record<string, string> };
}

/** A bin entry `package.json` declares (default: the plugin's), in the installed package. */
export function pluginMain(bin: string = PLUGIN_EXECUTABLE): string {
  return path.join(installed, installedManifest().bin[bin]!);
}

/** The installed package's version, which is the plugin's and its schema's. */
export function pluginVersion(): string {
  return installedManifest().version;
}

let written: string | undefined;

/**
 * The plugin executable, written once per process into a temporary directory of its own that
 * is removed when the process exits, or before by `removePluginExecutable` (callers ask for it
 * per stack; one copy serves them all).
 */
export function pluginExecutable(): string {
  if (written) return written;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-bin-"));
  const executable = path.join(dir, PLUGIN_EXECUTABLE);
  fs.writeFileSync(executable, `#!/bin/sh\nexec "${process.execPath}" "${pluginMain()}" "$@"\n`, { mode: 0o755 });
  written = executable;
  process.once("exit", removePluginExecutable);
  return executable;
}

/**
 * Removes the plugin executable's directory (the next `pluginExecutable()` writes a new one).
 * For processes that end without an `exit` event, such as vitest's workers.
 */
export function removePluginExecutable(): void {
  if (!written) return;
  fs.rmSync(path.dirname(written), { recursive: true, force: true });
  written = undefined;
  process.removeListener("exit", removePluginExecutable);
}

/** PATH with the plugin executable's directory first, for the engine of stacks whose programs use the plugin. */
export function pluginPath(): string {
  return `${path.dirname(pluginExecutable())}${path.delimiter}${process.env.PATH ?? ""}`;
}
