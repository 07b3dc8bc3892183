import { readFileSync } from "node:fs";
import path from "node:path";
import * as policySdk from "@pulumi/policy";
import type { PolicyConfigJSONSchema } from "@pulumi/policy/schema";
import { describe, expect, it } from "vitest";
import { UNKNOWN, configSchema, hasUnknown, plain, readConfig, snakeToCamel } from "../../policy/lib";
import { PACK_NAME, policies } from "../../policy/policies";
import { unknown } from "./harness";

const policyDir = path.join(__dirname, "../../policy");

describe("the pack", () => {
  it("is named integration-platform and its policy names are unique", () => {
    expect(PACK_NAME).toBe("integration-platform");
    const names = policies.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      "mcp-server-name-format",
      "mcp-tool-scope",
      "project-config-no-deprecated-fields",
      "require-mcp-api-key",
      "mask-secret-keys",
      "log-visibility-allowed-values",
      "signed-url-expiry-max",
      "require-2fa",
      "auth-config-credentials-secret",
      "custom-oauth-scopes",
      "webhook-events-known",
      "https-urls",
      "mcp-server-names-unique",
      "max-projects-per-stack",
      "trigger-connected-account-known",
    ]);
  });

  it("gives every policy a level, a description that says how to fix, and a default for every knob", () => {
    for (const policy of policies) {
      expect(["mandatory", "advisory"], policy.name).toContain(policy.enforcementLevel);
      expect(policy.description, policy.name).toMatch(/Fix: /);
      for (const [knob, schema] of Object.entries(policy.configSchema?.properties ?? {})) {
        expect((schema as PolicyConfigJSONSchema).default, `${policy.name}.${knob}`).toBeDefined();
        expect(policy.description, `${policy.name} documents ${knob}`).toContain(knob);
      }
    }
  });

  it("documents every policy, level and knob in the README", () => {
    const readme = readFileSync(path.join(policyDir, "README.md"), "utf8");
    for (const policy of policies) {
      const row = readme.split("\n").find((line) => line.startsWith(`| \`${policy.name}\``));
      expect(row, policy.name).toBeDefined();
      expect(row, policy.name).toContain(policy.enforcementLevel);
      for (const knob of Object.keys(policy.configSchema?.properties ?? {})) expect(row, `${policy.name}.${knob}`).toContain(knob);
    }
  });

  it("ships an example config that names only policies and knobs of the pack, with values of the right type", () => {
    const config = JSON.parse(readFileSync(path.join(policyDir, "examples/strict.json"), "utf8")) as Record<string, Record<string, unknown>>;
    for (const [name, settings] of Object.entries(config)) {
      const policy = policies.find((p) => p.name === name);
      expect(policy, name).toBeDefined();
      for (const [knob, value] of Object.entries(settings)) {
        if (knob === "enforcementLevel") {
          expect(["advisory", "mandatory", "remediate", "disabled"]).toContain(value);
          continue;
        }
        const schema = policy!.configSchema?.properties[knob] as PolicyConfigJSONSchema | undefined;
        expect(schema, `${name}.${knob}`).toBeDefined();
        const type = Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
        expect(type, `${name}.${knob}`).toBe(schema!.type);
      }
    }
  });

  it("runs compiled, from the installed package: PulumiPolicy.yaml, package.json with the package's version and main, all shipped", () => {
    const yaml = readFileSync(path.join(policyDir, "PulumiPolicy.yaml"), "utf8");
    expect(yaml).toMatch(/^runtime:\n {2}name: nodejs\n {2}options:\n {4}typescript: false$/m);
    const pkg = JSON.parse(readFileSync(path.join(policyDir, "package.json"), "utf8")) as Record<string, unknown>;
    const root = JSON.parse(readFileSync(path.join(policyDir, "../package.json"), "utf8")) as { version: string; files: string[] };
    expect(pkg.version).toBe(root.version);
    // The language host requires the directory: main is the compiled index.ts, which the package ships.
    expect(pkg.main).toBe("../dist/policy/index.js");
    expect(pkg.dependencies).toBeUndefined();
    for (const shipped of ["dist/policy", "policy/PulumiPolicy.yaml", "policy/package.json", "policy/examples"]) expect(root.files).toContain(shipped);
  });
});

describe("reading props", () => {
  const sdk = policySdk as unknown as { unknownCheckingProxy: <T extends object>(props: T) => T };

  it("the harness proxy behaves like the engine's: reading an unknown value throws", () => {
    const props = sdk.unknownCheckingProxy({ name: unknown.string, list: ["a", unknown.string] }) as Record<string, unknown>;
    expect(() => props.name).toThrow(/can't be known during preview/);
    expect(() => (props.list as string[])[1]).toThrow(/can't be known during preview/);
  });

  it("plain() replaces unknown values by UNKNOWN and keeps the rest", () => {
    const props = sdk.unknownCheckingProxy({
      name: unknown.string,
      list: ["a", unknown.string],
      nested: { flag: unknown.boolean, n: 3, none: null },
      whole: unknown.object,
    });
    const p = plain(props);
    expect(p).toEqual({ name: UNKNOWN, list: ["a", UNKNOWN], nested: { flag: UNKNOWN, n: 3, none: null }, whole: UNKNOWN });
    expect(hasUnknown(p)).toBe(true);
    expect(hasUnknown(plain({ a: [1, { b: "c" }] }))).toBe(false);
    expect(plain(unknown.number)).toBe(UNKNOWN); // unproxied sentinels too
  });

  it("readConfig() fills in the schema defaults", () => {
    const schema = configSchema<{ max: number; names: string[] }>({
      max: { type: "integer", default: 5 },
      names: { type: "array", items: { type: "string" }, default: [] },
    });
    const args = (config: object) => ({ getConfig: <T extends object>() => config as T });
    expect(readConfig(args({}), schema)).toEqual({ max: 5, names: [] });
    expect(readConfig(args({ max: 2 }), schema)).toEqual({ max: 2, names: [] });
  });

  it("snakeToCamel() derives the camelCase property of an API field", () => {
    expect(snakeToCamel("is_platform_link_enabled_for_managed_auth")).toBe("isPlatformLinkEnabledForManagedAuth");
  });
});
