/**
 * Writes provider/resources/types.generated.ts from the field tables
 * (scripts/resource-types.ts): `npm run generate:types`, after changing a table.
 * A unit test fails while the checked-in file differs from what this writes.
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { GENERATED_TYPES_PATH, resourceTypesSource } from "./resource-types";

// Run as dist/scripts/generate-types.js.
const file = path.join(__dirname, "..", "..", GENERATED_TYPES_PATH);
writeFileSync(file, resourceTypesSource());
console.log(file);
