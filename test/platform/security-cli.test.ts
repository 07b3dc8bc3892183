/**
 * Findings 6 and 4 of issue 14 as users meet them, through the CLI (dist/platform/cli.js):
 * `--log` never writes a key or a secret-looking query value, and a start-up with a revoked
 * remembered key fails with a message naming the variable.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTED, redactUrl } from "../../platform/http/log-redaction";
import { CLI, ensureBuilt } from "./build";

const children: ChildProcessWithoutNullStreams[] = [];
let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "ip-cli-sec-"));
}, 120_000);
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const clean = { ...process.env };
  delete clean.INTEGRATION_PLATFORM_ORG_API_KEY;
  delete clean.INTEGRATION_PLATFORM_API_KEY;
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...clean, ...env } });
  children.push(child);
  return child;
}

async function firstLine(child: ChildProcessWithoutNullStreams): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once("line", (line) => {
      rl.close();
      resolve(JSON.parse(line));
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before its first line`)));
  });
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve)));

describe("redactUrl", () => {
  it("replaces secret-looking values, also inside a URL-valued parameter, and keeps the rest", () => {
    expect(redactUrl("/api/v3/toolkits?api_key=ipk_abc&limit=2&token=t0k&code=c0de&client_secret=s")).toBe(
      `/api/v3/toolkits?api_key=${REDACTED}&limit=2&token=${REDACTED}&code=${REDACTED}&client_secret=${REDACTED}`,
    );
    const nested = redactUrl(`/x?redirect_url=${encodeURIComponent("https://app.example/cb?access_token=AT123&state=ok")}`);
    expect(decodeURIComponent(nested)).toBe(`/x?redirect_url=https://app.example/cb?access_token=${REDACTED}&state=ok`);
    expect(redactUrl("/plain/path")).toBe("/plain/path");
    expect(redactUrl("/x?Password=p%ZZ")).toBe(`/x?Password=${REDACTED}`);
  });
});

describe("--log", () => {
  it("never writes a key, a token or a redirect URL's token", async () => {
    const child = run(["serve", "--port", "0", "--db", ":memory:", "--seed", "demo", "--log"]);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const first = await firstLine(child);
    const apiKey = first.apiKey!;
    const secrets = [apiKey, first.orgApiKey!, "T0KEN-SECRET-1", "C0DE-SECRET-2", "REDIRECT-TOKEN-3", "PW-SECRET-4"];
    await fetch(`${first.url}/api/v3/toolkits?api_key=${apiKey}&token=T0KEN-SECRET-1&limit=1`, { headers: { "x-api-key": apiKey } });
    await fetch(`${first.url}/_local/health?code=C0DE-SECRET-2&password=PW-SECRET-4`);
    await fetch(`${first.url}/_local/requests`, { headers: { "x-org-api-key": first.orgApiKey! } });
    const callback = encodeURIComponent("https://app.example/done?token=REDIRECT-TOKEN-3");
    await fetch(`${first.url}/api/v3/connected_accounts/ca_missing/refresh?redirect_url=${callback}`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: "{}",
    });
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    expect(stderr).toContain("incoming request");
    expect(stderr).toContain(REDACTED);
    for (const secret of secrets) expect(stderr).not.toContain(secret);
  });
});

describe("start-up with a revoked remembered key", () => {
  it("exits 1 with a message naming INTEGRATION_PLATFORM_API_KEY", async () => {
    const db = join(dir, "revoked.db");
    const apiKey = "ipk_" + "V".repeat(40);
    const orgKey = "iok_" + "W".repeat(40);
    const first = run(["serve", "--port", "0", "--db", db, "--seed", "demo"], { INTEGRATION_PLATFORM_API_KEY: apiKey, INTEGRATION_PLATFORM_ORG_API_KEY: orgKey });
    const line = await firstLine(first);
    const regenerated = await fetch(`${line.url}/api/v3/org/owner/project/${line.projectId}/regenerate_api_key`, { method: "POST", headers: { "x-org-api-key": orgKey } });
    expect(regenerated.status).toBe(200);
    first.kill("SIGTERM");
    expect(await exited(first)).toBe(0);

    const again = run(["serve", "--port", "0", "--db", db], { INTEGRATION_PLATFORM_API_KEY: apiKey });
    let stderr = "";
    again.stderr.on("data", (chunk) => (stderr += chunk));
    expect(await exited(again)).toBe(1);
    expect(stderr).toContain("INTEGRATION_PLATFORM_API_KEY");
    expect(stderr).toContain("revoked");
    expect(stderr).not.toContain("UNIQUE");
    expect(stderr).not.toContain(apiKey);
  });
});
