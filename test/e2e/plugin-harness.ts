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

/** A bin entry `package.json` declares (default: the plugin's), in the installed package. */
export function pluginMain(bin = "pulumi-resource-integration-platform"): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as { bin: Record<string, string> };
  return path.join(installed, manifest.bin[bin]!);
}

/** Environment for stacks whose programs use the plugin: PATH with the plugin executable first. */
export function pluginEnv(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-bin-"));
  const executable = path.join(dir, "pulumi-resource-integration-platform");
  fs.writeFileSync(executable, `#!/bin/sh\nexec "${process.execPath}" "${pluginMain()}" "$@"\n`, { mode: 0o755 });
  return { PATH: `${dir}${path.delimiter}${process.env.PATH ?? ""}` };
}
