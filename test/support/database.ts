// A fresh, migrated database per test file: in-memory PGlite by default, or a new PostgreSQL
// database when TEST_DATABASE_URL is set (dropped again by close()).
import { openDatabase, type Database } from "../../src/storage/open-database.js";
import { freshPostgresDatabase, type FreshPostgresDatabase } from "../../bench/support/fresh-postgres-database.js";

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server (which must be set), named for this test process. */
export function freshTestPostgres(label = String(process.pid)): Promise<FreshPostgresDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  return freshPostgresDatabase(adminUrl, `test_${label}`);
}

export async function createTestDatabase(): Promise<Database> {
  if (!onPostgres) return openDatabase({ inMemory: true });
  const postgres = await freshTestPostgres();
  const db = await openDatabase({ databaseUrl: postgres.url });
  return {
    ...db,
    async close() {
      await db.close();
      await postgres.drop();
    },
  };
}
