/**
 * The demo (`npm run demo`): a local platform with a temporary store, the real
 * Pulumi engine, and examples/quickstart taken through up → one-field update →
 * a policy check stopping a bad name → destroy. Leaves nothing running.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { createLocalAuthConfig, startPlatform, type RunningPlatform } from "../platform";
import { IntegrationPlatformClient } from "../provider/client";
import { stackConfigOf } from "../provider/settings";
import { ensurePulumi, localBackendEnv, repoRoot, useEngine } from "./pulumi-engine";

const STACK = "demo";
const quickstart = path.join(repoRoot, "examples", "quickstart");
// The pack as users run it: from the installed package (`npm run build` installs the tarball).
const policyPack = path.join(repoRoot, "node_modules", "pulumi-integration-platform", "policy");

let stepNo = 0;
function step(text: string): void {
  console.log(`\n\x1b[1m[${++stepNo}] ${text}\x1b[0m`);
}
function info(text: string): void {
  console.log(`    ${text}`);
}
/** Engine output, indented so the demo's own lines stand out. */
const engineOutput = (chunk: string) => process.stdout.write(chunk.replace(/^(?=.)/gm, "    │ "));

async function main(): Promise<void> {
  const tempDir = await mkdtemp(path.join(tmpdir(), "integration-platform-demo-"));
  let platform: RunningPlatform | undefined;
  let stack: Stack | undefined;
  try {
    step("Starting the local platform with a temporary store");
    platform = await startPlatform({ db: path.join(tempDir, "platform.db"), seed: "demo" });
    const { url, apiKey, orgApiKey, projectId } = platform;
    if (!apiKey || !orgApiKey || !projectId) throw new Error("the demo seed did not hand out keys");
    info(`listening on ${url}; demo project ${projectId}`);

    step("Making the Pulumi engine available");
    useEngine(await ensurePulumi());

    step("Connecting a GitHub account for user alice (API calls a user's app would make)");
    const authConfigId = await createLocalAuthConfig(url, orgApiKey, { project_id: projectId, toolkit: "github" });
    const client = new IntegrationPlatformClient({ baseUrl: url, apiKey });
    const account = await client.connectedAccounts.create({ auth_config: { id: authConfigId }, connection: { user_id: "alice" } });
    info(`auth config ${authConfigId}, connected account ${account.id} (${account.status})`);

    step("pulumi up: examples/quickstart");
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: STACK, workDir: quickstart },
      { envVars: localBackendEnv(path.join(tempDir, "state"), "demo-passphrase") },
    );
    await stack.setAllConfig({
      ...stackConfigOf({ baseUrl: url, apiKey }),
      githubAuthConfigId: { value: authConfigId },
      githubConnectedAccountId: { value: account.id },
    });
    const up = await stack.up({ onOutput: engineOutput, color: "never" });
    info(`created: ${up.summary.resourceChanges?.create ?? 0} resources`);
    for (const [name, output] of Object.entries(up.outputs)) info(`${name} = ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);

    step("Changing one input: serverName 'Dev Tools' → 'Dev Tools Prod'");
    platform.app.requestLog.clear();
    await stack.setConfig("serverName", { value: "Dev Tools Prod" });
    const update = await stack.up({ onOutput: engineOutput, color: "never" });
    const patches = platform.app.requestLog.entries({ route: "updateMcpServer" });
    info(`updated: ${update.summary.resourceChanges?.update ?? 0} resource; API writes: ${patches.length} PATCH ${patches.map((p) => p.path).join(", ")}`);

    step("Policy pack: a preview with the bad name 'MCP!' is stopped before any API call");
    await stack.setConfig("serverName", { value: "MCP!" });
    platform.app.requestLog.clear();
    try {
      await stack.preview({ policyPacks: [policyPack], color: "never" });
      throw new Error("the policy pack let a bad MCP server name through");
    } catch (err) {
      const text = String((err as { stdout?: string }).stdout ?? "") + String((err as { stderr?: string }).stderr ?? err);
      const lines = text.split("\n").map((line) => line.trim());
      // The pack's mandatory policy and the provider's own check both refuse the name.
      const policy = lines.findIndex((line) => line.includes("mcp-server-name-format"));
      if (policy < 0) throw err;
      info(`policy pack: ${lines.slice(policy, policy + 3).filter(Boolean).join(" ")}`);
      const check = lines.find((line) => line.includes("has a problem"));
      if (check) info(`provider check: ${check.replace(/^.*has a problem: /, "")}`);
      info(`API calls made by the preview: ${platform.app.requestLog.count({ method: "POST" }) + platform.app.requestLog.count({ method: "PATCH" })} writes`);
    }
    await stack.setConfig("serverName", { value: "Dev Tools Prod" });

    step("pulumi destroy");
    const destroy = await stack.destroy({ onOutput: engineOutput, color: "never" });
    info(`deleted: ${destroy.summary.resourceChanges?.delete ?? 0} resources`);
    await stack.workspace.removeStack(STACK);
    stack = undefined;
    console.log("\nDemo complete: the platform, the stack and its temporary state are gone.");
  } finally {
    if (stack) await stack.workspace.removeStack(STACK, { force: true }).catch(() => undefined);
    await platform?.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`\ndemo failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
