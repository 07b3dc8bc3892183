/**
 * Refuses to run from a linked checkout. `npm install <folder>` and `npm link`
 * install a symlink, and Node loads the package from the checkout's real path,
 * outside any node_modules. Two things then break, late and obscurely:
 * Pulumi's closure serializer records a dynamic provider as
 * `require("pulumi-integration-platform/…")` only for a module under
 * node_modules, so it tries to copy the provider's code and every module it
 * uses into the state and fails at preview (`package.json export path for
 * "zod/v4/core/util.cjs" not found`); and the checkout's own node_modules give
 * the program a second @pulumi/pulumi. This check fails at once instead and
 * says how to install a copy. It uses Node's built-ins only, so it runs before
 * either can load.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

export class LinkedCheckoutError extends Error {
  constructor(message: string) {
    super(message);
    // Pulumi prints an uncaught error with util.inspect: a stack of only the message keeps the
    // output to what the user must do (no frames into the package).
    Object.defineProperty(this, "stack", { value: `${this.name}: ${message}`, enumerable: false });
  }
}
Object.defineProperty(LinkedCheckoutError.prototype, "name", { value: "LinkedCheckoutError" });

/**
 * Throws LinkedCheckoutError when `moduleFile` (dist/provider/index.js of this package, as
 * Node resolved it) is not inside a node_modules folder. Sources run by this repository's own
 * tests (`.ts`) are not the package and are let through.
 */
export function assertInstalledAsPackage(moduleFile: string): void {
  if (!moduleFile.endsWith(".js")) return;
  const segments = path.resolve(moduleFile).split(path.sep);
  if (segments.includes("node_modules")) return;
  const checkout = path.resolve(path.dirname(moduleFile), "..", "..");
  const tarball = path.join(checkout, "dist", `pulumi-integration-platform-${checkoutVersion(checkout)}.tgz`);
  throw new LinkedCheckoutError(
    `pulumi-integration-platform is loaded from ${checkout}, a folder outside node_modules: ` +
      "a linked checkout (`npm install <folder>` and `npm link` install a symlink). Pulumi cannot run " +
      "the provider from there: it records each resource's provider as " +
      'require("pulumi-integration-platform/...") only for a package under node_modules, and the ' +
      "checkout's own node_modules would load a second @pulumi/pulumi. Install a copy instead: build the " +
      "checkout (npm ci && npm run build), then run `npm install --install-links " +
      `${checkout}\` (npm packs the folder and installs it like a registry package), or install the ` +
      `tarball \`npm run build\` leaves there: \`npm install ${tarball}\`.`,
  );
}

function checkoutVersion(checkout: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(checkout, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "<version>";
  }
}
