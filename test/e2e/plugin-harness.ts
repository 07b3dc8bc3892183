// The provider plugin for e2e tests: the installed package's plugin executable
// (scripts/plugin-executable.ts) first on the engine's PATH, where it finds ambient plugins.
// Programs use the plugin's SDK from the installed package, as users do.
import { afterAll } from "vitest";
import { pluginPath, removePluginExecutable } from "../../scripts/plugin-executable";

// vitest ends its worker processes without an `exit` event, so the executable's directory goes
// with the test file that used it.
afterAll(removePluginExecutable);

export { PLUGIN_EXECUTABLE, pluginExecutable, pluginMain, pluginVersion } from "../../scripts/plugin-executable";

export type PluginSdk = typeof import("pulumi-integration-platform/plugin");
export const pluginSdk = (): PluginSdk => require("pulumi-integration-platform/plugin") as PluginSdk;

/** Environment for stacks whose programs use the plugin: PATH with the plugin executable first. */
export function pluginEnv(): Record<string, string> {
  return { PATH: pluginPath() };
}
