// Proves the chain the provider depends on: the real Pulumi engine, our Node.js language
// host, the dynamic-provider shim, the file:// backend and the Automation API.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { fixturesDir, useE2EStack } from "./harness";

// Serialized into state and run in pulumi-resource-pulumi-nodejs: must capture nothing.
const thingProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs: { name: string }) {
    return { id: `thing-${inputs.name}`, outs: { name: inputs.name, size: inputs.name.length } };
  },
};

class Thing extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly size: pulumi.Output<number>;

  constructor(resourceName: string, name: string) {
    super(thingProvider, resourceName, { name, size: undefined });
  }
}

function thingProgram(name: string): pulumi.automation.PulumiFn {
  return async () => {
    const thing = new Thing("thing", name);
    return { id: thing.id, name: thing.name, size: thing.size };
  };
}

describe("real Pulumi engine, inline program", () => {
  const env = useE2EStack(() => ({ program: thingProgram("widget") }));

  it("up creates a dynamic resource, preview sees no changes, destroy removes it", async () => {
    const up = await env.stack.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toEqual({ create: 2 }); // the stack and the Thing
    expect(up.outputs.id?.value).toBe("thing-widget");
    expect(up.outputs.name?.value).toBe("widget");
    expect(up.outputs.size?.value).toBe(6);

    const preview = await env.stack.preview();
    expect(preview.changeSummary).toEqual({ same: 2 });

    const destroy = await env.stack.destroy();
    expect(destroy.summary.result).toBe("succeeded");
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    expect(await env.stack.outputs()).toEqual({});
  });
});

describe("real Pulumi engine, local TypeScript program", () => {
  const env = useE2EStack(() => ({
    program: { workDir: path.join(fixturesDir, "local-program") },
    config: {
      "e2e-local-program:greeting": { value: "bonjour" },
      "e2e-local-program:token": { value: "s3cret-token", secret: true },
    },
  }));

  it("runs through pulumi-language-nodejs with config, secrets and a dynamic resource", async () => {
    const up = await env.stack.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.outputs.resourceGreeting).toEqual({ value: "bonjour", secret: false });
    expect(up.outputs.greetingLength).toEqual({ value: 7, secret: false });
    expect(up.outputs.tokenLength).toEqual({ value: 12, secret: true });
    expect(up.outputs.nodeVersion?.value).toBe(process.version);

    const preview = await env.stack.preview();
    expect(preview.changeSummary).toEqual({ same: 2 });
  });
});

describe("real Pulumi engine, local policy pack", () => {
  const env = useE2EStack(() => ({ program: thingProgram("forbidden") }));

  it("a mandatory violation fails the preview", async () => {
    const policyPack = path.join(fixturesDir, "policy-pack");
    await expect(env.stack.preview({ policyPacks: [policyPack] })).rejects.toThrow(
      /mandatory[\s\S]*nothing-forbidden[\s\S]*thing carries the value 'forbidden'/,
    );
  });
});
