import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { RESOURCE_KINDS } from "../../provider/resources/kinds";
import { PROJECT } from "../../provider/resources/project.schema";
import type { ResourceSchema } from "../../provider/resources/fields";
import { GENERATED_TYPES_PATH, resourceInterfaces, resourceTypesSource } from "../../scripts/resource-types";

const source = resourceTypesSource();
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The members of the generated interface `name`. */
function interfaceBody(name: string): string {
  const start = source.indexOf(`export interface ${name} {\n`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  return source.slice(start, source.indexOf("\n}\n", start));
}

/** A doc comment starting with `description`, right above the property `declaration` (e.g. `readonly mcpUrl`). */
const documented = (description: string, declaration: string) =>
  new RegExp(`\\n  /\\*\\*\\s+(\\* )?${literally(description)}(?:(?!\\*/)[^])*\\*/\\n  ${declaration}:`);

describe("provider/resources/types.generated.ts", () => {
  it("is what `npm run generate:types` writes from the field tables, byte for byte", () => {
    const committed = readFileSync(path.join(__dirname, "..", "..", GENERATED_TYPES_PATH), "utf8");
    expect(committed, "a field table changed: run `npm run generate:types` and commit the file").toBe(source);
  });

  it("documents every input in the Args and every input and output in the properties with its description", () => {
    for (const { schema } of Object.values(RESOURCE_KINDS)) {
      const args = interfaceBody(`${schema.type}Args`);
      const properties = interfaceBody(`${schema.type}Properties`);
      for (const [key, field] of Object.entries(schema.inputs)) {
        expect(args, `${schema.type}Args.${key}`).toMatch(documented(field.description, `${key}${field.required ? "" : "\\?"}`));
        expect(properties, `${schema.type}Properties.${key}`).toMatch(documented(field.description, `readonly ${key}`));
      }
      for (const [key, field] of Object.entries(schema.outputs)) {
        expect(args).not.toMatch(new RegExp(`\\n  ${key}\\??:`));
        expect(properties, `${schema.type}Properties.${key}`).toMatch(documented(field.description, `readonly ${key}`));
      }
    }
  });

  it("notes a default and a replacement the description does not mention", () => {
    expect(source).toMatch(/Issue a project API key, exposed as the secret output `apiKey`\.\n\s+\* @default false\n\s+\*\/\n  createApiKey\?:/);
    expect(source).toContain("Adopt this existing MCP server (id) instead of creating one; its declared fields are then reconciled. Changing it replaces the MCP server. */");
    // Said already in the table's own words: the description alone.
    expect(interfaceBody("ProjectArgs")).toContain(`/** ${PROJECT.inputs.name.description} */\n  name: pulumi.Input<string>;`);
  });

  it("writes each column of a table into the types and the doc comments", () => {
    const widget = {
      type: "Widget",
      description: "A widget.",
      key: "project",
      noun: "widget",
      shortNoun: "widget",
      inputs: {
        size: { type: "integer", required: true, change: "replace", description: "How big." },
        token: { type: "string", secret: true, change: "none", description: "What it signs with." },
        colour: { type: "string", values: ["red", "blue"], change: "update", default: "red", description: "Its colour." },
      },
      outputs: {
        note: { type: "string", nullable: true, description: "A note, if any." },
        key: { type: "string", optional: true, description: "Set when asked for." },
      },
    } as const satisfies ResourceSchema;
    expect(resourceInterfaces(widget)).toBe(`/** The arguments of a new \`Widget\`. */
export interface WidgetArgs {
  /** How big. Changing it replaces the widget. */
  size: pulumi.Input<number>;
  /** What it signs with. Kept secret in the state and outputs. */
  token?: pulumi.Input<string | undefined>;
  /**
   * Its colour.
   * @default "red"
   */
  colour?: pulumi.Input<"red" | "blue" | undefined>;
}

/**
 * The properties of each \`Widget\`: its inputs and outputs, each a \`pulumi.Output\`.
 * A widget.
 */
export interface WidgetProperties {
  /** How big. Changing it replaces the widget. */
  readonly size: pulumi.Output<number>;
  /** What it signs with. Kept secret in the state and outputs. */
  readonly token: pulumi.Output<string | undefined>;
  /**
   * Its colour.
   * @default "red"
   */
  readonly colour: pulumi.Output<"red" | "blue" | undefined>;
  /** A note, if any. */
  readonly note: pulumi.Output<string | null>;
  /** Set when asked for. */
  readonly key: pulumi.Output<string | undefined>;
}`);
  });
});
