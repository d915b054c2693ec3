// A throwaway PostgreSQL database on the server at adminUrl, dropped again by drop(): for one
// benchmark run, one test file, a spawned server or several pools of one test. The one place that
// creates them: the benches use it, and test/ imports it from here (bench/ never imports test/).
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/** label: part of the database's name (letters, digits, _), to tell whose leftovers a server holds. */
export async function freshPostgresDatabase(adminUrl: string, label = "bench"): Promise<FreshPostgresDatabase> {
  const name = `clearance_${label}_${randomBytes(4).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A connection of its own per statement: no idle admin session is held while the database is in use. */
async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
