// A fresh PostgreSQL database on TEST_DATABASE_URL's server, by URL, for tests that run more than
// one process or pool on it; dropped by remove().
import { randomBytes } from "node:crypto";
import pg from "pg";

export async function freshPostgres(adminUrl: string, label: string): Promise<{ url: string; remove(): Promise<void> }> {
  const name = `clearance_test_${label}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async remove() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
