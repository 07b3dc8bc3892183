/** Turning zod's verdict on a request into the 400 the spec asks for: one `field: message` line per problem. */
import type { z } from "zod";
import { badRequest } from "../errors";

/** zod issues → `field: message` lines, with the field path dotted and `prefix` (e.g. `config`) in front. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix = ""): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) lines.push(`${path ? `${path}.` : ""}${key}: is not a field of this request`);
      continue;
    }
    let message = issue.message;
    if (issue.code === "invalid_type" && /received undefined/.test(message)) message = "is required";
    if (issue.code === "invalid_union" && issue.errors.length) {
      // Report the first branch's problems, which carry the field names.
      const nested = formatIssues(issue.errors[0] ?? [], path);
      if (nested.length) {
        lines.push(...nested);
        continue;
      }
    }
    lines.push(`${path || "body"}: ${message}`);
  }
  return lines;
}

/** `value` parsed by `schema`, or a 400 `Invalid <part>: …` listing every problem. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = formatIssues(result.error.issues);
  throw badRequest(`Invalid ${part}: ${errors.join("; ")}`, errors);
}
