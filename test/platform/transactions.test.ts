import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { Store } from "../../platform/store";
import { Db } from "../../platform/store/db";
import { Transactions } from "../../platform/store/transactions";
import { harness } from "./helpers";

/** A WAL database file with one table, its Transactions, and a second connection to watch what is committed. */
function fixture() {
  const dir = mkdtempSync(join(tmpdir(), "transactions-"));
  const path = join(dir, "t.db");
  const raw = new DatabaseSync(path);
  raw.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON");
  raw.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE item (id TEXT PRIMARY KEY, parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`);
  const db = new Db(raw);
  const other = new DatabaseSync(path);
  const committed = () => (other.prepare("SELECT id FROM item ORDER BY id").all() as { id: string }[]).map((row) => row.id);
  const insert = (id: string, parent: number | null = null) => db.stmt("INSERT INTO item (id, parent) VALUES (?, ?)").run(id, parent);
  const close = () => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, tx: new Transactions(db), committed, insert, close };
}

let current: ReturnType<typeof fixture> | undefined;
const open = () => (current = fixture());
afterEach(() => {
  current?.close();
  current = undefined;
});

describe("Transactions", () => {
  it("commits the writes of one turn of the event loop together, and settles none before the commit", async () => {
    const { tx, committed, insert } = open();
    const settled: string[] = [];
    const a = tx.write(() => (insert("a"), "a")).then((v) => settled.push(v));
    const b = tx.write(() => (insert("b"), "b")).then((v) => settled.push(v));
    expect(tx.pending).toBe(true);
    expect(committed()).toEqual([]); // another connection sees nothing yet
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    expect(settled).toEqual([]); // not acknowledged before the commit (after this turn of the event loop)
    await Promise.all([a, b]);
    expect(settled).toEqual(["a", "b"]);
    expect(committed()).toEqual(["a", "b"]);
    expect(tx.pending).toBe(false);
  });

  it("undoes only the write that throws; the others of its batch commit", async () => {
    const { tx, committed, insert } = open();
    const kept = tx.write(() => insert("kept"));
    expect(() =>
      tx.write(() => {
        insert("undone");
        throw new Error("refused");
      }),
    ).toThrow("refused");
    const after = tx.write(() => insert("after"));
    await Promise.all([kept, after]);
    expect(committed()).toEqual(["after", "kept"]);
  });

  it("answers a read that saw an open batch only once the batch is committed", async () => {
    const { db, tx, insert } = open();
    const order: string[] = [];
    const write = tx.write(() => insert("x")).then(() => order.push("write"));
    const read = tx
      .read(() => (db.stmt("SELECT COUNT(*) AS n FROM item").get() as { n: number }).n)
      .then((n) => order.push(`read ${n}`));
    await Promise.all([write, read]);
    expect(order).toEqual(["write", "read 1"]);
  });

  it("reads in a snapshot of their own when no write is open", async () => {
    const { db, tx, insert } = open();
    tx.transaction(() => insert("y"));
    expect(await tx.read(() => db.stmt("SELECT id FROM item").all())).toEqual([{ id: "y" }]);
    expect(db.isTransaction).toBe(false);
  });

  it("fails every request of a batch whose commit fails, and keeps none of its writes", async () => {
    const { tx, committed, insert } = open();
    // A deferred foreign key is checked at COMMIT: the batch's commit fails.
    const good = tx.write(() => insert("good"));
    const bad = tx.write(() => insert("orphan", 42));
    const read = tx.read(() => "seen");
    await expect(good).rejects.toThrow(/FOREIGN KEY/);
    await expect(bad).rejects.toThrow(/FOREIGN KEY/);
    await expect(read).rejects.toThrow(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    // The next batch starts clean.
    await tx.write(() => insert("later"));
    expect(committed()).toEqual(["later"]);
  });

  it("commits an open batch before a synchronous transaction, which commits before returning", async () => {
    const { tx, committed, insert } = open();
    const batched = tx.write(() => insert("batched"));
    tx.transaction(() => insert("sync"));
    expect(committed()).toEqual(["batched", "sync"]);
    await batched;
  });

  it("lets nested calls join the outer transaction", async () => {
    const { tx, committed, insert } = open();
    await tx.write(() => {
      insert("outer");
      tx.transaction(() => insert("inner"));
    });
    expect(committed()).toEqual(["inner", "outer"]);
  });

  it("refuses an async function", () => {
    const { tx } = open();
    expect(() => tx.transaction(() => Promise.resolve(1))).toThrow("synchronous functions");
  });
});

describe("requests through the app", () => {
  it("answers concurrent creates only once another connection to the file sees them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "transactions-app-"));
    const path = join(dir, "platform.db");
    const h = await harness({ store: new Store(path) });
    const other = new DatabaseSync(path);
    try {
      const github = await h.authConfig("github", "OAUTH2");
      const visible = (id: string) => other.prepare("SELECT 1 FROM mcp_servers WHERE id = ?").get(id) !== undefined;
      const seenOnAnswer = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          h
            .call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: `concurrent-${i}`, auth_config_ids: [github.id] } })
            .then((answer) => {
              expect(answer.status).toBe(201);
              return visible(answer.body.id as string);
            }),
        ),
      );
      expect(seenOnAnswer).toEqual(Array(10).fill(true));
    } finally {
      other.close();
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
