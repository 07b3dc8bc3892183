/**
 * Children belong to their project. A project-scoped resource records the id
 * of the project its key belongs to (`projectId`); a key of another project,
 * or one unknown at preview because its Project is being replaced, replaces
 * the child; a key refused because its project was deleted means the child is
 * gone, when the organization confirms that the project is gone.
 */
import { AuthenticationError, NotFoundError } from "../client";
import { keyHash } from "../client/key-hash";
import { orgClient, projectClient } from "../clients";
import { labelFailure } from "../errors";
import { setting } from "../settings";
import { isUnknown } from "./diff";

/** Project id per key (by hash), for the life of the provider process: a key never moves to another project. */
const projectOfKeyHash = new Map<string, Promise<string>>();

/** The output that records `keyFingerprint` of a project-scoped resource's key. */
export const KEY_FINGERPRINT = "keyFingerprint";

/**
 * A one-way fingerprint of the key a resource acts with (the configured key when `apiKey` is
 * not given), recorded beside `projectId`: while the key stays the same its project cannot have
 * changed, so a no-op preview needs no call to find out. Keys are random, so the digest reveals
 * nothing of them.
 */
export function keyFingerprint(apiKey: string | undefined): string {
  return keyHash(apiKey || setting("apiKey") || "");
}

/** The project a key belongs to (the configured key when `apiKey` is not given). */
export function projectOfKey(apiKey: string | undefined): Promise<string> {
  const hash = keyFingerprint(apiKey);
  let project = projectOfKeyHash.get(hash);
  if (!project) {
    const client = projectClient(apiKey);
    project = labelFailure("reading the project of the API key", async () => (await client.session.info()).project.id);
    projectOfKeyHash.set(hash, project);
    project.catch(() => projectOfKeyHash.delete(hash));
  }
  return project;
}

/**
 * Whether the child recorded under `projectId` must be replaced because its
 * key `apiKey` is unknown (its Project is being replaced) or belongs to
 * another project. A rotated key of the same project is no change. State
 * written before `projectId` was recorded is compared by key only.
 */
export async function ownerChanged(projectId: unknown, apiKey: unknown, recordedFingerprint?: unknown): Promise<boolean> {
  if (isUnknown(apiKey)) return true;
  if (typeof projectId !== "string" || projectId === "") return false;
  if (typeof recordedFingerprint === "string" && recordedFingerprint === keyFingerprint(typeof apiKey === "string" ? apiKey : undefined)) return false;
  return (await projectOfKey(typeof apiKey === "string" ? apiKey : undefined)) !== projectId;
}

/** True only when the organization key is configured and says the project no longer exists. */
async function projectGone(projectId: string): Promise<boolean> {
  if (!setting("orgApiKey")) return false;
  try {
    return (await orgClient().projects.get(projectId)).deleted === true;
  } catch (err) {
    if (err instanceof NotFoundError) return true;
    throw err;
  }
}

function refusedKey(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof AuthenticationError) return true;
  return false;
}

/**
 * `fn`'s result, or undefined when its key was refused (401) because the
 * child's project was deleted: a deleted project takes its keys and its
 * children with it. A key refused for another reason stays a failure, with
 * what to do.
 */
export async function unlessProjectGone<T>(projectId: unknown, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    if (!refusedKey(err) || typeof projectId !== "string" || projectId === "") throw err;
    if (await projectGone(projectId)) return undefined;
    const hint = setting("orgApiKey")
      ? `project "${projectId}" still exists: give the resource a current key of it (apiKey), e.g. the Project's regenerated key.`
      : `if project "${projectId}" was deleted, configure the organization key (integration-platform:orgApiKey) so that the provider can confirm it and forget the resource.`;
    throw new Error(`${err instanceof Error ? err.message : String(err)} The key was refused; ${hint}`, { cause: err });
  }
}
