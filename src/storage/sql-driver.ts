// The raw SQL the service runs outside Prisma (migrations, readiness), on either database.
import type { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import type pg from "pg";

export interface SqlDriver {
  kind: "pglite" | "postgres";
  /** Runs several statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs fn on one connection inside BEGIN/COMMIT, rolling back if it throws. */
  transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T>;
  /** Runs fn on one connection while holding an exclusive lock (a no-op lock on PGlite, which has one connection). */
  withLock<T>(lockId: number, fn: (conn: SqlDriver) => Promise<T>): Promise<T>;
}

export function pgliteDriver(db: PGlite): SqlDriver {
  const driver: SqlDriver = {
    kind: "pglite",
    async exec(sql) {
      await db.exec(sql);
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await db.query<Row>(sql, params)).rows;
    },
    async transaction(fn) {
      return db.transaction(async (tx) =>
        fn({
          ...driver,
          exec: async (sql) => void (await tx.exec(sql)),
          query: async <Row>(sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows,
        }),
      );
    },
    async withLock(_lockId, fn) {
      return fn(driver);
    },
  };
  return driver;
}

/**
 * Statements with parameters run as named prepared statements: PostgreSQL parses and plans each
 * once per connection instead of on every request (the key lookup and the configuration read run
 * on every /v1 request). The name is derived from the text, so one text is one statement.
 */
const statementNames = new Map<string, string>();
function prepared(text: string, values: unknown[]): pg.QueryConfig {
  if (values.length === 0) return { text };
  let name = statementNames.get(text);
  if (!name) {
    name = `clr_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return { name, text, values };
}

export function postgresDriver(pool: pg.Pool): SqlDriver {
  const onClient = (client: pg.PoolClient): SqlDriver => ({
    kind: "postgres",
    exec: async (sql) => void (await client.query(sql)),
    query: async <Row>(sql: string, params: unknown[] = []) => (await client.query(prepared(sql, params))).rows as Row[],
    transaction: async (fn) => {
      await client.query("BEGIN");
      try {
        const result = await fn(onClient(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
    withLock: async (lockId, fn) => {
      await client.query("SELECT pg_advisory_lock($1)", [lockId]);
      try {
        return await fn(onClient(client));
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [lockId]);
      }
    },
  });
  const withClient = async <T>(fn: (driver: SqlDriver) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(onClient(client));
    } finally {
      client.release();
    }
  };
  return {
    kind: "postgres",
    exec: async (sql) => void (await pool.query(sql)),
    query: async <Row>(sql: string, params: unknown[] = []) => (await pool.query(prepared(sql, params))).rows as Row[],
    transaction: (fn) => withClient((d) => d.transaction(fn)),
    withLock: (lockId, fn) => withClient((d) => d.withLock(lockId, fn)),
  };
}
