// Adoption through the real engine: a new stack declares an object made outside Pulumi with
// `adoptId`, and up takes it over (its id, only the writes that reconcile it, then a no-op
// preview). One platform for the McpServer, WebhookSubscription and AuthConfig cases (Project and
// TriggerInstance adopt within their own suites' stacks); and the `import` option, which does not
// work for dynamic resources, pinned.
import { describe, expect, it } from "vitest";
import { createE2EStack, sdk, useAdoptionChecks } from "./harness";
import { useTestPlatform } from "../support/platform";

describe("adoption of objects made outside Pulumi (real engine)", () => {
  const p = useTestPlatform();
  const expectStackAdopts = useAdoptionChecks(p);

  it("McpServer: adoptId takes over a server made outside Pulumi without creating one", async () => {
    const existing = await p.client.mcp.create({ name: "Made Outside", auth_config_ids: [p.authConfigId], toolkits: ["github"], allowed_tools: ["GITHUB_CREATE_ISSUE"] });
    const program = async () => {
      const server = new (sdk().McpServer)("adopted", {
        adoptId: existing.id,
        name: "Made Outside",
        authConfigIds: [p.authConfigId],
        toolkits: ["github"],
        allowedTools: ["GITHUB_CREATE_ISSUE", "GITHUB_LIST_REPOSITORY_ISSUES"],
      });
      return { id: server.id };
    };
    await expectStackAdopts("e2e-mcp-adopt", existing.id, program, [{ method: "PATCH", route: "updateMcpServer", bodyFields: ["allowed_tools"] }]);
  });

  it("WebhookSubscription: adoptId takes over the project's subscription, rotating once so the stack knows the secret", async () => {
    const existing = await p.client.webhookSubscriptions.create({ webhook_url: "https://made.example.com/outside", enabled_events: ["platform.trigger.message"] });
    const program = async () => {
      const subscription = new (sdk().WebhookSubscription)("adopted", {
        adoptId: existing.id,
        webhookUrl: "https://made.example.com/outside",
        enabledEvents: ["platform.trigger.message"],
        rotation: "adopted",
      });
      return { id: subscription.id, secret: subscription.secret };
    };
    const up = await expectStackAdopts("e2e-webhook-adopt", existing.id, program, [{ method: "POST", route: "rotateWebhookSecret" }]);
    expect(String(up.outputs.secret?.value)).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(up.outputs.secret?.value).not.toBe(existing.secret);
  });

  it("AuthConfig: adoptId takes over an auth config made outside Pulumi without creating one", async () => {
    const { auth_config: existing } = await p.client.authConfigs.create({ toolkit: { slug: "github" }, auth_config: { type: "use_platform_managed_auth", name: "Made Outside" } });
    const program = async () => {
      const config = new (sdk().AuthConfig)("adopted", { adoptId: existing.id, toolkit: "github", name: "Made Outside", scopes: ["repo"] });
      return { id: config.id };
    };
    await expectStackAdopts("e2e-auth-config-adopt", existing.id, program, [{ method: "PATCH", route: "updateAuthConfig", bodyFields: ["scopes", "type"] }]);
  });

  it("McpServer: the import resource option does not work for dynamic resources (pulumi/pulumi#16175): use adoptId", async () => {
    // Pinned so that the README's advice is revisited when the engine learns to import dynamic resources.
    const existing = await p.client.mcp.create({ name: "Imported One", auth_config_ids: [p.authConfigId], toolkits: ["github"] });
    const imported = await createE2EStack({
      projectName: "e2e-mcp-import",
      platform: p.config,
      program: async () => {
        const server = new (sdk().McpServer)("imported", { name: "Imported One", authConfigIds: [p.authConfigId], toolkits: ["github"] }, { import: existing.id });
        return { id: server.id };
      },
    });
    try {
      await expect(imported.stack.up()).rejects.toThrow(/importing failed/);
      expect(p.calls("createMcpServer")).toBe(1);
    } finally {
      await imported.cleanup();
    }
  });
});
