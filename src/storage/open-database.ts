// Opens the one database the service runs on: PostgreSQL when a URL is given, otherwise the
// embedded PGlite in a data directory (or in memory, for tests). Both go through Prisma driver
// adapters, so the rest of the code does not know which it has.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";
import { applyMigrations } from "./migrate.js";
import { shareEmbeddedDatabase, SOCKET_PORT } from "./share-embedded-database.js";
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
  constructor(dataDir: string, pid: number, byServer = false) {
    super(
      byServer
        ? `DATA_DIR ${dataDir} is owned by another running Clearance process (pid ${pid}): stop it, give this server its own DATA_DIR, ` +
            `or run several servers on PostgreSQL (DATABASE_URL).`
        : `The embedded database in ${dataDir} is in use by another Clearance process (pid ${pid}) that does not share it ` +
            `(another operator command, or a server that is starting or stopping). Try again in a moment; ` +
            `a running server shares the folder with operator commands, and PostgreSQL (DATABASE_URL) serves any number of processes.`,
    );
    this.name = "EmbeddedDatabaseInUseError";
  }
}

export interface OpenOptions {
  migrate?: boolean;
  /**
   * The server sets this: while it owns an embedded data directory, other processes (operator
   * commands) reach the same database through it instead of being turned away.
   */
  shareEmbedded?: boolean;
  /** Told when PostgreSQL drops an idle pooled connection (a restart, a failover); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Database> {
  const database =
    "databaseUrl" in location
      ? openPostgres({ connectionString: location.databaseUrl, max: 10 }, postgresDescription(location.databaseUrl), options.onIdleConnectionError)
      : await openPglite(location, options.shareEmbedded ?? false);
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

function postgresDescription(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

function openPostgres(
  config: pg.PoolConfig,
  description: string,
  onIdleConnectionError: (error: Error) => void = () => {},
  kind: Database["kind"] = "postgres",
): Database {
  // Without a timeout, a start against an unreachable host would hang instead of saying so.
  const pool = new pg.Pool({ connectionTimeoutMillis: 15_000, ...config });
  // Without a listener, an idle connection the server ends would crash the process.
  pool.on("error", onIdleConnectionError);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
  const transactions = countTransactions(prisma);
  return {
    prisma,
    sql: postgresDriver(pool),
    kind,
    description,
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

async function openPglite(location: { dataDir: string } | { inMemory: true }, share: boolean): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  let description: string;
  if ("dataDir" in location) {
    const dataDir = resolve(location.dataDir);
    mkdirSync(dataDir, { recursive: true });
    const taken = lockDataDir(dataDir);
    if ("holder" in taken) {
      // A second server would serve the same files twice over; only commands borrow the owner's.
      if (share) throw new EmbeddedDatabaseInUseError(dataDir, taken.holder.pid, true);
      return openThroughOwner(dataDir, taken.holder);
    }
    lock = taken;
    // PGlite needs a directory of its own (initdb refuses a non-empty one); the lock sits beside it.
    client = new PGlite(`${dataDir}/pgdata`);
    description = `embedded PGlite database in ${dataDir}`;
  } else {
    client = new PGlite();
    description = "embedded PGlite database in memory";
  }
  let shared: { close(): Promise<void> } | undefined;
  try {
    await client.waitReady;
    // pg reaches a unix socket only; on Windows commands keep needing the server stopped.
    if (share && lock && process.platform !== "win32") {
      const sharing = await shareEmbeddedDatabase(client, lock.dataDir);
      lock.record(sharing.socketDir);
      shared = sharing;
    }
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
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
      await shared?.close();
      await prisma.$disconnect();
      await client.close();
      lock?.release();
    },
  };
}

/**
 * The folder is owned by a live process. When that process is a server sharing it, connect
 * through its socket (one connection: the server serves one client at a time); otherwise refuse,
 * since PGlite would corrupt a directory two processes write.
 */
function openThroughOwner(dataDir: string, holder: LockHolder): Database {
  if (!holder.socketDir || !existsSync(`${holder.socketDir}/.s.PGSQL.${SOCKET_PORT}`)) throw new EmbeddedDatabaseInUseError(dataDir, holder.pid);
  return openPostgres(
    // The server's PGlite has one session; a short idle timeout gives it back between commands' bursts.
    { host: holder.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres", max: 1, idleTimeoutMillis: 1_000 },
    `embedded PGlite database in ${dataDir}, through the running server (pid ${holder.pid})`,
    () => {},
    "pglite",
  );
}

interface LockHolder {
  pid: number;
  /** Where the holder serves the database to other processes, if it does. */
  socketDir?: string;
}

interface DataDirLock {
  dataDir: string;
  /** Writes where this process shares the database, for operator commands to find. */
  record(socketDir: string): void;
  release(): void;
}

/**
 * One process per embedded data directory: PGlite would corrupt a directory opened twice. The
 * lock file holds the owner's pid and, on a second line, the socket directory it shares on.
 */
function lockDataDir(dataDir: string): DataDirLock | { holder: LockHolder } {
  const lockFile = `${dataDir}/clearance.lock`;
  try {
    writeFileSync(lockFile, `${process.pid}\n`, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const [pidLine, socketLine] = readFileSync(lockFile, "utf8").split("\n");
    const holder = { pid: Number(pidLine?.trim()), socketDir: socketLine?.trim() || undefined };
    if (holder.pid && holder.pid !== process.pid && isAlive(holder.pid)) return { holder };
    writeFileSync(lockFile, `${process.pid}\n`); // stale lock of a process that is gone
  }
  const release = () => rmSync(lockFile, { force: true });
  process.once("exit", release);
  return {
    dataDir,
    record: (socketDir) => writeFileSync(lockFile, `${process.pid}\n${socketDir}\n`),
    release() {
      process.off("exit", release);
      release();
    },
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
