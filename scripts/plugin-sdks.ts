/**
 * Writes the provider plugin's Python and Go SDKs from its package schema
 * with Pulumi's own code generators (`integration-platform-sdkgen`, built in
 * tools/pulumi beside the engine by scripts/ensure-pulumi):
 * `node dist/scripts/plugin-sdks.js [schema.json] [out-dir]`
 * (defaults: dist/schema.json, written by `npm run plugin-schema`, and
 * dist/sdk, which gets python/ and go/).
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { ensurePulumi, repoRoot } from "./pulumi-engine";

/** Generates the SDKs of `schemaFile` into `<outDir>/python` and `<outDir>/go`, replacing what was there. */
export async function generatePluginSdks(schemaFile: string, outDir: string): Promise<{ python: string; go: string }> {
  const sdkgen = path.join(await ensurePulumi({ build: true }), "integration-platform-sdkgen");
  await promisify(execFile)(sdkgen, [schemaFile, outDir]);
  return { python: path.join(outDir, "python"), go: path.join(outDir, "go") };
}

if (require.main === module) {
  const [schemaFile = path.join(repoRoot, "dist", "schema.json"), outDir = path.join(repoRoot, "dist", "sdk")] = process.argv.slice(2);
  generatePluginSdks(path.resolve(schemaFile), path.resolve(outDir)).then(
    (dirs) => console.log(Object.values(dirs).join("\n")),
    (err: unknown) => {
      console.error(`plugin-sdks: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
