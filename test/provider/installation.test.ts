import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { LinkedCheckoutError, assertInstalledAsPackage } from "../../provider/installation";

describe("refusing a linked checkout", () => {
  it("lets the package load from node_modules (npm, pnpm) and the repository's sources run", () => {
    expect(() => assertInstalledAsPackage("/app/node_modules/pulumi-integration-platform/dist/provider/index.js")).not.toThrow();
    expect(() =>
      assertInstalledAsPackage("/app/node_modules/.pnpm/pulumi-integration-platform@0.1.0/node_modules/pulumi-integration-platform/dist/provider/index.js"),
    ).not.toThrow();
    expect(() => assertInstalledAsPackage(path.join(__dirname, "../../provider/index.ts"))).not.toThrow();
  });

  it("fails from a checkout outside node_modules, naming it and the two ways to install a copy", () => {
    const load = () => assertInstalledAsPackage("/home/me/src/pulumi-integration-platform/dist/provider/index.js");
    expect(load).toThrow(LinkedCheckoutError);
    expect(load).toThrow("pulumi-integration-platform is loaded from /home/me/src/pulumi-integration-platform, a folder outside node_modules");
    expect(load).toThrow("npm install --install-links /home/me/src/pulumi-integration-platform");
    // The version comes from the checkout's package.json; this one does not exist.
    expect(load).toThrow("npm install /home/me/src/pulumi-integration-platform/dist/pulumi-integration-platform-<version>.tgz");
  });

  it("prints as its message alone, without frames: Pulumi shows an uncaught error with util.inspect", async () => {
    const { inspect } = await import("node:util");
    expect(inspect(new LinkedCheckoutError("install a copy"))).toBe("[LinkedCheckoutError: install a copy]");
  });
});
