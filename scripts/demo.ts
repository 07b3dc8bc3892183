/**
 * The demo (`npm run demo`): a local platform with a temporary store, the real
 * Pulumi engine, and examples/quickstart taken through up (a whole project
 * from nothing) → an end user connects GitHub → up (a trigger on that
 * connection) → an event fired and received, its signature verified →
 * one-field update → a policy check stopping a bad name → destroy. Leaves
 * nothing running.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { startPlatform, type RunningPlatform } from "../platform";
import { stackConfigOf } from "../provider/settings";
import { connectEndUser, fireTriggerEvent } from "./end-user";
import { ensurePulumi, localBackendEnv, repoRoot, useEngine } from "./pulumi-engine";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

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
  let receiver: WebhookReceiver | undefined;
  try {
    step("Starting the local platform with a temporary store");
    platform = await startPlatform({ db: path.join(tempDir, "platform.db"), seed: "demo" });
    const { url, orgApiKey } = platform;
    if (!orgApiKey) throw new Error("the demo seed did not hand out an organization key");
    info(`listening on ${url}; the stack starts from the organization key alone`);

    step("Making the Pulumi engine available");
    useEngine(await ensurePulumi());

    step("Starting a webhook receiver on 127.0.0.1 (verifies Standard Webhooks signatures)");
    receiver = await startWebhookReceiver();
    info(`receiving at ${receiver.url}`);

    step("pulumi up: examples/quickstart declares a whole project from nothing");
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: STACK, workDir: quickstart },
      { envVars: localBackendEnv(path.join(tempDir, "state"), "demo-passphrase") },
    );
    await stack.setAllConfig({
      ...stackConfigOf({ baseUrl: url, orgApiKey }),
      githubClientId: { value: "Iv1.demo-app" },
      githubClientSecret: { value: "demo-client-secret-0000", secret: true },
      webhookUrl: { value: receiver.url },
    });
    const up = await stack.up({ onOutput: engineOutput, color: "never" });
    info(`created: ${up.summary.resourceChanges?.create ?? 0} resources`);
    for (const [name, output] of Object.entries(up.outputs)) info(`${name} = ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);
    const apiKey = String(up.outputs.projectApiKey?.value);
    receiver.useSecret(String(up.outputs.webhookSecret?.value));

    step("An end user, alice, connects GitHub (outside the program: her app and browser)");
    const accountId = await connectEndUser(url, apiKey, String(up.outputs.authConfigId?.value), "alice");
    info(`connected account ${accountId} (ACTIVE)`);

    step("pulumi up with githubUser=alice: getConnectedAccounts finds her connection, a trigger listens on it");
    await stack.setConfig("githubUser", { value: "alice" });
    const withTrigger = await stack.up({ onOutput: engineOutput, color: "never" });
    const triggerId = String(withTrigger.outputs.triggerId?.value);
    info(`created: ${withTrigger.summary.resourceChanges?.create ?? 0} resource; trigger ${triggerId}`);

    step("A commit event fires on the trigger; the receiver verifies its signature");
    const fired = await fireTriggerEvent(url, apiKey, triggerId);
    info(`platform: ${fired.status} (delivery ${fired.delivery_id ?? "none"})`);
    const event = await receiver.next();
    info(`received and verified: ${event.type} ${event.id} for ${event.metadata.user_id} on ${event.metadata.trigger_slug}: ${JSON.stringify(event.data["message"])}`);
    if (receiver.rejected > 0) throw new Error(`the receiver rejected ${receiver.rejected} deliveries`);

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
    await receiver?.close();
    await platform?.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`\ndemo failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
