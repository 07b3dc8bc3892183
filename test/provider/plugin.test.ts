// The provider plugin's pieces without the engine: the package schema generated from the field
// tables and api/ schemas, secret handling on the protocol, the configuration check, and what
// `pulumi import` reads (inputs that check and diff clean, no masked secret taken as an input).
import { describe, expect, it } from "vitest";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { baseUrlProblem } from "../../provider/plugin/config";
import { FUNCTIONS } from "../../provider/plugin/functions";
import { pluginProvider } from "../../provider/plugin/provider";
import { packageSchema } from "../../provider/plugin/schema";
import * as pluginSdk from "../../provider/plugin/sdk";
import { RESOURCE_KINDS } from "../../provider/resources/kinds";
import { conceal, reveal } from "../../provider/plugin/secrets";
import { useTestPlatform } from "../support/platform";

const secret = (value: unknown) => ({ [specialSigKey]: specialSecretSig, value });
const URN = (type: string) => `urn:pulumi:dev::prog::integration-platform:index:${type}::res`;

describe("plugin package schema", () => {
  const schema = packageSchema("1.2.3");

  it("declares each resource from its field table", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(
      ["AuthConfig", "McpServer", "Project", "ProjectConfig", "TriggerInstance", "WebhookSubscription"].map((t) => `integration-platform:index:${t}`),
    );
    const server = schema.resources["integration-platform:index:McpServer"]!;
    expect(server.requiredInputs).toEqual(["name", "authConfigIds"]);
    expect(server.inputProperties.apiKey).toMatchObject({ type: "string", secret: true });
    expect(server.inputProperties.authConfigIds).toMatchObject({ type: "array", items: { type: "string" } });
    expect(server.properties.commands).toMatchObject({ type: "object", additionalProperties: { type: "string" } });
    expect(server.inputProperties.adoptId?.replaceOnChanges).toBe(true);
    const project = schema.resources["integration-platform:index:Project"]!;
    expect(project.inputProperties.name?.replaceOnChanges).toBe(true);
    expect(project.inputProperties.createApiKey?.default).toBe(false);
    expect(project.properties.webhookSecret?.secret).toBe(true);
    expect(project.required).not.toContain("webhookSecret");
    expect(schema.resources["integration-platform:index:ProjectConfig"]!.inputProperties.logVisibilitySetting?.description).toContain("`dont_store_data`");
  });

  it("the TypeScript SDK has a class of each kind, with the kind's type token", () => {
    for (const kind of Object.keys(RESOURCE_KINDS)) {
      expect(pluginSdk, kind).toHaveProperty(kind);
      expect((pluginSdk as Record<string, unknown>)[kind], kind).toHaveProperty("name", kind);
    }
  });

  it("configuration: keys are secrets with their environment fallback", () => {
    expect(schema.config.variables.apiKey).toMatchObject({ secret: true, defaultInfo: { environment: ["INTEGRATION_PLATFORM_API_KEY"] } });
    expect(schema.config.variables.baseUrl?.secret).toBeUndefined();
    expect(schema.provider.inputProperties).toEqual(schema.config.variables);
  });

  it("declares every function, with arguments and results from the api/ schemas, and every type it refers to", () => {
    expect(Object.keys(schema.functions)).toEqual(Object.keys(FUNCTIONS).map((n) => `integration-platform:index:${n}`));
    const getToolkits = schema.functions["integration-platform:index:getToolkits"]!;
    expect(Object.keys(getToolkits.inputs.properties)).not.toContain("cursor");
    expect(getToolkits.outputs.properties.items).toMatchObject({ type: "array" });
    expect(schema.functions["integration-platform:index:getMcpServers"]!.inputs.required).toEqual(["appKey"]);
    const refs = JSON.stringify(schema).match(/#\/types\/[^"]+/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(schema.types, ref).toHaveProperty([ref.slice("#/types/".length)]);
  });

  it("leaves out deprecated aliases of other fields, so no two properties share a Python (snake_case) name", () => {
    const args = Object.keys(schema.functions["integration-platform:index:getTriggerInstances"]!.inputs.properties);
    expect(args).toEqual(expect.arrayContaining(["auth_config_ids", "trigger_names", "show_disabled"]));
    expect(args).not.toContain("authConfigIds");
    const snake = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
    const objects = [...Object.values(schema.functions).flatMap((f) => [f.inputs, f.outputs]), ...Object.values(schema.types)];
    for (const { properties } of objects) {
      const names = Object.keys(properties).map(snake);
      expect(new Set(names).size, names.join(", ")).toBe(names.length);
    }
  });
});

