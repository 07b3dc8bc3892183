// What an editor shows of the built package (`npm run build` installs it in node_modules): the
// TypeScript language service, as VS Code runs it, over a program as a user writes it. Hover on an
// argument or on an output shows the field table's description, and "Go to definition" lands on the
// generated interface, not on a mapped type.
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { MCP_SERVER } from "../../provider/resources/mcp-server.schema";
import { PROJECT } from "../../provider/resources/project.schema";
import { repoRoot } from "./harness";

// Beside the repository's node_modules, so `pulumi-integration-platform` resolves to the installed package.
const sampleFile = path.join(repoRoot, "editor-sample.ts");
const sample = `import * as platform from "pulumi-integration-platform";
import * as plugin from "pulumi-integration-platform/plugin";

const project = new platform.Project("p", { name: "demo", createApiKey: true });
const server = new platform.McpServer("s", { name: "demo server", authConfigIds: [], apiKey: project.apiKey });
export const url = server.mcpUrl;
export const viaPlugin = new plugin.McpServer("q", { name: "plugin server", authConfigIds: [] }).mcpUrl;
`;

const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, strict: true, esModuleInterop: true, noEmit: true };
const service = ts.createLanguageService({
  getScriptFileNames: () => [sampleFile],
  getScriptVersion: () => "1",
  getScriptSnapshot: (file) => (file === sampleFile ? ts.ScriptSnapshot.fromString(sample) : fs.existsSync(file) ? ts.ScriptSnapshot.fromString(fs.readFileSync(file, "utf8")) : undefined),
  getCurrentDirectory: () => repoRoot,
  getCompilationSettings: () => options,
  getDefaultLibFileName: ts.getDefaultLibFilePath,
  fileExists: (file) => file === sampleFile || ts.sys.fileExists(file),
  readFile: (file) => (file === sampleFile ? sample : ts.sys.readFile(file)),
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
});

/** The position of the `occurrence`-th `word` in the sample. */
function at(word: string, occurrence = 1): number {
  let position = -1;
  for (let i = 0; i < occurrence; i++) position = sample.indexOf(word, position + 1);
  if (position < 0) throw new Error(`the sample has no ${word} #${occurrence}`);
  return position;
}

function hover(position: number) {
  const info = service.getQuickInfoAtPosition(sampleFile, position);
  return {
    signature: ts.displayPartsToString(info?.displayParts),
    documentation: ts.displayPartsToString(info?.documentation),
    tags: (info?.tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`),
  };
}

describe("an editor over a program using the built package", () => {
  it("compiles the sample program", () => {
    const diagnostics = [...service.getSyntacticDiagnostics(sampleFile), ...service.getSemanticDiagnostics(sampleFile)];
    expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  });

  it("shows an argument's description on hover, and its type", () => {
    expect(hover(at("name", 2))).toEqual({
      signature: "(property) McpServerArgs.name: Input<string>",
      documentation: MCP_SERVER.inputs.name.description,
      tags: [],
    });
  });

  it("shows the same on the provider plugin's classes", () => {
    expect(hover(at("name", 3))).toMatchObject({ signature: "(property) McpServerArgs.name: Input<string>", documentation: MCP_SERVER.inputs.name.description });
    expect(hover(at("mcpUrl", 2))).toMatchObject({ signature: "(property) McpServerProperties.mcpUrl: Output<string>", documentation: MCP_SERVER.outputs.mcpUrl.description });
  });

  it("shows an argument's default as a tag", () => {
    expect(hover(at("createApiKey"))).toMatchObject({ documentation: PROJECT.inputs.createApiKey.description, tags: ["@default false"] });
  });

  it("shows an output's description on hover", () => {
    expect(hover(at("mcpUrl"))).toEqual({
      signature: "(property) McpServerProperties.mcpUrl: Output<string>",
      documentation: MCP_SERVER.outputs.mcpUrl.description,
      tags: [],
    });
  });

  it("goes to the generated interface for the definition of an argument", () => {
    const [definition] = service.getDefinitionAtPosition(sampleFile, at("authConfigIds")) ?? [];
    expect(path.relative(repoRoot, definition?.fileName ?? "")).toBe(path.join("node_modules", "pulumi-integration-platform", "dist", "provider", "resources", "types.generated.d.ts"));
    expect(definition?.containerName).toBe("platform.McpServerArgs");
  });
});
