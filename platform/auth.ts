/**
 * Authentication by the route's scheme. Project keys go in `x-api-key`,
 * organization keys in `x-org-api-key`. Keys are stored as sha256 hashes; the
 * hash found by lookup is compared again in constant time. No message or log
 * line ever carries a key.
 *
 * Who a key stands for is remembered per store, by key hash, while
 * `store.principalsVersion()` stays the same: any write to organizations, members,
 * projects or keys (a revoked or regenerated key, a deleted project, a changed config),
 * or a commit by another connection, forgets everything. Only keys that authenticate
 * are remembered; the records handed out are frozen, since requests share them.
 */
import type { IncomingHttpHeaders } from "node:http";
import { AUTH_HEADERS, type AuthScheme } from "../api";
import { ApiError } from "./errors";
import { isWellFormedKey, keyDigest, sameHash } from "./ids";
import type { Org, OrgKey, OrgMember, Project, ProjectKey, Store } from "./store";

export interface ProjectAuth {
  kind: "project";
  project: Project;
  key: ProjectKey;
  org: Org;
}

export interface OrgAuth {
  kind: "org";
  org: Org;
  key: OrgKey;
  member: OrgMember;
}

export type AuthFor<S extends AuthScheme> = S extends "apiKey" ? ProjectAuth : S extends "orgApiKey" ? OrgAuth : undefined;

/** A header's first value, trimmed; undefined when absent or blank. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (Array.isArray(value)) return value[0]?.trim() || undefined;
  return value?.trim() || undefined;
}

const NEEDS = {
  apiKey: `a project API key in the ${AUTH_HEADERS.apiKey} header`,
  orgApiKey: `an organization API key in the ${AUTH_HEADERS.orgApiKey} header`,
} as const;

function findProjectKey(store: Store, hash: Buffer): { key: ProjectKey; project: Project } | undefined {
  const found = store.projects.findKeyByHash(hash);
  if (!found || !sameHash(found.key_hash, hash)) return undefined;
  const project = store.projects.get(found.project_id);
  return project ? { key: found, project } : undefined;
}

function findOrgKey(store: Store, hash: Buffer): OrgKey | undefined {
  const found = store.orgs.findKeyByHash(hash);
  return found && sameHash(found.key_hash, hash) ? found : undefined;
}

/** Keys remembered per store at most (a store has few; the bound only caps memory). */
const REMEMBERED_KEYS = 1000;
const remembered = new WeakMap<Store, { version: number; principals: Map<string, ProjectAuth | OrgAuth> }>();

/** The store's remembered principals, emptied first if its principals may have changed. */
function principalsOf(store: Store): Map<string, ProjectAuth | OrgAuth> {
  const version = store.principalsVersion();
  let entry = remembered.get(store);
  if (!entry || entry.version !== version) {
    entry = { version, principals: new Map() };
    remembered.set(store, entry);
  }
  return entry.principals;
}

function remember<A extends ProjectAuth | OrgAuth>(principals: Map<string, ProjectAuth | OrgAuth>, id: string, auth: A): A {
  for (const record of Object.values(auth)) if (typeof record === "object") Object.freeze(record);
  if (auth.kind === "project") Object.freeze(auth.project.config);
  Object.freeze(auth);
  if (principals.size >= REMEMBERED_KEYS) principals.clear();
  principals.set(id, auth);
  return auth;
}

/**
 * The key of the header the scheme needs, checked without the store: missing (401), only in the
 * other scheme's header (403) or malformed (401) throw. Run before the body is read, so a caller
 * without a key costs no parsing (http/handlers.ts), and again by `authenticate`.
 */
export function presentedKey(scheme: "apiKey" | "orgApiKey", headers: IncomingHttpHeaders): string {
  const ownHeader = AUTH_HEADERS[scheme];
  const otherScheme = scheme === "apiKey" ? "orgApiKey" : "apiKey";
  const otherHeader = AUTH_HEADERS[otherScheme];
  const key = headerValue(headers, ownHeader);
  if (!key) {
    if (headerValue(headers, otherHeader)) {
      throw new ApiError(403, "forbidden", `This route needs ${NEEDS[scheme]}; ${otherHeader} is not accepted here.`, {
        suggestedFix: `Send ${NEEDS[scheme]}.`,
      });
    }
    throw new ApiError(401, "unauthorized", `Missing API key: this route needs ${NEEDS[scheme]}.`, {
      suggestedFix: `Send ${NEEDS[scheme]}.`,
    });
  }
  if (!isWellFormedKey(key)) throw invalidKey(scheme);
  return key;
}

/** Built only when thrown: an Error captures a stack trace, which costs more than the lookup. */
function invalidKey(scheme: "apiKey" | "orgApiKey"): ApiError {
  return new ApiError(401, "unauthorized", `The key in ${AUTH_HEADERS[scheme]} is invalid or has been revoked.`, {
    suggestedFix: `Send a current key; ${scheme === "apiKey" ? "a project's keys can be regenerated with an organization key" : "organization keys come from the platform's administrator"}.`,
  });
}

export function authenticate(store: Store, scheme: "apiKey", headers: IncomingHttpHeaders): ProjectAuth;
export function authenticate(store: Store, scheme: "orgApiKey", headers: IncomingHttpHeaders): OrgAuth;
export function authenticate(store: Store, scheme: AuthScheme, headers: IncomingHttpHeaders): ProjectAuth | OrgAuth | undefined;
export function authenticate(store: Store, scheme: AuthScheme, headers: IncomingHttpHeaders): ProjectAuth | OrgAuth | undefined {
  if (scheme === "none") return undefined;
  const ownHeader = AUTH_HEADERS[scheme];
  const key = presentedKey(scheme, headers);
  const invalid = () => invalidKey(scheme);

  const digest = keyDigest(key);
  const principals = principalsOf(store);
  const id = `${scheme}:${digest}`;
  const known = principals.get(id);
  if (known) return known;
  const hash = Buffer.from(digest, "base64");

  if (scheme === "apiKey") {
    const found = findProjectKey(store, hash);
    if (found) {
      const org = store.orgs.get(found.project.org_id);
      if (!org) throw invalid();
      return remember(principals, id, { kind: "project", project: found.project, key: found.key, org });
    }
    if (findOrgKey(store, hash)) {
      throw new ApiError(403, "forbidden", `${ownHeader} carries an organization key; this route needs ${NEEDS.apiKey}.`, {
        suggestedFix: `Send ${NEEDS.apiKey}.`,
      });
    }
    throw invalid();
  }

  const orgKey = findOrgKey(store, hash);
  if (orgKey) {
    const org = store.orgs.get(orgKey.org_id);
    const member = store.orgs.getMember(orgKey.org_member_id);
    if (!org || !member) throw invalid();
    return remember(principals, id, { kind: "org", org, key: orgKey, member });
  }
  if (findProjectKey(store, hash)) {
    throw new ApiError(403, "forbidden", `${ownHeader} carries a project key; this route needs ${NEEDS.orgApiKey}.`, {
      suggestedFix: `Send ${NEEDS.orgApiKey}.`,
    });
  }
  throw invalid();
}
