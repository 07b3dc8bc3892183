import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { RESOURCE_KINDS } from "../../provider/resources/kinds";
import { GENERATED_TYPES_PATH, resourceTypesSource } from "../../scripts/resource-types";

const source = resourceTypesSource();
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("provider/resources/types.generated.ts", () => {
  it("is what `npm run generate:types` writes from the field tables, byte for byte", () => {
    const committed = readFileSync(path.join(__dirname, "..", "..", GENERATED_TYPES_PATH), "utf8");
    expect(committed, "a field table changed: run `npm run generate:types` and commit the file").toBe(source);
  });

  it("documents every input and output of every table with its description", () => {
    for (const { schema } of Object.values(RESOURCE_KINDS)) {
      const fields = { ...schema.inputs, ...schema.outputs };
      for (const [key, field] of Object.entries(fields)) {
        const documented = new RegExp(`/\\*\\*\\s+(\\* )?${literally(field.description)}(?:(?!\\*/)[^])*\\*/\\n  readonly ${key}\\??:`);
        expect(source, `${schema.type}.${key}`).toMatch(documented);
      }
    }
  });

  it("notes a default and a replacement the description does not mention", () => {
    expect(source).toMatch(/Issue a project API key, exposed as the secret output `apiKey`\.\n\s+\* @default false\n\s+\*\/\n  readonly createApiKey\?:/);
    expect(source).toContain("Adopt this existing MCP server (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the MCP server. */");
    // Said already in the table's words: not said twice.
    expect(source).not.toMatch(/Changing it replaces the project\. Changing it replaces/);
  });
});
