/** Inputs that several resources share, declared once. */
import type { InputField, OutputField } from "./fields";

/** The key a project-scoped resource acts with. */
export const API_KEY = {
  type: "string",
  change: "none",
  secret: true,
  description: "Project API key (secret); defaults to `integration-platform:apiKey`.",
} as const satisfies InputField;

/** The project a project-scoped resource lives in: the project of its key when it was made. */
export const PROJECT_ID = {
  type: "string",
  description: "The project the resource lives in (that of its key); a key of another project replaces the resource.",
} as const satisfies OutputField;

/** Adopt an existing object instead of creating one. */
export function adoptId(what: string) {
  return {
    type: "string",
    change: "replace",
    description: `Adopt this existing ${what} (id) instead of creating one; its declared fields are then reconciled.`,
  } as const satisfies InputField;
}

/** The two inputs every object living in a project takes: the project's key and an object to adopt. */
export function projectChildInputs(what: string) {
  return { apiKey: API_KEY, adoptId: adoptId(what) } as const;
}
