// The provider plugin for e2e tests: a directory holding `pulumi-resource-integration-platform`
// (the installed package's bin, run by the Node running the tests), to put first on the
// engine's PATH, where it finds ambient plugins. Programs use the plugin's SDK from the
// installed package, as users do.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "./harness";

export type PluginSdk = typeof import("pulumi-integration-platform/plugin");
export const pluginSdk = (): PluginSdk => require("pulumi-integration-platform/plugin") as PluginSdk;

const installed = path.join(repoRoot, "node_modules", "pulumi-integration-platform");

/** The bin entry `package.json` declares for the plugin, in the installed package. */
export function pluginMain(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as { bin: Record<string, string> };
  return path.join(installed, manifest.bin["pulumi-resource-integration-platform"]!);
}

/** The installed package's version, which is the plugin's and its schema's. */
export function pluginVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as { version: string }).version;
}

/** A new temporary directory holding the plugin executable, a wrapper running the installed package's bin; its path. */
export function pluginExecutable(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-bin-"));
  const executable = path.join(dir, "pulumi-resource-integration-platform");
  fs.writeFileSync(executable, `#!/bin/sh\nexec "${process.execPath}" "${pluginMain()}" "$@"\n`, { mode: 0o755 });
  return executable;
}

/** Environment for stacks whose programs use the plugin: PATH with the plugin executable first. */
export function pluginEnv(): Record<string, string> {
  return { PATH: `${path.dirname(pluginExecutable())}${path.delimiter}${process.env.PATH ?? ""}` };
}
