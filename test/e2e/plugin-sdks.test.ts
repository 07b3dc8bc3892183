// The Python and Go SDKs of the provider plugin, generated from the plugin's real package schema
// by integration-platform-sdkgen (Pulumi's codegen/python and codegen/go, built in tools/pulumi
// beside the engine): each names every resource kind with all its inputs; the Python SDK
// byte-compiles; the Go SDK, and a program creating an McpServer with it, compile and pass
// `go vet` against the Go SDK of the pinned Pulumi version.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_KINDS } from "../../provider/resources/kinds";
import { pluginToken } from "../../provider/resources/tokens";
import { GO_MODULE, packageSchema } from "../../provider/plugin/schema";
import { repoRoot } from "../../scripts/pulumi-engine";
import { generatePluginSdks } from "../../scripts/plugin-sdks";

const run = promisify(execFile);
const pulumiVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, "node_modules/@pulumi/pulumi/package.json"), "utf8")) as { version: string }).version;
const kinds = Object.entries(RESOURCE_KINDS).map(([, { schema }]) => ({ kind: schema.type, token: pluginToken(schema.type), inputs: Object.keys(schema.inputs) }));

/** Every file under `dir` with its text, by path relative to `dir`. */
function readTree(dir: string): Map<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]));
}

/** The one file whose text contains `marker`. */
function fileWith(tree: Map<string, string>, marker: string): string {
  const found = [...tree].filter(([, text]) => text.includes(marker));
  expect(found.map(([file]) => file), `files containing ${marker}`).toHaveLength(1);
  return found[0]![1];
}

/** The fields of Go struct `name` declared in `file`. */
function structBody(file: string, name: string): string {
  const start = file.indexOf(`\ntype ${name} struct {\n`);
  expect(start, `type ${name} struct`).toBeGreaterThan(-1);
  return file.slice(start, file.indexOf("\n}\n", start));
}

/** The Go toolchain, found as scripts/ensure-pulumi finds it. */
async function goBinary(): Promise<string> {
  for (const candidate of ["go", "/usr/local/go/bin/go"]) {
    if (await run(candidate, ["version"]).then(() => true, () => false)) return candidate;
  }
  throw new Error("no Go toolchain: put `go` on PATH (https://go.dev/dl/) to build the Go SDK");
}

describe("provider plugin: Python and Go SDKs from its schema", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-sdks-"));
  let dirs: { python: string; go: string };

  beforeAll(async () => {
    const schemaFile = path.join(work, "schema.json");
    fs.writeFileSync(schemaFile, JSON.stringify(packageSchema("0.1.0")));
    dirs = await generatePluginSdks(schemaFile, path.join(work, "sdk"));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("the Python SDK has a resource class per kind with every input, registers each type token, and byte-compiles", async () => {
    const tree = readTree(dirs.python);
    for (const { kind, token, inputs } of kinds) {
      const module = fileWith(tree, `@pulumi.type_token("${token}")\nclass ${kind}(pulumi.CustomResource):`);
      // The Args class has a property per input; its getter names the wire name where the Python name differs.
      const argsClass = module.slice(module.indexOf(`class ${kind}Args:`), module.indexOf("@pulumi.type_token("));
      const wireNames = [...argsClass.matchAll(/@pulumi\.getter(?:\(name="(\w+)"\))?\s+def (\w+)\(self\)/g)].map((m) => m[1] ?? m[2]);
      expect(wireNames.sort()).toEqual([...inputs].sort());
      expect(tree.get("pulumi_integration_platform/__init__.py")).toContain(`"${token}": "${kind}"`);
    }
    expect(tree.get("setup.py")).toContain(`'pulumi>=${pulumiVersion},<4.0.0'`);
    expect(JSON.parse(tree.get("pulumi_integration_platform/pulumi-plugin.json")!)).toEqual({ resource: true, name: "integration-platform", version: "0.1.0" });

    await run("python3", ["-m", "compileall", "-q", dirs.python]);
    const compiled = fs.readdirSync(path.join(dirs.python, "pulumi_integration_platform", "__pycache__"));
    expect(compiled.filter((f) => f.startsWith("mcp_server."))).toHaveLength(1);
  });

  it("the Go SDK has a constructor and Args per kind with every input, registers each type token, and requires the pinned Go SDK", () => {
    const tree = readTree(dirs.go);
    for (const { kind, token, inputs } of kinds) {
      const file = fileWith(tree, `func New${kind}(ctx *pulumi.Context,`);
      // The Args struct has one Input field per input; the struct sent to the engine names each by its wire name.
      expect(structBody(file, `${kind}Args`).match(/^\t\w+ pulumi\.\w*Input$/gm)).toHaveLength(inputs.length);
      const wireNames = [...structBody(file, `${kind[0]!.toLowerCase()}${kind.slice(1)}Args`).matchAll(/`pulumi:"(\w+)"`/g)].map((m) => m[1]);
      expect(wireNames.sort()).toEqual([...inputs].sort());
      expect(tree.get("integrationplatform/init.go")).toContain(`case "${token}":`);
    }
    expect(tree.get("go.mod")).toContain(`module ${GO_MODULE}\n`);
    expect(tree.get("go.mod")).toContain(`require github.com/pulumi/pulumi/sdk/v3 v${pulumiVersion}\n`);
  });

  it("the Go SDK and a program using it compile and pass go vet", { timeout: 600_000 }, async () => {
    const program = path.join(work, "program");
    fs.mkdirSync(program);
    fs.writeFileSync(
      path.join(program, "go.mod"),
      `module example.com/program\n\ngo 1.25\n\nrequire (\n\tgithub.com/pulumi/pulumi/sdk/v3 v${pulumiVersion}\n\t${GO_MODULE} v0.0.0\n)\n\nreplace ${GO_MODULE} => ${dirs.go}\n`,
    );
    fs.writeFileSync(
      path.join(program, "main.go"),
      `package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"${GO_MODULE}/integrationplatform"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		server, err := integrationplatform.NewMcpServer(ctx, "dev-tools", &integrationplatform.McpServerArgs{
			Name:          pulumi.String("Dev Tools"),
			AuthConfigIds: pulumi.StringArray{pulumi.String("ac_1")},
			Toolkits:      pulumi.StringArray{pulumi.String("github")},
		})
		if err != nil {
			return err
		}
		ctx.Export("mcpUrl", server.McpUrl)
		return nil
	})
}
`,
    );
    const go = await goBinary();
    // -mod=mod completes go.mod/go.sum from the module cache (the engine build filled it) or the proxy.
    const env = { ...process.env, GOFLAGS: "-mod=mod", CGO_ENABLED: "0" };
    await run(go, ["build", "-o", path.join(work, "program-bin"), "."], { cwd: program, env });
    await run(go, ["vet", "./...", `${GO_MODULE}/...`], { cwd: program, env });
    expect(fs.statSync(path.join(work, "program-bin")).size).toBeGreaterThan(0);
  });
});
