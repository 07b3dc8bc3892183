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

/** When the object was created, as the platform reports it (`created_at`). */
export function createdAt(what: string) {
  return { api: "created_at", type: "string", description: `When the ${what} was created.` } as const satisfies OutputField;
}

/** When the object last changed; most objects report it as `updated_at`, auth configs as `last_updated_at`. */
export function updatedAt<Api extends string = "updated_at">(what: string, api: Api = "updated_at" as Api) {
  return { api, type: "string", description: `When the ${what} last changed.` } as const satisfies OutputField;
}
