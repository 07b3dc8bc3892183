/**
 * Finding 5 of issue 14: the database, its WAL and SHM are 0600 and their folder 0700;
 * credentials (auth config secrets, connected accounts' keys and tokens, webhook secrets) are
 * encrypted at rest — a `strings`-like scan of the files finds none of them — while the API
 * answers them as before; clear rows of an earlier version are sealed when the store opens.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalAuthConfig, startPlatform } from "../../platform/index";
import { keyFileOf, SECRET_KEY_ENV, SecretKeyError, Store } from "../../platform/store";

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ip-secrets-"));
  db = join(dir, "data", "platform.db");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;
const files = (path: string) => [path, `${path}-wal`, `${path}-shm`].filter(existsSync);

/** The secrets found in the database files, as `strings` would find them. */
function inFiles(path: string, secrets: string[]): string[] {
  const found: string[] = [];
  for (const file of files(path)) {
    const bytes = readFileSync(file);
    for (const secret of secrets) if (bytes.includes(Buffer.from(secret, "utf8"))) found.push(`${secret} in ${file}`);
  }
  return found;
}

async function json(response: Response): Promise<any> {
  return response.json();
}

describe("file modes", () => {
  it("creates the folder 0700 and the database, WAL, SHM and key file 0600", async () => {
    const platform = await startPlatform({ port: 0, db, seed: "demo" });
    try {
      await fetch(`${platform.url}/api/v3/mcp/servers`, {
        method: "POST",
        headers: { "x-api-key": platform.apiKey!, "content-type": "application/json" },
        body: JSON.stringify({ name: "Mode Check", auth_config_ids: [] }),
      });
      expect(mode(join(dir, "data"))).toBe(0o700);
      expect(files(db)).toHaveLength(3);
      for (const file of [...files(db), keyFileOf(db)]) expect([file, mode(file)]).toEqual([file, 0o600]);
    } finally {
      await platform.close();
    }
  });
});

