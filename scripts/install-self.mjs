#!/usr/bin/env node
// Installs the freshly built package into node_modules/pulumi-integration-platform,
// as a real directory rather than a symlink: examples, e2e programs and the demo
// then consume the package exactly as users do, and Pulumi's closure serializer
// sees its modules under node_modules and captures them as `require(...)`.
import { cpSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "node_modules", "pulumi-integration-platform");
if (!existsSync(join(root, "dist", "provider", "index.js"))) {
  console.error("install-self: dist/ is missing; run `npm run build` first.");
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
cpSync(join(root, "package.json"), join(target, "package.json"));
cpSync(join(root, "dist"), join(target, "dist"), { recursive: true });
