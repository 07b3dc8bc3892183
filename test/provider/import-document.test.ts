// The bulk import document (integration-platform-import) against the local platform: every kind,
// MCP servers from the all-servers list across pages, disabled objects too, names unique.
import { describe, expect, it } from "vitest";
import { MCP_LIST_DEFAULT_LIMIT } from "../../api/mcp";
import { importDocument } from "../../provider/plugin/import-document";
import { PLUGIN_TYPE_TOKENS } from "../../provider/resources/tokens";
import { useTestPlatform } from "../support/platform";

const token = (kind: string) => `integration-platform:index:${kind}`;

describe("import document", () => {
  const t = useTestPlatform();

  it("lists every kind, every MCP server over several pages, disabled ones too, each under its own name", async () => {
    // More servers than one page holds, all with the same name: the names must still differ.
    const servers = [];
    for (let i = 0; i <= MCP_LIST_DEFAULT_LIMIT; i++) {
      servers.push(await t.client.mcp.create({ name: "Same Name", auth_config_ids: [t.authConfigId], toolkits: ["github"] }));
    }
    const { auth_config: disabled } = await t.client.authConfigs.create({ toolkit: { slug: "github" }, auth_config: { type: "use_platform_managed_auth", name: "Disabled One" } });
    await t.client.authConfigs.setStatus(disabled.id, "DISABLED");
    const subscription = await t.client.webhookSubscriptions.create({ webhook_url: "https://hooks.example.com/doc", enabled_events: ["platform.trigger.message"] });

    const { resources } = await importDocument({ client: t.client, orgClient: t.orgClient });
    const entries = resources.map((r) => `${r.type} ${r.id}`);
    expect(entries).toEqual(
      expect.arrayContaining([
        `${token("Project")} ${t.platform.projectId}`,
        `${token("ProjectConfig")} ${t.platform.projectId}`,
        `${token("AuthConfig")} ${t.authConfigId}`,
        `${token("AuthConfig")} ${disabled.id}`,
        `${token("WebhookSubscription")} ${subscription.id}`,
        ...servers.map((s) => `${token("McpServer")} ${s.id}`),
      ]),
    );
    expect(new Set(entries).size).toBe(entries.length);
    expect(new Set(resources.map((r) => r.type))).toEqual(new Set(Object.values(PLUGIN_TYPE_TOKENS)));
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(names).toEqual(expect.arrayContaining(["mcp-same-name", "mcp-same-name-2", "auth-disabled-one"]));
  });

  it("leaves the project out without the organization key", async () => {
    const { resources } = await importDocument({ client: t.client });
    expect(resources.map((r) => r.type)).not.toContain(token("Project"));
    expect(resources.map((r) => r.type)).toContain(token("ProjectConfig"));
  });
});
