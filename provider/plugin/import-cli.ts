#!/usr/bin/env node
/**
 * integration-platform-import: writes the `pulumi import --file` document of a
 * whole project (see import-document.ts), from the same settings as the
 * provider (INTEGRATION_PLATFORM_BASE_URL, _API_KEY, and _ORG_API_KEY to
 * include the project itself).
 *
 *   integration-platform-import [file]     (default: stdout)
 *   pulumi import --file <file>            (then: TypeScript for every object)
 */
import { writeFileSync } from "node:fs";
import { orgClient, projectClient } from "../clients";
import { setting } from "../settings";
import { AFTER_IMPORT, importDocument } from "./import-document";

async function run(): Promise<void> {
  const document = await importDocument({
    client: projectClient(),
    // The org key is optional here: without it the project itself is left out of the document.
    orgClient: setting("orgApiKey") ? orgClient() : undefined,
  });
  const text = JSON.stringify(document, null, 2) + "\n";
  const file = process.argv[2];
  if (file) {
    writeFileSync(file, text);
    console.error(`integration-platform-import: ${document.resources.length} objects written to ${file}; next: pulumi import --file ${file}`);
  } else {
    process.stdout.write(text);
  }
  // On stderr either way, so it never mixes into the document written to stdout.
  console.error(`integration-platform-import: ${AFTER_IMPORT}`);
}

run().catch((err: unknown) => {
  console.error(`integration-platform-import: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
