/**
 * Checking a value against a trigger type's field map (its `config` or its `payload`): the
 * catalog's schemas are maps from field name to `{ type, required?, options?, properties? }`.
 */
import type { TriggerType } from "../../api/triggers";

type FieldMap = TriggerType["config"];

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case "string": return typeof value === "string";
    case "number": return typeof value === "number" && Number.isFinite(value);
    case "integer": return typeof value === "number" && Number.isInteger(value);
    case "boolean": return typeof value === "boolean";
    case "array": return Array.isArray(value);
    case "object": return typeof value === "object" && !Array.isArray(value);
    default: return true;
  }
}

/**
 * Problems of `value` against `fields`, each as `<prefix>.<field>: <what is wrong>`: a missing
 * required field, a wrong type, a value outside the options, a field the schema does not have.
 * `owner` (the trigger type's slug) is named in the messages.
 */
export function checkAgainstSchema(fields: FieldMap, value: Readonly<Record<string, unknown>>, prefix: string, owner: string): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const given = value[name];
    if (given === undefined || given === null) {
      if (field.required) problems.push(`${prefix}.${name}: required by ${owner}`);
      continue;
    }
    if (!hasType(field.type, given)) problems.push(`${prefix}.${name}: must be a ${field.type}`);
    if (field.options && !field.options.includes(given)) {
      problems.push(`${prefix}.${name}: must be one of: ${field.options.join(", ")}`);
    }
  }
  for (const name of Object.keys(value)) {
    if (!(name in fields)) problems.push(`${prefix}.${name}: not a field of ${owner} (fields: ${Object.keys(fields).join(", ") || "none"})`);
  }
  return problems;
}
