/** Inputs that several resources share, declared once. */
import type { InputField } from "./fields";

/** The key a project-scoped resource acts with. */
export const API_KEY = {
  type: "string",
  change: "none",
  secret: true,
  description: "Project API key (secret); defaults to `integration-platform:apiKey`.",
} as const satisfies InputField;

/** Adopt an existing object instead of creating one. */
export function adoptId(what: string) {
  return {
    type: "string",
    change: "replace",
    description: `Adopt this existing ${what} (id) instead of creating one; its declared fields are then reconciled.`,
  } as const satisfies InputField;
}
