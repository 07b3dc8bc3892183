/** Organizations, projects, API keys and the session-info endpoint. */
import { z } from "zod";
import { CursorQuery, DeletedAnswer, Id, Timestamp, cursorPage } from "./common";

/**
 * Project names: the spec says "unique and follow format rules" without the
 * rules. These are ours: 3-64 characters of letters, digits, spaces, hyphens
 * and underscores, starting with a letter or digit.
 */
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _-]{2,63}$/;
export const ProjectName = z
  .string()
  .regex(
    PROJECT_NAME_PATTERN,
    "must be 3-64 characters of letters, digits, spaces, hyphens and underscores, starting with a letter or digit",
  );

const webhookFields = {
  webhook_url: z.string().nullable().optional(),
  event_webhook_url: z.string().nullable().optional(),
  /** Secret: never log or store it in plain text. */
  webhook_secret: z.string().nullable().optional(),
  triggers_enabled: z.boolean(),
  last_subscribed_at: Timestamp.nullable().optional(),
  is_new_webhook: z.boolean().optional(),
  webhook_version: z.string().nullable().optional(),
};

/** Project as listed by the organization (list form). */
export const ProjectListItem = z.looseObject({
  id: Id,
  org_id: z.string(),
  name: z.string(),
  email: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  ...webhookFields,
  deleted: z.boolean(),
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;

export const OrgSummary = z.looseObject({ id: z.string(), name: z.string(), plan: z.string() });

/** Project as the session-info endpoint returns it (session form). */
export const ProjectSession = ProjectListItem.extend({
  auto_id: z.number().int(),
  nano_id: z.string(),
  org: OrgSummary,
});
export type ProjectSession = z.infer<typeof ProjectSession>;

export const ApiKeyRecord = z.looseObject({
  auto_id: z.number().int(),
  id: z.string(),
  name: z.string(),
  project_id: z.string(),
  org_member_id: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  deleted_at: z.string().nullable().optional(),
  /** Secret: the platform masks it; never log it. */
  key: z.string(),
  deleted: z.boolean(),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

export const OrgMember = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
});
export type OrgMember = z.infer<typeof OrgMember>;

export const SessionInfo = z.looseObject({
  project: ProjectSession,
  api_key: ApiKeyRecord.nullable().optional(),
  org_member: OrgMember,
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** Body of POST /org/owner/project/new. `config` takes any project configuration fields. */
export const CreateProjectBody = z.strictObject({
  name: ProjectName,
  should_create_api_key: z.boolean().default(false),
  config: z.record(z.string(), z.unknown()).optional(),
});
export type CreateProjectBody = z.input<typeof CreateProjectBody>;

export const CreateProjectResponse = z.looseObject({
  id: z.string(),
  name: z.string(),
  /** Present only when should_create_api_key was true. Secret. */
  api_key: z.string().optional(),
});
export type CreateProjectResponse = z.infer<typeof CreateProjectResponse>;

export const ListProjectsQuery = z.looseObject({ ...CursorQuery });
export type ListProjectsQuery = z.input<typeof ListProjectsQuery>;
export const ListProjectsResponse = cursorPage("data", ProjectListItem);
export type ListProjectsResponse = z.infer<typeof ListProjectsResponse>;

export const ProjectIdParams = z.object({ nano_id: Id });

export const DeleteProjectResponse = DeletedAnswer;
export type DeleteProjectResponse = z.infer<typeof DeleteProjectResponse>;

export const RegenerateApiKeyResponse = z.looseObject({ api_key: z.string() });
export type RegenerateApiKeyResponse = z.infer<typeof RegenerateApiKeyResponse>;
