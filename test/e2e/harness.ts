// Helpers for e2e tests that drive the real Pulumi engine through the Automation API.
//
// Every stack gets its own temporary directory holding a file:// backend and PULUMI_HOME, so
// tests leave no global state and need no network beyond loopback. Always register
// `cleanup()` (afterAll/afterEach, or onTestFinished) right after creating a stack: it
// destroys what the stack still holds and removes the temporary directory, also when the
// test failed.
import { randomBytes } from "node:crypto";
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { type ConfigMap, LocalWorkspace, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";
import type * as PlatformSdk from "pulumi-integration-platform";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { stackConfigOf } from "../../provider/settings";
import type { PlatformConfig, TestPlatform } from "../support/platform";
import { localBackendEnv, useEngine } from "../../scripts/pulumi-engine";

export const repoRoot = path.resolve(__dirname, "../..");
export const fixturesDir = path.join(__dirname, "fixtures");

/** Set by global-setup.ts; null when the engine could not be had outside CI. */
const pulumiBinDir = inject("pulumiBinDir");
// PulumiCommand looks `pulumi` up on this process's PATH, and the language host and the
// dynamic-provider shim start the first `node` on it: the Node running the tests.
if (pulumiBinDir) useEngine(pulumiBinDir);

/** True when the real engine is available to this test run. */
export const engineAvailable = pulumiBinDir !== null;

export type Sdk = typeof PlatformSdk;
/**
 * The built package as a user installs it (`npm run build` puts it in node_modules).
 * Required inside programs, so that the engine's serializer finds its provider
 * modules in `require.cache` and stores `require(...)` of them.
 */
export const sdk = (): Sdk => require("pulumi-integration-platform") as Sdk;

export interface E2EStackOptions {
  /** An inline program, or the directory of a program with its own Pulumi.yaml. */
  program: PulumiFn | { workDir: string };
  /** Project name for inline programs (local programs take theirs from Pulumi.yaml). */
  projectName?: string;
  /** Defaults to a unique `e2e-<random>`. */
  stackName?: string;
  /** Sets `integration-platform:baseUrl`, `:apiKey` (secret) and `:orgApiKey` (secret). */
  platform?: PlatformConfig;
  /** Further config, e.g. `{ "e2e:greeting": { value: "hi" } }`. */
  config?: ConfigMap;
  /** Extra environment for every Pulumi command (and thus for the program and providers). */
  envVars?: Record<string, string>;
}

export interface E2EStack {
  stack: Stack;
  workspace: LocalWorkspace;
  /** Temporary directory holding backend state, PULUMI_HOME and (inline) the work dir. */
  tempDir: string;
  /** The environment the stack's Pulumi commands run with (backend, PULUMI_HOME), for a `pulumi` started by hand. */
  env: Record<string, string>;
  /** Destroys the stack's resources, removes the stack and the temporary directory. Idempotent. */
  cleanup(): Promise<void>;
}


/** Creates (or selects) a stack isolated in its own temporary directory. */
export async function createE2EStack(opts: E2EStackOptions): Promise<E2EStack> {
  if (!engineAvailable) {
    throw new Error(`the Pulumi engine is unavailable: ${inject("pulumiUnavailableReason")}`);
  }
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "pulumi-e2e-"));
  const stackName = opts.stackName ?? `e2e-${randomBytes(4).toString("hex")}`;
  const envVars: Record<string, string> = {
    ...localBackendEnv(path.join(tempDir, "state"), "e2e-passphrase"),
    ...opts.envVars,
  };
  const pulumiHome = path.join(tempDir, "home");
  await fs.mkdir(pulumiHome);

  let stack: Stack | undefined;
  let configFile: string | undefined;
  try {
    if (typeof opts.program === "function") {
      const workDir = path.join(tempDir, "work");
      await fs.mkdir(workDir);
      stack = await LocalWorkspace.createOrSelectStack(
        { stackName, projectName: opts.projectName ?? "e2e", program: opts.program },
        { workDir, pulumiHome, envVars },
      );
    } else {
      // The program runs in place so that its modules resolve from the repository's
      // node_modules exactly as a user's would; only Pulumi.<stack>.yaml is written there,
      // and cleanup removes it.
      const workDir = path.resolve(opts.program.workDir);
      // A stack file the repository already has (an example's per-stack config) is left in place.
      const stackFile = path.join(workDir, `Pulumi.${stackName}.yaml`);
      configFile = (await fs.stat(stackFile).catch(() => undefined)) ? undefined : stackFile;
      stack = await LocalWorkspace.createOrSelectStack({ stackName, workDir }, { pulumiHome, envVars });
    }
    // The keys as secrets, so they never reach the state in clear.
    const config = { ...(opts.platform ? stackConfigOf(opts.platform) : {}), ...opts.config };
    if (Object.keys(config).length > 0) await stack.setAllConfig(config);
  } catch (err) {
    await removeQuietly(tempDir, configFile);
    throw err;
  }

  const created = stack;
  let cleaned = false;
  return {
    stack: created,
    workspace: created.workspace as LocalWorkspace,
    tempDir,
    env: { ...envVars, PULUMI_HOME: pulumiHome },
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      let failure: unknown;
      try {
        await created.destroy();
        await created.workspace.removeStack(created.name);
      } catch (err) {
        failure = err;
      } finally {
        await removeQuietly(tempDir, configFile);
      }
      // A destroy that failed is a finding (a delete path that does not work), not noise.
      if (failure) throw failure;
    },
  };
}

