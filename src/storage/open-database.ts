// Opens the one database the service runs on: PostgreSQL when a URL is given, otherwise the
// embedded PGlite in a data directory (or in memory, for tests). Both go through Prisma driver
// adapters, so the rest of the code does not know which it has.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";
import { applyMigrations } from "./migrate.js";
import { pgliteDriver, postgresDriver, type SqlDriver } from "./sql-driver.js";

export type Prisma = PrismaClient;

/**
 * Interactive transactions wait for a pooled connection, not give up early: in Prisma 6 with a
 * driver adapter, a transaction whose maxWait (2 s by default) expires while it is being started
 * hands its connection back to the pool with BEGIN sent and no ROLLBACK (prisma/prisma#29719,
 * fixed in 7, which these machines cannot run). That connection then stays "idle in transaction"
 * and a later COMMIT on it would commit the abandoned work. node-pg's pool queues fairly, so
 * waiting is safe; the timeout still bounds a transaction that hangs.
 */
const TRANSACTION_OPTIONS = { maxWait: 60_000, timeout: 60_000 };

export interface Database {
  prisma: PrismaClient;
  sql: SqlDriver;
  kind: "pglite" | "postgres";
  /** For logs and messages: where the data is, never a password. */
  description: string;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { databaseUrl: string }
  | { dataDir: string }
  | { inMemory: true };

export class EmbeddedDatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another Clearance process (pid ${pid}), ` +
        `most likely the running server. The embedded database serves one process at a time: ` +
        `stop that process first, or run the server and operator commands on PostgreSQL (DATABASE_URL).`,
    );
    this.name = "EmbeddedDatabaseInUseError";
  }
}

export interface OpenOptions {
  migrate?: boolean;
  /** Told when PostgreSQL drops an idle pooled connection (a restart, a failover); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Database> {
  const database = "databaseUrl" in location ? openPostgres(location.databaseUrl, options.onIdleConnectionError) : await openPglite(location);
  if (options.migrate !== false) {
    try {
      await applyMigrations(database.sql);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

function openPostgres(databaseUrl: string, onIdleConnectionError: (error: Error) => void = () => {}): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // Without a listener, an idle connection the server ends would crash the process.
  pool.on("error", onIdleConnectionError);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
  const transactions = countTransactions(prisma);
  const url = new URL(databaseUrl);
  return {
    prisma,
    sql: postgresDriver(pool),
    kind: "postgres",
    description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
    async close() {
      // Work still running (a request whose client hung up, a review) finishes first: closing
      // under an open Prisma transaction leaves it waiting forever, and pool.end() with it.
      await waitUntil(() => transactions.running === 0 && pool.totalCount === pool.idleCount && pool.waitingCount === 0);
      await prisma.$disconnect(); // PrismaPg may end the pool it was given; end it only if not
      if (!pool.ending) await pool.end();
    },
  };
}

/** How long close() lets running database work finish before it disconnects anyway. */
const CLOSE_GRACE_MS = 15_000;

async function waitUntil(done: () => boolean, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Counts the interactive transactions running on this client, so close() can let them finish. */
function countTransactions(prisma: PrismaClient): { running: number } {
  const state = { running: 0 };
  const start = prisma.$transaction.bind(prisma) as (...args: unknown[]) => Promise<unknown>;
  (prisma as { $transaction: unknown }).$transaction = (...args: unknown[]) => {
    state.running++;
    return start(...args).finally(() => state.running--);
  };
  return state;
}

async function openPglite(location: { dataDir: string } | { inMemory: true }): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  let description: string;
  if ("dataDir" in location) {
    const dataDir = resolve(location.dataDir);
    mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
    // PGlite needs a directory of its own (initdb refuses a non-empty one); the lock sits beside it.
    client = new PGlite(`${dataDir}/pgdata`);
    description = `embedded PGlite database in ${dataDir}`;
  } else {
    client = new PGlite();
    description = "embedded PGlite database in memory";
  }
  try {
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  // pglite-prisma-adapter 0.6 is typed against driver-adapter-utils 6.10; the runtime contract is
  // the same in 6.19 (verified in shared/notes/prisma-offline.md), only the declarations differ.
  const adapter = new PrismaPGlite(client) as unknown as PrismaPg;
  const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  const transactions = countTransactions(prisma);
  return {
    prisma,
    sql: pgliteDriver(client),
    kind: "pglite",
    description,
    async close() {
      await waitUntil(() => transactions.running === 0); // see the PostgreSQL close()
      await prisma.$disconnect();
      await client.close();
      releaseLock();
    },
  };
}

/** One process per embedded data directory: PGlite would corrupt a directory opened twice. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}/clearance.lock`;
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(lockFile, "utf8").trim());
    if (holder && holder !== process.pid && isAlive(holder)) throw new EmbeddedDatabaseInUseError(dataDir, holder);
    writeFileSync(lockFile, String(process.pid)); // stale lock of a process that is gone
  }
  const release = () => rmSync(lockFile, { force: true });
  process.once("exit", release);
  return () => {
    process.off("exit", release);
    release();
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
