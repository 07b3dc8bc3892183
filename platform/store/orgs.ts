/** Organizations, their members and their API keys. */
import { newId } from "../ids";
import type { Db } from "./db";

export interface Org {
  id: string;
  name: string;
  plan: string;
  created_at: string;
}

export interface OrgMember {
  id: string;
  org_id: string;
  email: string;
  name: string;
  role: string;
}

export interface OrgKey {
  id: string;
  org_id: string;
  org_member_id: string;
  name: string;
  key_hash: Uint8Array;
  key_last4: string;
  created_at: string;
}

export class OrgStore {
  constructor(private readonly db: Db) {}

  create(input: { name: string; plan?: string; at: string }): Org {
    const org: Org = { id: newId("org"), name: input.name, plan: input.plan ?? "free", created_at: input.at };
    this.db
      .stmt("INSERT INTO orgs (id, name, plan, created_at) VALUES (?, ?, ?, ?)")
      .run(org.id, org.name, org.plan, org.created_at);
    return org;
  }

  get(id: string): Org | undefined {
    return this.db.stmt("SELECT id, name, plan, created_at FROM orgs WHERE id = ?").get(id) as Org | undefined;
  }

  /** The oldest organization (the one the CLI bootstrapped). */
  first(): Org | undefined {
    return this.db.stmt("SELECT id, name, plan, created_at FROM orgs ORDER BY rowid LIMIT 1").get() as Org | undefined;
  }

  count(): number {
    return (this.db.stmt("SELECT COUNT(*) AS n FROM orgs").get() as { n: number }).n;
  }

  addMember(input: { orgId: string; email: string; name: string; role: string; at: string }): OrgMember {
    const member: OrgMember = { id: newId("mem"), org_id: input.orgId, email: input.email, name: input.name, role: input.role };
    this.db
      .stmt("INSERT INTO org_members (id, org_id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(member.id, member.org_id, member.email, member.name, member.role, input.at);
    return member;
  }

  getMember(id: string): OrgMember | undefined {
    return this.db.stmt("SELECT id, org_id, email, name, role FROM org_members WHERE id = ?").get(id) as
      | OrgMember
      | undefined;
  }

  /** The owner (first member) of an organization. */
  owner(orgId: string): OrgMember | undefined {
    return this.db
      .stmt("SELECT id, org_id, email, name, role FROM org_members WHERE org_id = ? ORDER BY rowid LIMIT 1")
      .get(orgId) as OrgMember | undefined;
  }

  addKey(input: { orgId: string; memberId: string; name: string; hash: Buffer; last4: string; at: string }): string {
    const id = newId("okey");
    this.db
      .stmt(
        "INSERT INTO org_keys (id, org_id, org_member_id, name, key_hash, key_last4, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(id, input.orgId, input.memberId, input.name, input.hash, input.last4, input.at);
    return id;
  }

  /** A live (not revoked) key by its hash. */
  findKeyByHash(hash: Buffer): OrgKey | undefined {
    return this.db
      .stmt(
        "SELECT id, org_id, org_member_id, name, key_hash, key_last4, created_at FROM org_keys WHERE key_hash = ? AND revoked_at IS NULL",
      )
      .get(hash) as OrgKey | undefined;
  }
}
