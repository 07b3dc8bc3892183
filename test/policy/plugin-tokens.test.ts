// The pack checks the provider plugin's resources (integration-platform:index:<type>) exactly
// as it checks the dynamic ones (pulumi-nodejs:dynamic/integration-platform:<type>).
import { describe, expect, it } from "vitest";
import { isProviderResource, isType, shortType } from "../../policy/lib";
import { mcpServerNameFormat } from "../../policy/mcp";
import { requireMcpApiKey } from "../../policy/project-config";
import { mcpServerNamesUnique } from "../../policy/stack";
import { httpsUrls } from "../../policy/urls";
import { PLUGIN_TYPE_TOKENS, TYPE_TOKENS } from "../../provider/resources/tokens";
import { validateResource, validateStack } from "./harness";

const FORMS = [
  ["dynamic", TYPE_TOKENS],
  ["plugin", PLUGIN_TYPE_TOKENS],
] as const;

describe("policies on both type tokens", () => {
  it("the plugin's tokens are integration-platform:index:<type>", () => {
    expect(PLUGIN_TYPE_TOKENS).toEqual({
      Project: "integration-platform:index:Project",
      ProjectConfig: "integration-platform:index:ProjectConfig",
      McpServer: "integration-platform:index:McpServer",
      TriggerInstance: "integration-platform:index:TriggerInstance",
      AuthConfig: "integration-platform:index:AuthConfig",
      WebhookSubscription: "integration-platform:index:WebhookSubscription",
    });
  });

  for (const [form, tokens] of FORMS) {
    it(`${form}: types are recognised and named by their short name`, () => {
      for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
        expect(isType(tokens[name], name)).toBe(true);
        expect(isProviderResource(tokens[name])).toBe(true);
        expect(shortType(tokens[name])).toBe(name);
      }
      expect(isType(tokens.McpServer, "Project")).toBe(false);
    });

    it(`${form}: resource policies report the same violations`, () => {
      expect(validateResource(mcpServerNameFormat, tokens.McpServer, { name: "abc", authConfigIds: ["ac_1"] })).toHaveLength(1);
      expect(validateResource(requireMcpApiKey, tokens.ProjectConfig, { requireMcpApiKey: false })).toHaveLength(1);
      expect(validateResource(httpsUrls, tokens.ProjectConfig, { logoUrl: "http://cdn.example.com/logo.png" })).toEqual([
        'ProjectConfig logoUrl "http://cdn.example.com/logo.png" uses http, not https. Use an https:// URL.',
      ]);
    });
  }

  it("stack policies see dynamic and plugin resources together", () => {
    const violations = validateStack(mcpServerNamesUnique, [
      { kind: TYPE_TOKENS.McpServer, name: "a", props: { name: "Same Name", authConfigIds: ["ac_1"] } },
      { kind: PLUGIN_TYPE_TOKENS.McpServer, name: "b", props: { name: "Same Name", authConfigIds: ["ac_1"] } },
    ]);
    expect(violations.length).toBeGreaterThan(0);
  });

  it("other providers' resources are left alone", () => {
    expect(isProviderResource("integration-platformx:index:McpServer")).toBe(false);
    expect(validateResource(mcpServerNameFormat, "aws:index:McpServer", { name: "abc" })).toEqual([]);
  });
});
