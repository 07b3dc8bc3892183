// The package as users install it, in a program of their own outside the repository: from the
// tarball `npm pack` makes (what the registry would serve), from a linked checkout
// (`npm install <folder>`: refused at once, saying what to do) and from a checkout with
// --install-links (what that message advises). The policy pack runs from the installed package,
// in `pulumi preview` and `pulumi policy analyze`, with a config and with an unknown policy name.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import * as fs from "node:fs/promises";
import * as path from "node:path";
import { promisify } from "node:util";
import type { PreviewOptions } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureMessage } from "./failure";
import { createE2EStack, repoRoot, type E2EStack } from "./harness";
import { stateText, useTestPlatform } from "../support/platform";
import { createUserProgram, packedTarball, type UserProgram } from "./user-program";

const run = promisify(execFile);

describe("installing the package as users do", () => {
  const p = useTestPlatform();
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    // In reverse, one at a time (a stack's destroy loads its provider from the program's
    // node_modules, so the program goes after it), and every one runs: the first failure is
    // reported at the end.
    const failures: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => failures.push(err));
    if (failures.length > 0) throw failures[0];
  });

  async function stackOf(program: UserProgram): Promise<E2EStack> {
    const e2e = await createE2EStack({ program: { workDir: program.dir }, platform: p.config, config: { authConfigId: { value: p.authConfigId } } });
    cleanups.push(() => e2e.cleanup());
    return e2e;
  }

  describe("from the packed tarball", () => {
    let program: UserProgram;
    let e2e: E2EStack;
    let policyPack: string;

    /** Fails the preview and returns what it printed. */
    const failingPreview = (opts: PreviewOptions) => failureMessage(e2e.stack.preview(opts));

    async function configFile(name: string, config: object): Promise<string> {
      const file = path.join(program.dir, name);
      await fs.writeFile(file, JSON.stringify(config));
      return file;
    }

    /** `pulumi policy analyze` of the stack's state: the exit code and what it printed. */
    async function analyze(configPath?: string): Promise<{ code: number; output: string }> {
      const args = ["policy", "analyze", "--stack", e2e.stack.name, "--policy-pack", policyPack, "--non-interactive", "--color", "never"];
      if (configPath) args.push("--policy-pack-config", configPath);
      const env = { ...process.env, ...e2e.workspace.envVars, PULUMI_HOME: e2e.workspace.pulumiHome! };
      return run("pulumi", args, { cwd: program.dir, env }).then(
        ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
        (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: err.code ?? -1, output: `${err.stdout}${err.stderr}` }),
      );
    }

    beforeAll(async () => {
      expect(existsSync(packedTarball), `${packedTarball} is missing: run \`npm run build\``).toBe(true);
      program = await createUserProgram(packedTarball);
      cleanups.push(() => program.remove());
      policyPack = path.join(program.installedPackage, "policy");
      e2e = await stackOf(program);
    });

    it("installs one @pulumi/pulumi, goes up and records the provider by its package path", async () => {
      expect((await fs.lstat(program.installedPackage)).isSymbolicLink()).toBe(false);
      expect(await program.pulumiCopies()).toEqual([path.join(program.dir, "node_modules/@pulumi/pulumi")]);

      const up = await e2e.stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 3 });
      const serverId = String(up.outputs.mcpServerId?.value);
      expect((await p.client.mcp.get(serverId)).name).toBe("Installed Tools");
      // The provider by its package path, nothing of the repository's checkout.
      const state = await stateText(e2e);
      const reference = 'require(\\"pulumi-integration-platform/dist/provider/resources/mcp-server.provider.js\\")';
      expect(state.includes(reference), `the state holds ${reference}`).toBe(true);
      expect(state.includes(path.join(repoRoot, "dist")), "the state points into the checkout").toBe(false);
    });

    it("runs the policy pack from node_modules/pulumi-integration-platform/policy, with and without a config", async () => {
      const passing = await e2e.stack.preview({ policyPacks: [policyPack] });
      expect(passing.stdout).toContain("integration-platform");
      expect(passing.stdout).not.toMatch(/\[(mandatory|advisory)\]/);

      // The shipped strict config makes the signed URL lifetime mandatory and at most 900 s.
      const strict = path.join(policyPack, "examples/strict.json");
      const output = await failingPreview({ policyPacks: [policyPack], policyPackConfigs: [strict] });
      expect(output).toContain("signed-url-expiry-max");
      expect(output).toContain("signedUrlFileExpiryInSeconds is 1800, more than the allowed 900");
    });

    it("pulumi policy analyze checks the stack's state with the installed pack", async () => {
      const clean = await analyze();
      expect(clean.output).toContain("integration-platform");
      expect(clean.code).toBe(0);

      const strict = await analyze(path.join(policyPack, "examples/strict.json"));
      expect(strict.output).toContain("more than the allowed 900");
      expect(strict.code).not.toBe(0);
    });

    it("a config naming a policy the pack does not have fails, listing the pack's policies", async () => {
      const typo = await configFile("typo.json", { "require-2FA": "disabled" });
      const output = await failingPreview({ policyPacks: [policyPack], policyPackConfigs: [typo] });
      expect(output).toContain('names a policy that the pack "integration-platform" does not have: "require-2FA"');
      expect(output).toContain('"require-2fa"');
      expect(output).toContain('"trigger-connected-account-known"');

      const analyzed = await analyze(typo);
      expect(analyzed.code).not.toBe(0);
      expect(analyzed.output).toContain('does not have: "require-2FA"');

      // With knobs but no level, the engine itself refuses the entry before the pack sees it.
      const knobsOnly = await configFile("typo-knobs.json", { "require-2FA": { required: false } });
      expect(await failingPreview({ policyPacks: [policyPack], policyPackConfigs: [knobsOnly] })).toContain('invalid enforcement level ""');

      // "all" is the engine's key for every policy, not an unknown name.
      const all = await configFile("all.json", { all: "advisory" });
      await expect(e2e.stack.preview({ policyPacks: [policyPack], policyPackConfigs: [all] })).resolves.toBeDefined();
    });
  });

  it("a linked checkout (npm install <folder>) fails at once, saying how to install instead", async () => {
    const program = await createUserProgram(repoRoot, ["--install-links=false"]);
    cleanups.push(() => program.remove());
    expect((await fs.lstat(program.installedPackage)).isSymbolicLink()).toBe(true);
    const e2e = await stackOf(program);
    const output = await failureMessage(e2e.stack.preview());
    expect(output).toContain(`LinkedCheckoutError: pulumi-integration-platform is loaded from ${repoRoot}, a folder outside node_modules`);
    expect(output).toContain(`npm install --install-links ${repoRoot}`);
    expect(output).toContain(`npm install ${packedTarball}`);
    // It stops the program before anything is registered.
    expect(output).not.toContain("McpServer");
    expect(output).not.toContain("zod");
  });

  it("a checkout installed with --install-links (the advice) goes up", async () => {
    const program = await createUserProgram(repoRoot, ["--install-links"]);
    cleanups.push(() => program.remove());
    expect((await fs.lstat(program.installedPackage)).isSymbolicLink()).toBe(false);
    expect(await program.pulumiCopies()).toHaveLength(1);
    const e2e = await stackOf(program);
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
  });
});
