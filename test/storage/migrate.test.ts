import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { applyMigrations, pendingMigrations, readMigrations } from "../../src/storage/migrate.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase, onPostgres } from "../support/database.js";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

describe("migrations applied by the service", () => {
  it("records every migration in Prisma's _prisma_migrations table with its checksum", async () => {
    const migrations = await readMigrations();
    const rows = await db.sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    expect(rows.map((r) => r.checksum)).toEqual(migrations.map((m) => m.checksum));
    expect(rows.every((r) => r.finished_at)).toBe(true);
    expect(await pendingMigrations(db.sql)).toEqual([]);
  });

  it("applies nothing twice, also when instances start at the same time", async () => {
    const results = await Promise.all([applyMigrations(db.sql), applyMigrations(db.sql), applyMigrations(db.sql)]);
    expect(results).toEqual([[], [], []]);
    const count = await db.sql.query<{ n: string }>(`SELECT count(*) AS n FROM "_prisma_migrations"`);
    expect(Number(count[0]!.n)).toBe((await readMigrations()).length);
  });

  it(`runs on ${onPostgres ? "PostgreSQL" : "the embedded PGlite"} with the same schema`, async () => {
    expect(db.kind).toBe(onPostgres ? "postgres" : "pglite");
    const tables = await db.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(["api_keys", "audit_records", "configurations", "idempotency_records", "installations", "organisations"]));
  });
});
