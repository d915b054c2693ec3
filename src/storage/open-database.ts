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
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const url = new URL(databaseUrl);
  return {
    prisma,
    sql: postgresDriver(pool),
    kind: "postgres",
    description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
    async close() {
      await prisma.$disconnect(); // PrismaPg may end the pool it was given; end it only if not
      if (!pool.ending) await pool.end();
    },
  };
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
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    sql: pgliteDriver(client),
    kind: "pglite",
    description,
    async close() {
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
