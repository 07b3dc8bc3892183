/**
 * Writes the provider plugin's Pulumi package schema (the one the plugin
 * serves to `pulumi package get-schema`) to a file, for SDK generation and
 * review: `node dist/scripts/plugin-schema.js [file]` (default: dist/schema.json).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { packageSchema } from "../provider/plugin/schema";

const root = path.join(__dirname, "..", "..");
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const file = path.resolve(process.argv[2] ?? path.join(root, "dist", "schema.json"));
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(packageSchema(version), null, 2) + "\n");
console.log(file);
