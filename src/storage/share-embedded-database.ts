// Lets other processes (operator commands) use the server's embedded database while the server
// owns it: the server's PGlite answers the PostgreSQL wire protocol on a unix socket that only
// the folder's owner can reach, so one process keeps the files and a revocation made by a
// command is read by the server's very next request.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** The name pg (libpq) gives a server's socket in a directory: host=<dir>, port 5432. */
export const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/** sun_path holds 108 bytes on Linux and 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH = 100;

export interface SharedEmbeddedDatabase {
  /** The directory holding the socket: pg's `host` for it. */
  socketDir: string;
  close(): Promise<void>;
}

export async function shareEmbeddedDatabase(client: PGlite, dataDir: string): Promise<SharedEmbeddedDatabase> {
  let socketDir = dataDir;
  let ownDir = false;
  if (join(socketDir, SOCKET_NAME).length > MAX_SOCKET_PATH) {
    // A deep DATA_DIR cannot hold a socket; a private directory (mode 0700) in the temp folder can.
    socketDir = mkdtempSync(join(tmpdir(), "clearance-"));
    ownDir = true;
  }
  const path = join(socketDir, SOCKET_NAME);
  // The caller holds the folder's lock, so a socket left here belongs to a process that died.
  rmSync(path, { force: true });
  const server = new PGLiteSocketServer({ db: guardTransactions(client), path });
  await server.start();
  // The socket has no password: reaching it must need the same rights as reading the files.
  chmodSync(path, 0o600);
  return {
    socketDir,
    async close() {
      await server.stop();
      rmSync(ownDir ? socketDir : path, { recursive: true, force: true });
    },
  };
}

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

/** A simple-protocol Query message: 'Q', its length, the SQL and a NUL. */
function queryMessage(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const message = Buffer.alloc(5 + text.length);
  message.write("Q", 0, "ascii");
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
const ROLLBACK = queryMessage("ROLLBACK");

/**
 * The socket handler holds PGlite's query lock for as long as a client is connected, but PGlite
 * runs an in-process transaction as a series of queries under its transaction lock, taking the
 * query lock per query. A client attaching between two of those queries would run inside the
 * server's transaction (and could commit or roll back its half-done work). Taking the transaction
 * lock first, as PGlite's own query() does, keeps the two apart. A client that disconnects inside
 * a transaction (a command killed half-way) would leave it open for the server's next query, so
 * it is rolled back before the locks go (query() would wait for the lock held here, hence the raw
 * message).
 */
function guardTransactions(client: PGlite): PGlite {
  const internals = client as unknown as { _runExclusiveTransaction: Exclusive; _runExclusiveQuery: Exclusive };
  const runExclusive: Exclusive = (fn) =>
    internals._runExclusiveTransaction(async () => {
      try {
        return await internals._runExclusiveQuery(fn);
      } finally {
        // Outside a transaction this is only a warning from PostgreSQL, and changes nothing.
        await internals._runExclusiveQuery(() => client.execProtocolRaw(ROLLBACK)).catch(() => {});
      }
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === "runExclusive") return runExclusive;
      const value = Reflect.get(target, property, target) as unknown;
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
