import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase, onPostgres } from "../support/database.js";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

describe("a database connection that goes away", () => {
  it(`is replaced without crashing the process (${onPostgres ? "PostgreSQL" : "PGlite, one in-process connection"})`, async () => {
    // Several connections, so that some sit idle in the pool.
    await Promise.all(Array.from({ length: 5 }, () => db.sql.query("SELECT pg_sleep(0.05)")));
    if (onPostgres) {
      // What a PostgreSQL restart or failover does to the pool's idle connections.
      await db.sql.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await db.prisma.installation.count()).toBe(0);
    expect(await db.sql.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });
});
