// The policy pack `integration-platform` under the real engine, run from the installed package
// as users run it: `pulumi preview --policy-pack node_modules/pulumi-integration-platform/policy
// [--policy-pack-config <file>]` through the Automation API (`npm run build` installs the packed
// tarball there).
//
// The program declares resources of the provider's type tokens with a trivial dynamic
// provider of its own: a policy sees only a resource's type and props, so this does not
// depend on the real provider or a platform, and nothing is ever created (preview only).
import * as fs from "node:fs/promises";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { PreviewOptions } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_MODULE, type TYPE_TOKENS } from "../../provider/resources/tokens";
import { failureMessage } from "./failure";
import { createE2EStack, type E2EStack, repoRoot } from "./harness";

const policyPack = path.join(repoRoot, "node_modules/pulumi-integration-platform/policy");
const strictConfig = path.join(policyPack, "examples/strict.json");

// Serialized into state and run in pulumi-resource-pulumi-nodejs: must capture nothing.
const fakeProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs: Record<string, unknown>) {
    return { id: "fake", outs: { ...inputs, computed: "not a valid name!" } };
  },
};

/** A resource with one of the provider's type tokens (pulumi-nodejs:dynamic/integration-platform:<kind>). */
class Fake extends pulumi.dynamic.Resource {
  declare readonly computed: pulumi.Output<string>;

  constructor(kind: keyof typeof TYPE_TOKENS | "Helper", name: string, props: Record<string, pulumi.Input<unknown>>) {
    super(fakeProvider, name, { ...props, computed: undefined }, undefined, RESOURCE_MODULE, kind);
  }
}

interface Variant {
  config?: Record<string, pulumi.Input<unknown>>;
  server?: Record<string, pulumi.Input<unknown>>;
  /** A second MCP server with this name. */
  secondServerName?: string;
  /** Name the server with an output not known at preview (invalid once known: "not a valid name!"). */
  unknownServerName?: boolean;
  /** The trigger's connected account id (default: one the stack exports). */
  connectedAccountId?: string;
}

/** A stack that meets every policy with the default config, changed by the variant. */
function declare(variant: Variant): Record<string, unknown> {
  new Fake("Project", "main", { name: "e2e project" });
  new Fake("ProjectConfig", "config", {
    is2FAEnabled: true,
    maskSecretKeysInConnectedAccount: true,
    logVisibilitySetting: "dont_store_data",
    requireMcpApiKey: true,
    signedUrlFileExpiryInSeconds: 600,
    logoUrl: "https://example.com/logo.png",
    ...variant.config,
  });
  const name = variant.unknownServerName ? new Fake("Helper", "helper", {}).computed : "GitHub issues";
  new Fake("McpServer", "server", {
    name,
    authConfigIds: ["ac_github"],
    toolkits: ["github"],
    allowedTools: ["GITHUB_CREATE_ISSUE"],
    ...variant.server,
  });
  if (variant.secondServerName) {
    new Fake("McpServer", "server-2", {
      name: variant.secondServerName,
      authConfigIds: ["ac_github"],
      toolkits: ["github"],
      allowedTools: ["GITHUB_LIST_ISSUES"],
    });
  }
  new Fake("TriggerInstance", "trigger", { triggerName: "GITHUB_COMMIT_EVENT", connectedAccountId: variant.connectedAccountId ?? "ca_e2e" });
  return { connectedAccountIds: ["ca_e2e"] };
}

describe("policy pack integration-platform under the real engine", () => {
  let env: E2EStack;
  let variant: Variant = {};

  beforeAll(async () => {
    env = await createE2EStack({ program: async () => declare(variant), projectName: "e2e-policy" });
  });
  afterAll(async () => env?.cleanup());

  async function preview(v: Variant, opts: PreviewOptions = {}) {
    variant = v;
    return env.stack.preview({ policyPacks: [policyPack], ...opts });
  }

  /** Runs a preview that must fail and returns everything it printed. */
  function failingPreview(v: Variant, opts: PreviewOptions = {}): Promise<string> {
    return failureMessage(preview(v, opts));
  }

  async function configFile(name: string, config: object): Promise<string> {
    const file = path.join(env.tempDir, name);
    await fs.writeFile(file, JSON.stringify(config));
    return file;
  }

  it("passes a compliant stack and reports no violation", async () => {
    const result = await preview({});
    expect(result.stdout).toContain("integration-platform");
    expect(result.stdout).not.toMatch(/\[(mandatory|advisory)\]/);
    expect(result.changeSummary).toMatchObject({ create: 5 }); // the stack and four resources
  });

  it("fails preview on a mandatory violation, with the policy's name and message", async () => {
    const output = await failingPreview({ server: { name: "gh!" } });
    expect(output).toContain("mandatory");
    expect(output).toContain("mcp-server-name-format");
    expect(output).toContain('MCP server name "gh!" is not accepted');
  });

  it("fails preview on a mandatory stack rule", async () => {
    const output = await failingPreview({ secondServerName: "github ISSUES" });
    expect(output).toContain("mcp-server-names-unique");
    expect(output).toContain('McpServer "server-2" is named "github ISSUES", like McpServer "server"');
  });

  it("prints an advisory violation and lets preview pass", async () => {
    const result = await preview({ config: { signedUrlFileExpiryInSeconds: 7200 } });
    expect(result.stdout).toContain("advisory");
    expect(result.stdout).toContain("signed-url-expiry-max");
    expect(result.stdout).toContain("signedUrlFileExpiryInSeconds is 7200, more than the allowed 3600");
    expect(result.stdout).not.toContain("[mandatory]");
  });

  it("an advisory stack rule: a trigger's connected account the stack does not know of", async () => {
    const result = await preview({ connectedAccountId: "ca_stray" });
    expect(result.stdout).toContain("trigger-connected-account-known");
    expect(result.stdout).toContain('TriggerInstance "trigger" uses connected account "ca_stray"');
    expect(result.stdout).not.toContain("[mandatory]");
  });

  it("--policy-pack-config makes the advisory rule mandatory and stricter (examples/strict.json)", async () => {
    const output = await failingPreview(
      { config: { signedUrlFileExpiryInSeconds: 7200 } },
      { policyPackConfigs: [strictConfig] },
    );
    expect(output).toContain("signed-url-expiry-max");
    expect(output).toContain("more than the allowed 900");
    expect(output).toContain("mandatory");
  });

  it("--policy-pack-config can relax a mandatory rule", async () => {
    const v: Variant = { config: { is2FAEnabled: false } };
    const output = await failingPreview(v);
    expect(output).toContain("require-2fa");
    expect(output).toContain("is2FAEnabled is false. Set is2FAEnabled: true");

    const relaxed = await configFile("no-2fa.json", { "require-2fa": { required: false } });
    const result = await preview(v, { policyPackConfigs: [relaxed] });
    expect(result.stdout).not.toContain("require-2fa");
  });

  it("reports no violation for a value that is not known at preview", async () => {
    const result = await preview({ unknownServerName: true });
    expect(result.stdout).not.toContain("mcp-server-name-format");
    expect(result.stdout).not.toContain("can't run policy");
    expect(result.stdout).not.toMatch(/\[(mandatory|advisory)\]/);
  });
});