describe("credentials at rest", () => {
  it("stores none of them in clear, and answers them as the API defines", async () => {
    const platform = await startPlatform({ port: 0, db, seed: "demo" });
    const clientSecret = "CLIENT-SECRET-3f9a1c7e5b";
    const apiKeyValue = "lin_api_SECRET_7d2e9b4c1a";
    let webhookSecret: string;
    try {
      const project = await json(
        await fetch(`${platform.url}/api/v3/org/owner/project/${platform.projectId}`, { headers: { "x-org-api-key": platform.orgApiKey! } }),
      );
      webhookSecret = project.webhook_secret;
      expect(webhookSecret).toMatch(/^whsec_/);
      const authConfigId = await createLocalAuthConfig(platform.url, platform.orgApiKey!, {
        project_id: platform.projectId!,
        toolkit: "linear",
        auth_scheme: "API_KEY",
        credentials: { client_id: "cid", client_secret: clientSecret },
      });
      const account = await json(
        await fetch(`${platform.url}/api/v3/connected_accounts`, {
          method: "POST",
          headers: { "x-api-key": platform.apiKey!, "content-type": "application/json" },
          body: JSON.stringify({ auth_config: { id: authConfigId }, connection: { user_id: "zoe", state: { val: { api_key: apiKeyValue } } } }),
        }),
      );
      // The answers are as before: the webhook secret in clear to its organization, credentials masked.
      expect(account.connectionData.val.api_key).toBe(`…${apiKeyValue.slice(-4)}`);
      const listed = await json(await fetch(`${platform.url}/_local/auth_configs?project_id=${platform.projectId}`, { headers: { "x-org-api-key": platform.orgApiKey! } }));
      expect(listed.items.find((c: any) => c.id === authConfigId).credentials.client_secret).toBe(`…${clientSecret.slice(-4)}`);
      // The store reads them back in clear.
      expect(platform.store.authConfigs.get(platform.projectId!, authConfigId)!.credentials.client_secret).toBe(clientSecret);
      expect(platform.store.connectedAccounts.get(platform.projectId!, account.id)!.val.api_key).toBe(apiKeyValue);
      expect(platform.store.projects.get(platform.projectId!)!.webhook_secret).toBe(webhookSecret);
      // While the server runs (WAL in use) ...
      expect(inFiles(db, [clientSecret, apiKeyValue, webhookSecret, "lin_api_demo"])).toEqual([]);
    } finally {
      await platform.close();
    }
    // ... and once it has stopped.
    expect(inFiles(db, [clientSecret, apiKeyValue, webhookSecret!, "lin_api_demo"])).toEqual([]);
  });

  it("seals clear rows of an earlier version when the store opens, leaving no clear copy", async () => {
    // Rows as a version without sealing wrote them: written through the store, then overwritten in clear.
    const first = new Store(db);
    const at = new Date().toISOString();
    const ids = first.transaction(() => {
      const org = first.orgs.create({ name: "o", at });
      const p = first.projects.create({ orgId: org.id, name: "legacy", email: "l@example.com", config: {} as never, webhookSecret: "x", at });
      const ac = first.authConfigs.create({ projectId: p.id, toolkitSlug: "linear", name: "l", authScheme: "API_KEY", isPlatformManaged: false, credentials: {}, createdBy: "m", at });
      const ca = first.connectedAccounts.create({ projectId: p.id, authConfigId: ac.id, userId: "u", status: "ACTIVE", authScheme: "API_KEY", val: {}, callbackUrl: null, redirectUrl: () => null, at });
      return { project: p.id, authConfig: ac.id, account: ca.id };
    });
    first.close();
    const raw = new DatabaseSync(db);
    raw.prepare("UPDATE projects SET webhook_secret = ? WHERE id = ?").run("whsec_LEGACYCLEARSECRET0001", ids.project);
    raw.prepare("UPDATE auth_configs SET credentials = ? WHERE id = ?").run(JSON.stringify({ client_secret: "LEGACY-CLIENT-SECRET-0002" }), ids.authConfig);
    raw.prepare("UPDATE connected_accounts SET val = ? WHERE id = ?").run(JSON.stringify({ api_key: "LEGACY-API-KEY-0003" }), ids.account);
    raw.close();
    const legacy = ["whsec_LEGACYCLEARSECRET0001", "LEGACY-CLIENT-SECRET-0002", "LEGACY-API-KEY-0003"];
    expect(inFiles(db, legacy).length).toBeGreaterThan(0);

    const reopened = new Store(db);
    try {
      expect(reopened.projects.get(ids.project)!.webhook_secret).toBe(legacy[0]);
      expect(reopened.authConfigs.get(ids.project, ids.authConfig)!.credentials).toEqual({ client_secret: legacy[1] });
      expect(reopened.connectedAccounts.get(ids.project, ids.account)!.val).toEqual({ api_key: legacy[2] });
      expect(inFiles(db, legacy)).toEqual([]);
    } finally {
      reopened.close();
    }
    expect(inFiles(db, legacy)).toEqual([]);
  });
});