async function removeQuietly(tempDir: string, configFile?: string): Promise<void> {
  await fs.rm(tempDir, { recursive: true, force: true });
  if (configFile) await fs.rm(configFile, { force: true });
}

/**
 * A stack made before the suite and cleaned up after it; its fields are set
 * once `beforeAll` ran. For suites that drive one program through several steps.
 */
export function useE2EStack(opts: () => E2EStackOptions): E2EStack {
  const ctx = {} as E2EStack;
  beforeAll(async () => {
    Object.assign(ctx, await createE2EStack(opts()));
  });
  afterAll(async () => ctx.cleanup?.());
  return ctx;
}

/** A suite's stack of `program` on the test platform `p` (see useE2EStack); `p.config` is read once the platform runs. */
export function usePlatformStack(p: TestPlatform, projectName: string, program: PulumiFn): E2EStack {
  return useE2EStack(() => ({ projectName, platform: p.config, program }));
}

/** Makes stacks inside a test (`const e2e = await makeStack({...})`) and cleans each up after the suite. */
export function useStackMaker(): (opts: E2EStackOptions) => Promise<E2EStack> {
  const made: E2EStack[] = [];
  afterAll(async () => {
    for (const e2e of made) await e2e.cleanup();
  });
  return async (opts) => {
    const e2e = await createE2EStack(opts);
    made.push(e2e);
    return e2e;
  };
}

/** `up` with the platform's request log cleared first, so `p.writes()` then holds this run's writes only. */
export async function upLogged(p: TestPlatform, e2e: E2EStack) {
  p.clearLog();
  return e2e.stack.up();
}

/** `up` of a new stack creates the resource and the `pulumi:pulumi:Stack` (two creates) with exactly one write, a POST: `create`. */
export async function expectUpCreates(p: TestPlatform, e2e: E2EStack, create: { route: string; bodyFields: string[] }) {
  const up = await upLogged(p, e2e);
  expect(up.summary.resourceChanges).toEqual({ create: 2 });
  expect(p.writes()).toEqual([{ method: "POST", ...create }]);
  return up;
}

/** A write the platform's request log holds: method, route and the names of the body's fields. */
export interface Write {
  method: string;
  route: string;
  bodyFields?: string[];
}

/** `up` after one input of the resource changed: it is updated in place with exactly `write` (a PATCH of only that field). */
export async function expectUpdatedInPlace(p: TestPlatform, e2e: E2EStack, write: Write) {
  const up = await upLogged(p, e2e);
  expect(up.summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(p.writes()).toEqual([write]);
  return up;
}

/**
 * After a change made out of band: refresh takes it into the state (one update), a preview then
 * plans to undo it, and `up` does so with exactly `writes`.
 */
export async function expectDriftUndone(p: TestPlatform, e2e: E2EStack, writes: Write[]): Promise<void> {
  await expectRefreshFinds(e2e, { update: 1 });
  expect((await e2e.stack.preview()).changeSummary).toMatchObject({ update: 1 });
  await upLogged(p, e2e);
  expect(p.writes()).toEqual(writes);
}

/**
 * `up` of a stack that adopts `id` (made outside Pulumi): the resource takes that id, the platform
 * sees exactly `writes` (no create), and a preview right after plans both resources unchanged.
 */
export async function expectAdopts(p: TestPlatform, e2e: E2EStack, id: string, writes: Write[]) {
  const up = await upLogged(p, e2e);
  expect(up.outputs.id?.value).toBe(id);
  expect(p.writes()).toEqual(writes);
  expect((await e2e.stack.preview()).changeSummary).toEqual({ same: 2 });
  return up;
}

/**
 * Adoption checks of a suite: `expectStackAdopts(projectName, id, program, writes)` makes a new stack of
 * `program` on `p` (a program declaring the object `id`, made outside Pulumi, with `adoptId`) and
 * checks expectAdopts on it. The stacks are cleaned up after the suite.
 */
export function useAdoptionChecks(p: TestPlatform) {
  const makeStack = useStackMaker();
  return async (projectName: string, id: string, program: PulumiFn, writes: Write[]) =>
    expectAdopts(p, await makeStack({ projectName, platform: p.config, program }), id, writes);
}

/** A preview that plans `same` resources unchanged and sends the platform no write. */
export async function expectNoWritePreview(p: TestPlatform, e2e: E2EStack, same: number): Promise<void> {
  p.clearLog();
  expect((await e2e.stack.preview()).changeSummary).toEqual({ same });
  expect(p.writes()).toEqual([]);
}

/** A preview that plans `same` resources unchanged without a single call to the platform, not even a read. */
export async function expectNoCallPreview(p: TestPlatform, e2e: E2EStack, same: number): Promise<void> {
  p.clearLog();
  expect((await e2e.stack.preview()).changeSummary).toEqual({ same });
  expect(p.platform.app.requestLog.count()).toBe(0);
}

/** refresh reports at least these changes (drift made out of band). */
export async function expectRefreshFinds(e2e: E2EStack, changes: Record<string, number>): Promise<void> {
  const refresh = await e2e.stack.refresh();
  expect(refresh.summary.resourceChanges).toMatchObject(changes);
}

/** destroy deletes `deletes` resources (the `pulumi:pulumi:Stack` among them), after which `lookup` answers 404. */
export async function expectDestroyed(e2e: E2EStack, deletes: number, lookup: () => Promise<unknown>): Promise<void> {
  const destroy = await e2e.stack.destroy();
  expect(destroy.summary.resourceChanges).toEqual({ delete: deletes });
  await expect(lookup()).rejects.toThrow(/404/);
}
