/**
 * Finding 4 of issue 14: starting on a store with a key remembered in the environment
 * (INTEGRATION_PLATFORM_API_KEY, INTEGRATION_PLATFORM_ORG_API_KEY). A key that was revoked by a
 * regenerate, or deleted with its project, is refused with an error naming the variable, and
 * is never issued again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashKey, newProjectKey } from "../../platform/ids";
import { startPlatform } from "../../platform/index";
import { BootstrapError } from "../../platform/seed";
import { Store } from "../../platform/store";

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ip-keys-"));
  db = join(dir, "platform.db");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const API_KEY = "ipk_" + "R".repeat(40);
const ORG_KEY = "iok_" + "O".repeat(40);

async function call(url: string, path: string, headers: Record<string, string>, method = "GET", body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function startError(options: Parameters<typeof startPlatform>[0]): Promise<BootstrapError> {
  const error = await startPlatform(options).then(
    async (platform) => {
      await platform.close();
      throw new Error("start-up succeeded");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BootstrapError);
  return error as BootstrapError;
}

describe("start-up with a remembered project key", () => {
  it("refuses a key revoked by regenerate_api_key, naming the variable (no raw UNIQUE error)", async () => {
    const first = await startPlatform({ port: 0, db, seed: "demo", apiKey: API_KEY, orgApiKey: ORG_KEY });
    const regenerated = await call(first.url, `/api/v3/org/owner/project/${first.projectId}/regenerate_api_key`, { "x-org-api-key": ORG_KEY }, "POST");
    expect(regenerated.status).toBe(200);
    await first.close();

    const error = await startError({ port: 0, db, apiKey: API_KEY, orgApiKey: ORG_KEY });
    expect(error.message).toContain("INTEGRATION_PLATFORM_API_KEY");
    expect(error.message).toContain("revoked");
    expect(error.message).not.toContain("UNIQUE");

    // The store is as it was: the regenerated key still works, the old one does not.
    const again = await startPlatform({ port: 0, db, orgApiKey: ORG_KEY });
    try {
      expect((await call(again.url, "/api/v3/auth/session/info", { "x-api-key": API_KEY })).status).toBe(401);
      expect((await call(again.url, "/api/v3/auth/session/info", { "x-api-key": regenerated.body.api_key })).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it("refuses the key of a deleted project instead of issuing it to another project", async () => {
    const first = await startPlatform({ port: 0, db, seed: "demo", apiKey: API_KEY, orgApiKey: ORG_KEY });
    const other = await call(first.url, "/api/v3/org/owner/project/new", { "x-org-api-key": ORG_KEY }, "POST", { name: "survivor" });
    expect(other.status).toBe(201);
    expect((await call(first.url, `/api/v3/org/owner/project/${first.projectId}`, { "x-org-api-key": ORG_KEY }, "DELETE")).status).toBe(200);
    await first.close();

    const error = await startError({ port: 0, db, apiKey: API_KEY, orgApiKey: ORG_KEY });
    expect(error.message).toContain("INTEGRATION_PLATFORM_API_KEY");

    const again = await startPlatform({ port: 0, db, orgApiKey: ORG_KEY });
    try {
      expect((await call(again.url, "/api/v3/auth/session/info", { "x-api-key": API_KEY })).status).toBe(401);
    } finally {
      await again.close();
    }
  });

  it("keeps accepting a live remembered key across restarts", async () => {
    const first = await startPlatform({ port: 0, db, seed: "demo", apiKey: API_KEY });
    await first.close();
    const again = await startPlatform({ port: 0, db, apiKey: API_KEY });
    try {
      expect(again.projectId).toBe(first.projectId);
      expect((await call(again.url, "/api/v3/auth/session/info", { "x-api-key": API_KEY })).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});

describe("the schema never re-issues a retired key", () => {
  it("refuses to insert a project key whose hash was revoked or deleted", async () => {
    const store = new Store(":memory:");
    try {
      const platform = await startPlatform({ port: 0, store, seed: "demo", apiKey: API_KEY });
      await platform.close();
      const at = new Date().toISOString();
      const owner = store.orgs.owner(store.orgs.first()!.id)!;
      store.transaction(() => store.projects.revokeKeys(platform.projectId!, at));
      expect(store.retiredKeys.has(hashKey(API_KEY))).toBe(true);
      expect(() =>
        store.transaction(() =>
          store.projects.addKey({ projectId: platform.projectId!, memberId: owner.id, name: "again", hash: hashKey(API_KEY), last4: "RRRR", at }),
        ),
      ).toThrow(/never issued again/);
      // A key that goes with its deleted project is retired too (the cascade fires the trigger).
      const live = newProjectKey();
      store.transaction(() => store.projects.addKey({ projectId: platform.projectId!, memberId: owner.id, name: "live", hash: hashKey(live), last4: live.slice(-4), at }));
      store.transaction(() => store.projects.delete(platform.projectId!));
      expect(store.retiredKeys.has(hashKey(live))).toBe(true);
    } finally {
      store.close();
    }
  });
});
