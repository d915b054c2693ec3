import type { Database } from "../storage/open-database.js";
import type { CliContext } from "./types.js";

/** Opens the configured database for one command and closes it whatever happens. */
export async function withDatabase<T>(context: CliContext, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await context.openDatabase();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
