/** The Project resource, declared once: see fields.ts for what each column means. */
import type { InputsOf, OutputsOf, ResourceSchema } from "./fields";
import { adoptId, createdAt, updatedAt } from "./common-fields";

export const PROJECT = {
  type: "Project",
  description:
    "A project of the organization (acts with the organization key). create = POST /org/owner/project/new, " +
    "refresh = GET /org/owner/project/{id}, a name change replaces, delete = DELETE /org/owner/project/{id}.",
  key: "organization",
  noun: "project",
  shortNoun: "project",
  inputs: {
    name: { api: "name", type: "string", required: true, change: "replace", description: "3-64 letters, digits, spaces, hyphens, underscores; unique in the organization. Changing it replaces the project." },
    createApiKey: { api: "should_create_api_key", type: "boolean", writeOnly: true, change: "update", default: false, description: "Issue a project API key, exposed as the secret output `apiKey`." },
    adoptId: adoptId("project"),
  },
  outputs: {
    projectId: { api: "id", type: "string", description: "The project's nano id (the resource id too)." },
    orgId: { api: "org_id", type: "string", description: "The organization the project belongs to." },
    email: { api: "email", type: "string", description: "The project's contact email." },
    webhookUrl: { api: "webhook_url", type: "string", nullable: true, description: "Where trigger events are delivered." },
    eventWebhookUrl: { api: "event_webhook_url", type: "string", nullable: true, description: "Where platform events are delivered." },
    webhookSecret: { api: "webhook_secret", type: "string", nullable: true, secret: true, description: "Signs webhook deliveries (secret)." },
    triggersEnabled: { api: "triggers_enabled", type: "boolean", description: "Whether the project's triggers fire." },
    webhookVersion: { api: "webhook_version", type: "string", nullable: true, description: "The webhook payload version." },
    createdAt: createdAt("project"),
    updatedAt: updatedAt("project"),
    apiKey: { type: "string", optional: true, secret: true, description: "The project API key (secret); set when `createApiKey` is true." },
  },
} as const satisfies ResourceSchema;

export type ProjectInputs = InputsOf<typeof PROJECT>;
export type ProjectOutputs = OutputsOf<typeof PROJECT>;
