/** Shared `check`: validate inputs with an api/ schema and report failures by input name. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { isUnknown } from "./diff";

/**
 * `body` is the API request built from `inputs` (snake_case); failures are
 * reported against the camelCase input the user wrote, so a 3-character MCP
 * name fails at preview, naming `name`, before any API call.
 */
export function checkWith<I extends object>(
  inputs: I,
  schema: z.ZodType,
  body: Record<string, unknown>,
  extra: dynamic.CheckFailure[] = [],
): dynamic.CheckResult<I> {
  const known = Object.fromEntries(Object.entries(body).filter(([, v]) => !isUnknown(v)));
  const result = schema.safeParse(known);
  const failures: dynamic.CheckFailure[] = [...extra];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, ...rest] = issue.path.map(String);
      // A required field that is only unknown for now is not missing.
      if (field !== undefined && isUnknown(body[field])) continue;
      const property = [field ? inputName(field) : "", ...rest].filter(Boolean).join(".");
      failures.push({ property, reason: `${property || "inputs"} ${issue.message}` });
    }
  }
  return { inputs, failures };
}

/** `auth_config_ids` → `authConfigIds`, `is_2FA_enabled` → `is2FAEnabled`: the input the user wrote. */
export function inputName(field: string): string {
  return field.replace(/_([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
}
