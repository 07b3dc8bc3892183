/**
 * What a tool call answers on the local platform, which never reaches external applications:
 * a result made up from the tool's output schema. It is deterministic (the same tool and
 * arguments give the same result, so tests and agents can rely on it) and conforms to the
 * schema (the SDK client checks `structuredContent` against `outputSchema`).
 */
import { createHash } from "node:crypto";
import type { JsonSchema } from "./tool-schemas";

/** A stream of pseudo-random numbers drawn from a seed, for the values of one result. */
class Draws {
  private block: Buffer;
  private offset = 0;
  private counter = 0;

  constructor(private readonly seed: string) {
    this.block = this.next();
  }

  /** A 32-bit unsigned number. */
  uint(): number {
    if (this.offset + 4 > this.block.length) {
      this.block = this.next();
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  hex(): string {
    return this.uint().toString(16).padStart(8, "0");
  }

  private next(): Buffer {
    return createHash("sha256").update(`${this.seed}\n${this.counter++}`).digest();
  }
}

/** JSON with object keys sorted, so that argument order does not change the seed. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function valueFor(schema: JsonSchema, name: string, draws: Draws): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[draws.uint() % schema.enum.length];
  const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  switch (schema.type) {
    case "string":
      if (typeof example === "string") return example;
      return /url$/i.test(name) ? `https://example.invalid/${name}/${draws.hex()}` : `${name}-${draws.hex()}`;
    case "integer":
      return Number.isInteger(example) ? example : (draws.uint() % 1000) + 1;
    case "number":
      return typeof example === "number" ? example : (draws.uint() % 100_000) / 100;
    case "boolean":
      return draws.uint() % 2 === 0;
    case "array": {
      const items = schema.items as JsonSchema | undefined;
      return items ? [valueFor(items, `${name}_item`, draws)] : [];
    }
    case "object":
      return objectFor(schema, draws);
    default:
      return null;
  }
}

function objectFor(schema: JsonSchema, draws: Draws): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) result[name] = valueFor(property, name, draws);
  return result;
}

/**
 * The structured result of a successful call of `slug` with `args`. Tools of the catalog answer
 * `{ data, successful, error }`: `successful` is true and `error`, null on success (the catalog
 * types it a string, so null would not conform), is left out.
 */
export function simulatedResult(slug: string, args: unknown, outputSchema: JsonSchema): Record<string, unknown> {
  const draws = new Draws(`${slug}\n${canonical(args ?? {})}`);
  const properties = (outputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(outputSchema.required) ? outputSchema.required : [];
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (name === "error" && !required.includes(name)) continue;
    result[name] = name === "successful" && property.type === "boolean" ? true : valueFor(property, name, draws);
  }
  return result;
}