describe("plugin secrets", () => {
  it("reveal unwraps secrets (also nested) and names them; conceal wraps the named keys", () => {
    const { plain, secrets } = reveal({ apiKey: secret("ipk_1"), list: ["a", secret("b")], name: "x" });
    expect(plain).toEqual({ apiKey: "ipk_1", list: ["a", "b"], name: "x" });
    expect([...secrets].sort()).toEqual(["apiKey", "list"]);
    expect(conceal({ apiKey: "ipk_1", name: "x" }, ["apiKey", "absent"])).toEqual({ apiKey: secret("ipk_1"), name: "x" });
  });

  it("check keeps the table's secret inputs secret even when sent in clear", async () => {
    const provider = pluginProvider("1.2.3");
    const result = await provider.check!(URN("McpServer"), {}, { name: "Dev Tools", authConfigIds: ["ac_1"], apiKey: "ipk_1" });
    expect(result.failures).toEqual([]);
    expect(result.inputs).toMatchObject({ name: "Dev Tools", apiKey: secret("ipk_1") });
  });

  it("check reports bad inputs by name, before any call", async () => {
    const result = await pluginProvider("1.2.3").check!(URN("McpServer"), {}, { name: "abc", authConfigIds: ["ac_1"] });
    expect(result.failures?.map((f) => f.property)).toEqual(["name"]);
  });

  it("an unknown type or function is refused with what the plugin serves", async () => {
    await expect(pluginProvider("1.2.3").check!(URN("Widget"), {}, {})).rejects.toThrow(/no resource type "integration-platform:index:Widget"; it serves .*McpServer/);
    await expect(pluginProvider("1.2.3").invoke!("integration-platform:index:getWidget", {})).rejects.toThrow(/no function/);
  });
});

describe("plugin configuration check", () => {
  it("accepts http(s) URLs, an unset or unknown value", () => {
    for (const ok of ["https://platform.example.com", "http://127.0.0.1:4000", undefined, "04da6b54-80e4-46f7-96ec-b56ff0331ba9"]) {
      expect(baseUrlProblem(ok), String(ok)).toBeUndefined();
    }
  });
  it("refuses anything else and says what is expected", () => {
    expect(baseUrlProblem("platform.example.com")).toMatch(/absolute http\(s\) URL/);
    expect(baseUrlProblem("ftp://x.example.com")).toMatch(/absolute http\(s\) URL/);
    expect(baseUrlProblem(42)).toBe("must be a string");
  });
  it("refuses what the client would refuse: credentials, a query or a fragment", () => {
    expect(baseUrlProblem("https://user:pw@platform.example.com")).toBe("must not contain credentials");
    expect(baseUrlProblem("https://platform.example.com/?x=1")).toMatch(/query or fragment/);
  });
});

describe("plugin import: read with no state", () => {
  const t = useTestPlatform({ configureProvider: true });
  const provider = pluginProvider("1.2.3");

  /** What `pulumi import` asks: read with no state; the inputs read must then check and diff clean. */
  async function imported(type: string, id: string) {
    const read = await provider.read!(id, URN(type), undefined);
    expect(read.id).toBe(id);
    const checked = await provider.check!(URN(type), {}, read.inputs!);
    expect(checked.failures).toEqual([]);
    expect((await provider.diff!(id, URN(type), read.props!, checked.inputs)).changes).toBe(false);
    return read;
  }

  it("a platform-managed AuthConfig: no authScheme input (the platform picks it; check refuses it declared)", async () => {
    const read = await imported("AuthConfig", t.authConfigId);
    expect(read.inputs).toMatchObject({ toolkit: "github", platformManaged: true, enabled: true });
    expect(read.inputs).not.toHaveProperty("authScheme");
  });

  it("a custom AuthConfig: its secrets, shown masked only, are neither inputs nor state", async () => {
    const { auth_config: made } = await t.client.authConfigs.create({
      toolkit: { slug: "github" },
      auth_config: {
        type: "use_custom_auth",
        authScheme: "OAUTH2",
        name: "Imported Custom",
        credentials: { client_id: "Iv1.imported", client_secret: "imported-secret-1234" },
        proxy_config: { proxy_url: "https://proxy.example.com", proxy_auth_key: "imported-proxy-key-5678" },
      },
    });
    const read = await imported("AuthConfig", made.id);
    expect(read.inputs).toMatchObject({ toolkit: "github", platformManaged: false, authScheme: "OAUTH2", name: "Imported Custom", proxyUrl: "https://proxy.example.com" });
    for (const state of [read.inputs, read.props]) {
      expect(state).not.toHaveProperty("credentials");
      expect(state).not.toHaveProperty("proxyAuthKey");
    }
  });

  it("a WebhookSubscription: the inputs without the secret, the (masked) secret output kept secret", async () => {
    const made = await t.client.webhookSubscriptions.create({ webhook_url: "https://hooks.example.com/imported", enabled_events: ["platform.trigger.message"] });
    const read = await imported("WebhookSubscription", made.id);
    expect(read.inputs).toEqual({ webhookUrl: "https://hooks.example.com/imported", enabledEvents: ["platform.trigger.message"], version: "V3" });
    expect(read.props?.secret).toEqual(secret(expect.stringMatching(/^whsec_/)));
    expect(JSON.stringify(read)).not.toContain(made.secret);
  });
});
