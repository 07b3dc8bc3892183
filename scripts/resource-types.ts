/**
 * The source of provider/resources/types.generated.ts: from each field table
 * (schemas.ts), an `<Resource>Args` interface (each input a `pulumi.Input`) and a
 * `<Resource>Properties` interface (each input and output a `pulumi.Output`),
 * every property with its table description as a doc comment. Editors show
 * these on hover and "Go to definition" lands on them; the mapped types of
 * fields.ts (`ArgsOf`, `OutputsOf`) show neither. The types are those of the
 * mapped types written out, so the two accept the same values
 * (test/provider/generated-types.check.ts compares them).
 */
import type { FieldType, InputField, OutputField, ResourceSchema } from "../provider/resources/fields";
import { RESOURCE_SCHEMAS } from "../provider/resources/schemas";

/** Where the generated file is checked in, from the package's root. */
export const GENERATED_TYPES_PATH = "provider/resources/types.generated.ts";

/** The value of a field as the provider sees it (fields.ts `ValueOf`). */
function valueType(field: InputField | OutputField): string {
  if (field.values) return field.values.map((v) => JSON.stringify(v)).join(" | ");
  const types: Record<FieldType, string> = {
    string: "string",
    boolean: "boolean",
    integer: "number",
    "string[]": "string[]",
    "string map": "Record<string, string>",
    object: "Record<string, unknown>",
  };
  return types[field.type];
}

/** An input as a program may give it (fields.ts `ArgsOf`): an optional one may also be an Output of undefined. */
function argType(field: InputField): string {
  const value = valueType(field);
  const elementwise =
    field.type === "string[]"
      ? "pulumi.Input<pulumi.Input<string>[]>"
      : field.type === "string map" || field.type === "object"
        ? `pulumi.Input<Record<string, pulumi.Input<${field.type === "object" ? "unknown" : "string"}>>>`
        : undefined;
  if (field.required) return elementwise ?? `pulumi.Input<${value}>`;
  return elementwise ? `${elementwise} | pulumi.Input<${value} | undefined>` : `pulumi.Input<${value} | undefined>`;
}

/** An input or output as an instance's property (fields.ts `OutputsOf`, resource-class.ts `OutputProperties`). */
function propertyType(field: InputField | OutputField, always: boolean, nullable: boolean): string {
  return `pulumi.Output<${valueType(field)}${always ? (nullable ? " | null" : "") : " | undefined"}>`;
}

/**
 * The doc comment: the table's description, then what the other columns say that it does not already
 * (most descriptions say "changing it replaces …" and "secret" in the resource's own words).
 */
function docComment(schema: ResourceSchema, field: InputField | OutputField, indent: string): string {
  const input = "change" in field ? field : undefined;
  const notes = [
    input?.change === "replace" && !/\breplaces?\b/i.test(field.description) ? `Changing it replaces the ${schema.noun}.` : "",
    field.secret && !/\bsecret\b/i.test(field.description) ? "Kept secret in the state and outputs." : "",
  ].filter(Boolean);
  const text = [field.description, ...notes].join(" ");
  const tags = input?.default !== undefined ? [`@default ${JSON.stringify(input.default)}`] : [];
  if (tags.length === 0) return `${indent}/** ${text} */`;
  return [`${indent}/**`, `${indent} * ${text}`, ...tags.map((t) => `${indent} * ${t}`), `${indent} */`].join("\n");
}

/** A property, its doc comment above: `declaration` is e.g. `name`, `toolkits?` or `readonly mcpUrl`. */
function member(schema: ResourceSchema, field: InputField | OutputField, declaration: string, type: string): string {
  return `${docComment(schema, field, "  ")}\n  ${declaration}: ${type};`;
}

/** The two interfaces of one table. */
export function resourceInterfaces(schema: ResourceSchema): string {
  const inputs = Object.entries(schema.inputs);
  const outputs = Object.entries(schema.outputs);
  // Args are not readonly, as with `ArgsOf`: programs build and change args objects.
  const args = inputs.map(([k, f]) => member(schema, f, f.required ? k : `${k}?`, argType(f)));
  const properties = [
    ...inputs.map(([k, f]) => member(schema, f, `readonly ${k}`, propertyType(f, f.required === true, false))),
    ...outputs.map(([k, f]) => member(schema, f, `readonly ${k}`, propertyType(f, !f.optional, f.nullable === true))),
  ];
  return [
    `/** The arguments of a new \`${schema.type}\`. */`,
    `export interface ${schema.type}Args {`,
    ...args,
    `}`,
    ``,
    `/**`,
    ` * The properties of each \`${schema.type}\`: its inputs and outputs, each a \`pulumi.Output\`.`,
    ` * ${schema.description}`,
    ` */`,
    `export interface ${schema.type}Properties {`,
    ...properties,
    `}`,
  ].join("\n");
}

/** The whole generated file. */
export function resourceTypesSource(): string {
  const schemas: ResourceSchema[] = Object.values(RESOURCE_SCHEMAS);
  return [
    `// Generated from the field tables (provider/resources/*.schema.ts) by scripts/resource-types.ts.`,
    `// Do not edit: change a table, then run \`npm run generate:types\`.`,
    `import type * as pulumi from "@pulumi/pulumi";`,
    ``,
    ...schemas.map((schema) => resourceInterfaces(schema) + "\n"),
    `/** Each resource's interfaces by class name: the plugin's classes are typed with it, and the check that they match the tables reads it. */`,
    `export interface ResourceTypes {`,
    ...schemas.map((s) => `  ${s.type}: { args: ${s.type}Args; properties: ${s.type}Properties };`),
    `}`,
    ``,
  ].join("\n");
}
