#!/usr/bin/env node
// Packs the freshly built package with `npm pack` (dist/pulumi-integration-platform-<version>.tgz)
// and unpacks that tarball into node_modules/pulumi-integration-platform, as a real directory:
// examples, e2e programs, the demo and the policy pack then consume exactly the files a user
// installs (the `files` list of package.json), and Pulumi's closure serializer sees the
// package's modules under node_modules and captures them as `require(...)`. A symlink would
// not do: the serializer would see the checkout's own paths (see README, Install).
// The tarball's dependencies are the repository's own, already in node_modules.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const target = join(root, "node_modules", "pulumi-integration-platform");
if (!existsSync(join(dist, "provider", "index.js"))) {
  console.error("install-self: dist/ is missing; run `npm run build` first.");
  process.exit(1);
}

// Under `npm run`, npm_execpath is the npm that runs us: its JS entry point, run with this Node.
// Anything else there (not a .js file, or unset) gets the npm on PATH, as test/e2e/user-program.ts does.
const npmCli = process.env.npm_execpath;
const npm = npmCli && npmCli.endsWith(".js") ? [process.execPath, npmCli] : ["npm"];
const packed = execFileSync(npm[0], [...npm.slice(1), "pack", "--ignore-scripts", "--json", "--pack-destination", dist], {
  cwd: root,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
const tarball = join(dist, JSON.parse(packed)[0].filename);

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
// npm tarballs hold everything under package/.
execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"], { stdio: "inherit" });
console.log(`install-self: ${tarball} unpacked into node_modules/pulumi-integration-platform`);
