// The server's PGlite, shared over its socket: a client never runs inside one of the server's
// transactions, and a client that disconnects mid-transaction leaves nothing open behind it.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { shareEmbeddedDatabase, SOCKET_PORT, type SharedEmbeddedDatabase } from "../../src/storage/share-embedded-database.js";

const dir = mkdtempSync(join(tmpdir(), "clearance-share-"));
let db: PGlite;
let shared: SharedEmbeddedDatabase;
beforeAll(async () => {
  db = new PGlite();
  await db.exec("CREATE TABLE t (x int)");
  shared = await shareEmbeddedDatabase(db, dir);
});
afterAll(async () => {
  await shared.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function client() {
  const c = new pg.Client({ host: shared.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" });
  c.on("error", () => {});
  await c.connect();
  return c;
}
const rows = async () => (await db.query<{ x: number }>("SELECT x FROM t ORDER BY x")).rows.map((r) => r.x);

describe("sharing the embedded database over a socket", () => {
  it("listens on a socket only the owner can open", () => {
    expect(statSync(join(shared.socketDir, `.s.PGSQL.${SOCKET_PORT}`)).mode & 0o777).toBe(0o600);
  });

  it("rolls back the transaction of a client that disconnects inside it", async () => {
    const c = await client();
    await c.query("BEGIN");
    await c.query("INSERT INTO t VALUES (1)");
    (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await db.query("INSERT INTO t VALUES (2)"); // would join the client's open transaction
    expect(await rows()).toEqual([2]);
    const other = await client();
    expect((await other.query("SELECT x FROM t")).rows).toEqual([{ x: 2 }]); // committed, seen from outside
    await other.end();
  });

  it("keeps a client out of a transaction the server is running", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (3)");
        await held;
        throw new Error("rolled back on purpose");
      })
      .catch(() => "rolled back");
    const reading = client().then(async (c) => {
      const seen = (await c.query("SELECT x FROM t ORDER BY x")).rows.map((r: { x: number }) => r.x);
      await c.end();
      return seen;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await transaction).toBe("rolled back");
    expect(await reading).toEqual([2]); // never the server's uncommitted 3
    expect(await rows()).toEqual([2]);
  });
});
