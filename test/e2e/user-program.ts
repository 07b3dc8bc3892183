// A Pulumi program of a user, in its own temporary directory outside the repository, that
// installs this package with npm the way users do (the packed tarball, a linked checkout, or a
// checkout with --install-links) next to its own @pulumi/pulumi. Its TypeScript is compiled
// with the repository's tsc against the installed package's typings, and Pulumi runs the
// JavaScript (no TypeScript needed where the program runs).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./harness";

const run = promisify(execFile);

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(repoRoot, file), "utf8")) as T;

const packageJson = readJson<{ name: string; version: string }>("package.json");

/** The tarball `npm run build` packs (scripts/install-self.mjs). */
export const packedTarball = path.join(repoRoot, "dist", `${packageJson.name}-${packageJson.version}.tgz`);

/** The @pulumi/pulumi of the repository: the user's program declares the same version (in the npm cache). */
const pulumiVersion = readJson<{ version: string }>("node_modules/@pulumi/pulumi/package.json").version;

/** The npm running this test (under `npm test` / `npx`), else the one on PATH. */
function npmCommand(): [string, string[]] {
  const npmCli = process.env.npm_execpath;
  return npmCli && npmCli.endsWith(".js") ? [process.execPath, [npmCli]] : ["npm", []];
}

export async function npm(cwd: string, args: string[]): Promise<string> {
  const [command, prefix] = npmCommand();
  const { stdout, stderr } = await run(command, [...prefix, ...args], { cwd, maxBuffer: 16 << 20 });
  return stdout + stderr;
}

export interface UserProgram {
  dir: string;
  /** node_modules/pulumi-integration-platform of the program. */
  installedPackage: string;
  /** Every @pulumi/pulumi under the program's node_modules (package directories). */
  pulumiCopies(): Promise<string[]>;
  remove(): Promise<void>;
}

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-integration-platform";

const config = new pulumi.Config();

new platform.ProjectConfig("settings", {
  requireMcpApiKey: true,
  maskSecretKeysInConnectedAccount: true,
  is2FAEnabled: true,
  logVisibilitySetting: "dont_store_data",
  signedUrlFileExpiryInSeconds: 1800,
});

const server = new platform.McpServer("tools", {
  name: "Installed Tools",
  authConfigIds: [config.require("authConfigId")],
  toolkits: ["github"],
  allowedTools: ["GITHUB_CREATE_ISSUE"],
});

export const mcpServerId = server.id;
`;

/**
 * Writes the program, runs `npm install <spec> [flags]` in it and compiles it. npm installs from
 * its cache where it can (--prefer-offline: the repository's `npm ci` put every tarball there;
 * only package metadata may come from the registry). tsc checks the program against the
 * installed package's typings, so a failure here is a typing the package does not ship.
 */
export async function createUserProgram(spec: string, flags: string[] = []): Promise<UserProgram> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "user-program-"));
  const write = (name: string, text: string) => fs.writeFile(path.join(dir, name), text);
  await write("package.json", JSON.stringify({ name: "user-program", private: true, dependencies: { "@pulumi/pulumi": pulumiVersion } }, null, 2));
  await write("Pulumi.yaml", "name: user-program\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
  await write("index.ts", PROGRAM);
  await write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "commonjs", strict: true, esModuleInterop: true, skipLibCheck: true, types: [] },
      files: ["index.ts"],
    }),
  );
  const program: UserProgram = {
    dir,
    installedPackage: path.join(dir, "node_modules", packageJson.name),
    async pulumiCopies() {
      const found: string[] = [];
      async function walk(nodeModules: string): Promise<void> {
        const entries = await fs.readdir(nodeModules, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          if (!entry.isDirectory()) continue; // symlinks (a linked checkout) are not walked into
          const full = path.join(nodeModules, entry.name);
          if (entry.name.startsWith("@")) {
            for (const scoped of await fs.readdir(full, { withFileTypes: true })) {
              if (!scoped.isDirectory()) continue;
              if (`${entry.name}/${scoped.name}` === "@pulumi/pulumi") found.push(path.join(full, scoped.name));
              await walk(path.join(full, scoped.name, "node_modules"));
            }
          } else {
            await walk(path.join(full, "node_modules"));
          }
        }
      }
      await walk(path.join(dir, "node_modules"));
      return found;
    },
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
  try {
    await npm(dir, ["install", spec, "--prefer-offline", "--no-audit", "--no-fund", ...flags]);
    await run(process.execPath, [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir]);
  } catch (err) {
    await program.remove();
    throw err;
  }
  return program;
}