describe("auth configs' shared credentials and proxy key at rest", () => {
  it("seals them on write and, in rows of an earlier version, when the store opens", () => {
    const shared = "SHARED-TOKEN-8c1e4f2a9d";
    const proxyKey = "PROXY-KEY-5b7d3e1f0a";
    const first = new Store(db);
    const at = new Date().toISOString();
    const ids = first.transaction(() => {
      const org = first.orgs.create({ name: "o", at });
      const p = first.projects.create({ orgId: org.id, name: "proxy", email: "p@example.com", config: {} as never, webhookSecret: "x", at });
      const sealed = first.authConfigs.create({
        projectId: p.id, toolkitSlug: "linear", name: "sealed", authScheme: "API_KEY", isPlatformManaged: false, credentials: {}, createdBy: "m", at,
        sharedCredentials: { token: shared }, proxyConfig: { proxy_url: "https://proxy.example.com", proxy_auth_key: proxyKey },
      });
      const legacy = first.authConfigs.create({ projectId: p.id, toolkitSlug: "linear", name: "legacy", authScheme: "API_KEY", isPlatformManaged: false, credentials: {}, createdBy: "m", at });
      return { project: p.id, sealed: sealed.id, legacy: legacy.id };
    });
    expect(first.authConfigs.get(ids.project, ids.sealed)).toMatchObject({
      shared_credentials: { token: shared },
      proxy_config: { proxy_url: "https://proxy.example.com", proxy_auth_key: proxyKey },
    });
    first.close();
    expect(inFiles(db, [shared, proxyKey])).toEqual([]);

    // The legacy row as a version without sealing wrote it.
    const raw = new DatabaseSync(db);
    raw.prepare("UPDATE auth_configs SET shared_credentials = ?, proxy_config = ? WHERE id = ?").run(
      JSON.stringify({ token: "LEGACY-SHARED-0004" }),
      JSON.stringify({ proxy_url: "https://proxy.example.com", proxy_auth_key: "LEGACY-PROXY-KEY-0005" }),
      ids.legacy,
    );
    raw.close();
    const legacy = ["LEGACY-SHARED-0004", "LEGACY-PROXY-KEY-0005"];
    expect(inFiles(db, legacy).length).toBeGreaterThan(0);
    const reopened = new Store(db);
    try {
      expect(reopened.authConfigs.get(ids.project, ids.legacy)).toMatchObject({
        shared_credentials: { token: legacy[0] },
        proxy_config: { proxy_auth_key: legacy[1] },
      });
      expect(reopened.authConfigs.get(ids.project, ids.sealed)!.shared_credentials).toEqual({ token: shared });
    } finally {
      reopened.close();
    }
    expect(inFiles(db, [...legacy, shared, proxyKey])).toEqual([]);
  });
});

describe("the secret key", () => {
  it("comes from INTEGRATION_PLATFORM_SECRET_KEY when given, and a different key is refused by name", () => {
    const keyA = "a".repeat(32) + "-first-key";
    const store = new Store(db, { secretKey: keyA });
    const at = new Date().toISOString();
    const id = store.transaction(() => {
      const org = store.orgs.create({ name: "o", at });
      return store.projects.create({ orgId: org.id, name: "p", email: "p@example.com", config: {} as never, webhookSecret: "whsec_ENVKEYSECRET", at }).id;
    });
    store.close();
    expect(existsSync(keyFileOf(db))).toBe(false);
    const error = (() => {
      try {
        new Store(db, { secretKey: "b".repeat(40) }).close();
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SecretKeyError);
    expect((error as Error).message).toContain(SECRET_KEY_ENV);
    expect(() => new Store(join(dir, "other.db"), { secretKey: "short" })).toThrow(SECRET_KEY_ENV);
    const again = new Store(db, { secretKey: keyA });
    try {
      expect(again.projects.get(id)!.webhook_secret).toBe("whsec_ENVKEYSECRET");
    } finally {
      again.close();
    }
  });

  it("is otherwise kept beside the database, so a restart reads what was sealed", () => {
    const store = new Store(db);
    const at = new Date().toISOString();
    const id = store.transaction(() => {
      const org = store.orgs.create({ name: "o", at });
      return store.projects.create({ orgId: org.id, name: "p", email: "p@example.com", config: {} as never, webhookSecret: "whsec_FILEKEYSECRET", at }).id;
    });
    store.close();
    expect(mode(keyFileOf(db))).toBe(0o600);
    const again = new Store(db);
    try {
      expect(again.projects.get(id)!.webhook_secret).toBe("whsec_FILEKEYSECRET");
    } finally {
      again.close();
    }
  });
});
