// Applies prisma/migrations in order, each in its own transaction, recording them in Prisma's
// own _prisma_migrations table so `prisma migrate status` agrees where Prisma's engines exist.
// The same code path runs on PGlite and PostgreSQL; concurrent instances serialise on a lock.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { SqlDriver } from "./sql-driver.js";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations/", import.meta.url));
const MIGRATION_LOCK_ID = 7_466_151; // any constant shared by all instances

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(`${dir}${name}/migration.sql`, "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Applies what is pending; returns the names applied now. */
export async function applyMigrations(driver: SqlDriver, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return driver.withLock(MIGRATION_LOCK_ID, async (conn) => {
    await conn.exec(CREATE_TABLE);
    const applied = await appliedMigrationNames(conn);
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await conn.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
      });
      done.push(migration.name);
    }
    return done;
  });
}

/** Names of migrations in the repository that the database has not applied. */
export async function pendingMigrations(driver: SqlDriver, dir = MIGRATIONS_DIR): Promise<string[]> {
  const [migrations, tables] = await Promise.all([
    readMigrations(dir),
    driver.query<{ present: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`),
  ]);
  if (!tables[0]?.present) return migrations.map((m) => m.name);
  const applied = await appliedMigrationNames(driver);
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}

async function appliedMigrationNames(driver: SqlDriver): Promise<Set<string>> {
  const rows = await driver.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return new Set(rows.map((r) => r.migration_name));
}
