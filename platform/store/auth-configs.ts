/** Auth configs (created through the local admin surface; the v3 API only reads them). */
import { newId, newUuid } from "../ids";
import type { Db } from "./db";
import { bool, fromJson, int, toJson } from "./json";

export interface AuthConfigRecord {
  id: string;
  uuid: string;
  project_id: string;
  toolkit_slug: string;
  name: string;
  auth_scheme: string;
  type: string;
  is_platform_managed: boolean;
  credentials: Record<string, unknown>;
  restrict_to_following_tools: string[];
  status: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS =
  "id, uuid, project_id, toolkit_slug, name, auth_scheme, type, is_platform_managed, credentials, restrict_to_following_tools, status, created_by, created_at, updated_at";

/** Field by field: rows of node:sqlite are dictionary-mode objects, slow to spread (see json.ts). */
function toRecord(row: Record<string, unknown> | undefined): AuthConfigRecord | undefined {
  if (!row) return undefined;
  return {
    id: row.id as string,
    uuid: row.uuid as string,
    project_id: row.project_id as string,
    toolkit_slug: row.toolkit_slug as string,
    name: row.name as string,
    auth_scheme: row.auth_scheme as string,
    type: row.type as string,
    is_platform_managed: bool(row.is_platform_managed),
    credentials: fromJson(row.credentials, {}),
    restrict_to_following_tools: fromJson(row.restrict_to_following_tools, []),
    status: row.status as string,
    created_by: row.created_by as string,
    created_at: row.created_at as string,
    updated_at: row.updated_at as string,
  };
}

export interface NewAuthConfig {
  projectId: string;
  toolkitSlug: string;
  name: string;
  authScheme: string;
  isPlatformManaged: boolean;
  credentials: Record<string, unknown>;
  restrictToFollowingTools?: string[];
  createdBy: string;
  at: string;
}

export class AuthConfigStore {
  constructor(private readonly db: Db) {}

  create(input: NewAuthConfig): AuthConfigRecord {
    const id = newId("ac");
    this.db
      .stmt(
        `INSERT INTO auth_configs (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 'default', ?, ?, ?, 'ENABLED', ?, ?, ?)`,
      )
      .run(
        id,
        newUuid(),
        input.projectId,
        input.toolkitSlug,
        input.name,
        input.authScheme,
        int(input.isPlatformManaged),
        toJson(input.credentials),
        toJson(input.restrictToFollowingTools ?? []),
        input.createdBy,
        input.at,
        input.at,
      );
    return this.get(input.projectId, id)!;
  }

  /** An auth config of the project; another project's answers undefined. */
  get(projectId: string, id: string): AuthConfigRecord | undefined {
    return toRecord(this.db.stmt(`SELECT ${COLUMNS} FROM auth_configs WHERE id = ? AND project_id = ?`).get(id, projectId));
  }

  list(projectId: string): AuthConfigRecord[] {
    return this.db
      .stmt(`SELECT ${COLUMNS} FROM auth_configs WHERE project_id = ? ORDER BY auto_id`)
      .all(projectId)
      .map((row) => toRecord(row)!);
  }

  connectionCount(id: string): number {
    return (this.db.stmt("SELECT COUNT(*) AS n FROM connected_accounts WHERE auth_config_id = ?").get(id) as { n: number }).n;
  }

  idForUuid(projectId: string, uuid: string): string | undefined {
    const row = this.db.stmt("SELECT id FROM auth_configs WHERE uuid = ? AND project_id = ?").get(uuid, projectId) as
      | { id: string }
      | undefined;
    return row?.id;
  }
}
