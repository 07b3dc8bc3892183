/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector-cli`, a devDependency, so it runs
 * offline from node_modules) connects to a declared server's mcp_url and lists its tools.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { type Harness, useHarness } from "./helpers";

const run = promisify(execFile);
const INSPECTOR = join(__dirname, "../../node_modules/.bin/mcp-inspector-cli");
/**
 * Run from the package's build folder: version 1.0.3 looks for its package.json with
 * `existsSync("../package.json")`, relative to the working directory, and imports the other
 * candidate (which does not exist) when that check fails.
 */
const INSPECTOR_CWD = join(__dirname, "../../node_modules/@modelcontextprotocol/inspector-cli/build");

let h: Harness;
useHarness(async (made) => {
  h = made;
  await h.app.listen({ host: "127.0.0.1", port: 0 });
});

async function inspect(url: string, ...extra: string[]): Promise<any> {
  const { stdout } = await run(INSPECTOR, ["--cli", url, "--transport", "http", "--method", "tools/list", ...extra], {
    timeout: 60_000,
    cwd: INSPECTOR_CWD,
    // The CLI starts its worker with the `node` on PATH: the project's own (node_modules/.bin) first.
    env: { ...process.env, PATH: `${join(__dirname, "../../node_modules/.bin")}:${process.env.PATH ?? ""}` },
  });
  return JSON.parse(stdout);
}

it("lists exactly the allowed tools of a declared server, with the project's key when it requires one", { timeout: 120_000 }, async () => {
  const github = await h.authConfig("github", "OAUTH2");
  const created = await h.call({
    method: "POST",
    url: "/api/v3/mcp/servers",
    apiKey: h.apiKey,
    body: { name: "Dev Tools", auth_config_ids: [github.id], allowed_tools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"] },
  });
  expect(created.status).toBe(201);
  const listed = await inspect(created.body.mcp_url);
  expect(listed.tools.map((tool: any) => tool.name)).toEqual(["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"]);
  expect(listed.tools[0].inputSchema.required).toEqual(["owner", "repo", "title"]);

  expect((await h.call({ method: "PATCH", url: "/api/v3/org/project/config", apiKey: h.apiKey, body: { require_mcp_api_key: true } })).status).toBe(200);
  await expect(inspect(created.body.mcp_url)).rejects.toThrow(/401/);
  const withKey = await inspect(created.body.mcp_url, "--header", `x-api-key: ${h.apiKey}`);
  expect(withKey.tools).toHaveLength(2);
});
