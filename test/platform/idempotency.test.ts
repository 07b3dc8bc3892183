// Idempotency-Key on creates: one object per key, the first answer replayed,
// a reused key with another request refused, secrets encrypted at rest.
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Store } from "../../platform/store";
import { harness, type Harness } from "./helpers";

describe("Idempotency-Key", () => {
  let h: Harness;
  afterEach(async () => h?.close());

  it("runs a create once per key and replays the first answer", async () => {
    h = await harness();
    const ac = await h.authConfig("github");
    const create = (key: string, name = "Keyed Server") =>
      h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, headers: { "idempotency-key": key }, body: { name, auth_config_ids: [ac.id] } });

    const first = await create("k-1");
    const again = await create("k-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    const list = await h.call({ url: "/api/v3/mcp/app/github?name=Keyed", apiKey: h.apiKey });
    expect(list.body.items).toHaveLength(1);
    expect((await create("k-2")).body.id).not.toBe(first.body.id);
  });

  it("refuses a key reused for a different request, and scopes keys to the caller's project", async () => {
    h = await harness();
    const ac = await h.authConfig("github");
    const other = await h.authConfig("github", undefined, h.otherProjectId);
    const body = { name: "Scoped", auth_config_ids: [ac.id] };
    expect((await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, headers: { "idempotency-key": "k" }, body })).status).toBe(201);

    const changed = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, headers: { "idempotency-key": "k" }, body: { ...body, name: "Changed" } });
    expect(changed.status).toBe(409);
    expect(changed.body.error.slug).toBe("idempotency_key_reused");

    const otherProject = await h.call({
      method: "POST",
      url: "/api/v3/mcp/servers",
      apiKey: h.otherApiKey,
      headers: { "idempotency-key": "k" },
      body: { name: "Scoped", auth_config_ids: [other.id] },
    });
    expect(otherProject.status).toBe(201);
    expect(otherProject.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("does not record refused requests: a corrected retry with the same key runs", async () => {
    h = await harness();
    const bad = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, headers: { "idempotency-key": "k" }, body: { name: "x", auth_config_ids: [] } });
    expect(bad.status).toBe(400);
    const ac = await h.authConfig("github");
    const good = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, headers: { "idempotency-key": "k2" }, body: { name: "Fine Name", auth_config_ids: [ac.id] } });
    expect(good.status).toBe(201);
  });

  it("refuses an empty or over-long key", async () => {
    h = await harness();
    const ac = await h.authConfig("github");
    for (const key of ["", "k".repeat(256)]) {
      const answer = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, headers: { "idempotency-key": key }, body: { name: "Some Name", auth_config_ids: [ac.id] } });
      expect(answer.status, JSON.stringify(key.length)).toBe(400);
      expect(answer.body.error.errors[0]).toMatch(/^idempotency-key:/);
    }
  });

  it("replays a new project's API key without keeping it in plain text on disk", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "idem-"));
    const file = path.join(dir, "platform.db");
    const store = new Store(file);
    h = await harness({ store });
    try {
      const create = () =>
        h.call({ method: "POST", url: "/api/v3/org/owner/project/new", orgKey: h.orgKey, headers: { "idempotency-key": "proj-1" }, body: { name: "keyed-project", should_create_api_key: true } });
      const first = await create();
      const again = await create();
      expect(first.status).toBe(201);
      expect(again.body.api_key).toBe(first.body.api_key);
      const bytes = [file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f).toString("latin1")).join("");
      expect(bytes.includes(first.body.api_key)).toBe(false);
    } finally {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
