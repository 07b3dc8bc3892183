/** The CLI as users run it: dist/platform/cli.js under Node 24, first stdout line, signals, flags. */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DB, parseCommandLine, UsageError } from "../../platform/cli";
import { CliProcesses, ensureBuilt, exited } from "./build";

const cli = new CliProcesses();
const dirs: string[] = [];
const run = (args: string[], env: Record<string, string> = {}) => cli.run(args, env);
const start = (args: string[], env: Record<string, string> = {}) => cli.start(args, env);
const exitOf = async (child: ChildProcessWithoutNullStreams): Promise<number | null> => (await exited(child)).code;

async function finish(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = run(args);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => (stdout += c));
  child.stderr.on("data", (c) => (stderr += c));
  const code = await exitOf(child);
  return { code, stdout, stderr };
}

beforeAll(() => {
  ensureBuilt();
}, 120_000);

afterAll(async () => {
  await cli.killAll();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("integration-platform-local serve", () => {
  it("prints the URL and keys as the first line, serves requests, and exits 0 on SIGTERM", async () => {
    const { child, first, stderr } = await start(["serve", "--port", "0", "--db", ":memory:", "--seed", "demo"]);
    expect(Object.keys(first)).toEqual(["url", "orgApiKey", "projectId", "apiKey"]);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const session = await fetch(`${first.url}/api/v3/auth/session/info`, { headers: { "x-api-key": first.apiKey! } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { project: { id: string } }).project.id).toBe(first.projectId);
    const projects = await fetch(`${first.url}/api/v3/org/owner/project/list`, { headers: { "x-org-api-key": first.orgApiKey! } });
    expect(((await projects.json()) as { total_items: number }).total_items).toBe(1);
    const servers = await fetch(`${first.url}/api/v3/mcp/app/github`, { headers: { "x-api-key": first.apiKey! } });
    expect(((await servers.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(stderr()).toContain("listening on");
    expect(stderr()).not.toContain(first.apiKey!);
    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(0);
  });

  it("keeps data in a file database; later runs show keys only when given in the environment", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ip-cli-"));
    dirs.push(dir);
    const db = join(dir, "state", "platform.db");
    const orgApiKey = "iok_" + "A".repeat(40);
    const apiKey = "ipk_" + "B".repeat(40);
    const one = await start(["serve", "--port", "0", "--db", db, "--seed", "demo"], {
      INTEGRATION_PLATFORM_ORG_API_KEY: orgApiKey,
      INTEGRATION_PLATFORM_API_KEY: apiKey,
    });
    expect(one.first).toMatchObject({ orgApiKey, apiKey });
    const created = await fetch(`${one.first.url}/api/v3/mcp/servers`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "Kept Server", auth_config_ids: [] }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    one.child.kill("SIGINT");
    expect(await exitOf(one.child)).toBe(0);

    const two = await start(["serve", "--port", "0", "--db", db]);
    expect(Object.keys(two.first)).toEqual(["url", "projectId"]);
    expect(two.first.projectId).toBe(one.first.projectId);
    await new Promise((r) => setTimeout(r, 100));
    expect(two.stderr()).toMatch(/stored hashed/);
    const got = await fetch(`${two.first.url}/api/v3/mcp/${id}`, { headers: { "x-api-key": apiKey } });
    expect(got.status).toBe(200);
    two.child.kill("SIGTERM");
    expect(await exitOf(two.child)).toBe(0);

    const three = await start(["serve", "--port", "0", "--db", db], { INTEGRATION_PLATFORM_ORG_API_KEY: orgApiKey, INTEGRATION_PLATFORM_API_KEY: apiKey });
    expect(three.first).toMatchObject({ orgApiKey, apiKey, projectId: one.first.projectId });
    three.child.kill("SIGTERM");
    expect(await exitOf(three.child)).toBe(0);
  });

  it("prints help and refuses bad flags with exit code 2", async () => {
    const help = await finish(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("integration-platform-local serve");
    for (const args of [["serve", "--port", "abc"], ["serve", "--bogus"], ["serve", "--seed", "lots"], ["launch"], []]) {
      const bad = await finish(args);
      expect(bad.code, args.join(" ")).toBe(2);
      expect(bad.stderr).toContain("--help");
    }
  });
});

describe("parseCommandLine", () => {
  it("applies defaults and reads chaos from the flag or the environment", () => {
    expect(parseCommandLine(["serve"], {})).toEqual({
      command: "serve",
      options: { port: 8080, host: "127.0.0.1", db: DEFAULT_DB, seed: "none", requestTimeoutSeconds: 30, maxConnections: 1024, log: false },
    });
    const chaos = parseCommandLine(["serve", "--chaos", "rate429=0.5"], {});
    expect(chaos.command === "serve" && chaos.options.chaos).toEqual({ rate429: 0.5 });
    const fromEnv = parseCommandLine(["serve"], { INTEGRATION_PLATFORM_CHAOS: "rate503=0.1,seed=3" });
    expect(fromEnv.command === "serve" && fromEnv.options.chaos).toEqual({ rate503: 0.1, seed: 3 });
    expect(() => parseCommandLine(["serve", "--chaos", "rate429=7"], {})).toThrow(UsageError);
    expect(() => parseCommandLine(["serve", "--port", "70000"], {})).toThrow(/--port/);
    expect(() => parseCommandLine(["serve", "--public-url", "ftp://x"], {})).toThrow(/--public-url/);
    expect(parseCommandLine(["-h"], {})).toEqual({ command: "help" });
  });
});
