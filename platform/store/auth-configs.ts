/** Auth configs (created through the local admin surface; the v3 API only reads them). */
import { newId, newUuid } from "../ids";
import { sealClearColumn, type Db } from "./db";
import { int, toJson } from "./json";
import { flag, json, rowReader, sealedJson, text, type RowReader } from "./rows";
import type { Secrets } from "./secrets";

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

/** The record's columns; `credentials` is sealed at rest (secrets.ts), so its reader needs the store's Secrets. */
const recordReader = (secrets: Secrets): RowReader<AuthConfigRecord> => rowReader<AuthConfigRecord>({
  id: text,
  uuid: text,
  project_id: text,
  toolkit_slug: text,
  name: text,
  auth_scheme: text,
  type: text,
  is_platform_managed: flag,
  credentials: sealedJson(secrets, {}),
  restrict_to_following_tools: json([]),
  status: text,
  created_by: text,
  created_at: text,
  updated_at: text,
});

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
  private readonly toRecord: RowReader<AuthConfigRecord>;

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
  ) {
    this.toRecord = recordReader(secrets);
  }

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
        this.secrets.seal(toJson(input.credentials)),
        toJson(input.restrictToFollowingTools ?? []),
        input.createdBy,
        input.at,
        input.at,
      );
    return this.get(input.projectId, id)!;
  }

  /** An auth config of the project; another project's answers undefined. */
  get(projectId: string, id: string): AuthConfigRecord | undefined {
    return this.toRecord(this.db.stmt(`SELECT ${COLUMNS} FROM auth_configs WHERE id = ? AND project_id = ?`).get(id, projectId));
  }

  list(projectId: string): AuthConfigRecord[] {
    return this.db
      .stmt(`SELECT ${COLUMNS} FROM auth_configs WHERE project_id = ? ORDER BY auto_id`)
      .all(projectId)
      .map((row) => this.toRecord(row)!);
  }

  connectionCount(id: string): number {
    return (this.db.stmt("SELECT COUNT(*) AS n FROM connected_accounts WHERE auth_config_id = ?").get(id) as { n: number }).n;
  }

  /** Seals credentials stored in clear by a version without sealing; answers how many. */
  sealClearRows(): number {
    return sealClearColumn(this.db, this.secrets, "auth_configs", "credentials");
  }

  idForUuid(projectId: string, uuid: string): string | undefined {
    const row = this.db.stmt("SELECT id FROM auth_configs WHERE uuid = ? AND project_id = ?").get(uuid, projectId) as
      | { id: string }
      | undefined;
    return row?.id;
  }
}
