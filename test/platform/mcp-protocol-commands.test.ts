/**
 * The `commands` of an MCP server: only runnable forms, built from the platform's own address
 * (never the Host header), and safe to paste into a shell whatever the input.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clientName, mcpCommands, shellWord } from "../../platform/mcp-protocol/setup-commands";
import { harness, type Harness } from "./helpers";

/** Runs `command` in sh with `claude` defined as a function printing its arguments, each ended by a NUL. */
function argumentsOf(command: string, env: Record<string, string> = {}): string[] {
  const out = execFileSync("sh", ["-c", `claude() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}`], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  return out.split("\0").slice(0, -1);
}

describe("setup commands", () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), "mcp-commands-"));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it("quotes any word so that a POSIX shell reads it back unchanged and runs nothing of it", () => {
    const marker = join(scratch, "pwn");
    const hostile = [`x";touch${"${IFS}"}${marker};echo"`, `'; touch ${marker}; '`, `$(touch ${marker})`, "`touch " + marker + "`", "a\nb", ""];
    for (const word of hostile) expect(argumentsOf(`claude ${shellWord(word)}`)).toEqual([word]);
    fc.assert(
      fc.property(fc.string({ unit: "binary" }).filter((s) => !s.includes("\0") && Buffer.from(s, "utf8").toString("utf8") === s), (word) => {
        expect(argumentsOf(`claude ${shellWord(word)}`)).toEqual([word]);
      }),
      { numRuns: 40 },
    );
    expect(existsSync(marker)).toBe(false);
  });

  it("gives Claude Code, Cursor and generic JSON forms, with the key from the environment when the project requires it", () => {
    const url = "http://127.0.0.1:4000/v3/mcp/mcp_abc/mcp";
    const open = mcpCommands(url, "Dev Tools", false);
    expect(argumentsOf(open.claude!)).toEqual(["mcp", "add", "--transport", "http", "dev-tools", url]);
    const cursor = new URL(open.cursor!);
    expect(`${cursor.protocol}//${cursor.host}${cursor.pathname}`).toBe("cursor://anysphere.cursor-deeplink/mcp/install");
    expect(cursor.searchParams.get("name")).toBe("dev-tools");
    expect(JSON.parse(Buffer.from(cursor.searchParams.get("config")!, "base64").toString("utf8"))).toEqual({ url });
    expect(JSON.parse(open.json!)).toEqual({ mcpServers: { "dev-tools": { type: "http", url } } });

    const locked = mcpCommands(url, "Dev Tools", true);
    expect(argumentsOf(locked.claude!, { INTEGRATION_PLATFORM_API_KEY: "ipk_secret" })).toEqual([
      "mcp", "add", "--transport", "http", "dev-tools", url, "--header", "x-api-key: ipk_secret",
    ]);
    const lockedCursor = JSON.parse(Buffer.from(new URL(locked.cursor!).searchParams.get("config")!, "base64").toString("utf8"));
    expect(lockedCursor).toEqual({ url, headers: { "x-api-key": "${env:INTEGRATION_PLATFORM_API_KEY}" } });
    expect(JSON.parse(locked.json!).mcpServers["dev-tools"].headers).toEqual({ "x-api-key": "${INTEGRATION_PLATFORM_API_KEY}" });
    for (const command of Object.values(locked)) expect(command).not.toContain("npx");
  });

  it("names the server for clients by a slug that never starts with a hyphen", () => {
    expect(clientName("Dev Tools")).toBe("dev-tools");
    expect(clientName("--help me")).toBe("help-me");
    expect(clientName("----")).toBe("integration-platform");
  });
});

describe("URLs handed out", () => {
  let h: Harness;
  afterEach(async () => h.close());

  it("come from the bound address, never from the Host header", async () => {
    h = await harness();
    await h.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = h.app.server.address() as { port: number };
    const github = await h.authConfig("github", "OAUTH2");
    const hostile = 'x";touch${IFS}/tmp/pwn;echo"';
    const answer = await h.call({
      method: "POST",
      url: "/api/v3/mcp/servers",
      apiKey: h.apiKey,
      headers: { host: hostile },
      body: { name: "Dev Tools", auth_config_ids: [github.id] },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.mcp_url).toBe(`http://127.0.0.1:${port}/v3/mcp/${answer.body.id}/mcp`);
    for (const command of Object.values(answer.body.commands as Record<string, string>)) {
      expect(command).not.toContain("touch");
      expect(command).not.toContain("pwn");
    }
  });

  it("come from the public URL when one is configured", async () => {
    h = await harness({ publicUrl: "https://platform.example.com/" });
    const github = await h.authConfig("github", "OAUTH2");
    const answer = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, headers: { host: "evil.example" }, body: { name: "Dev Tools", auth_config_ids: [github.id] } });
    expect(answer.body.mcp_url).toBe(`https://platform.example.com/v3/mcp/${answer.body.id}/mcp`);
    expect(answer.body.commands.claude).toContain("https://platform.example.com/v3/mcp/");
  });
});
