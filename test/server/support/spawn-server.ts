// Runs `clearance serve` as its own process (as an operator or an orchestrator does), against a
// stand-in GitHub over HTTP and a database the test can open between runs: an embedded data
// directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, type Database, type DatabaseLocation } from "../../../src/storage/open-database.js";
import { freshTestPostgres, onPostgres } from "../../support/database.js";
import { testPrivateKey, WEBHOOK_SECRET } from "../../github/support/harness.js";
import { signedWebhook, WEBHOOK_PATH } from "../../github/support/serve-app.js";

const BIN = fileURLToPath(new URL("../../../bin/clearance.js", import.meta.url));

export interface ServerStore {
  env: Record<string, string>;
  location: DatabaseLocation;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/** Where the spawned servers keep their data across restarts. */
export async function serverStore(): Promise<ServerStore> {
  const dir = mkdtempSync(join(tmpdir(), "clearance-process-"));
  if (!onPostgres) {
    const location = { dataDir: join(dir, "data") };
    return {
      env: { DATA_DIR: location.dataDir },
      location,
      open: () => openDatabase(location),
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const postgres = await freshTestPostgres();
  const location = { databaseUrl: postgres.url };
  return {
    env: { DATABASE_URL: location.databaseUrl },
    location,
    open: () => openDatabase(location),
    async remove() {
      rmSync(dir, { recursive: true, force: true });
      await postgres.drop();
    },
  };
}

export interface SpawnedServer {
  url: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  webhook(name: string, payload: unknown): Promise<number>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function spawnServer(store: ServerStore, gheHost: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, "serve"], {
    cwd: tmpdir(), // no .env of the checkout
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      APP_ID: "1",
      PRIVATE_KEY: testPrivateKey(),
      WEBHOOK_SECRET,
      GHE_HOST: gheHost,
      GHE_PROTOCOL: "http",
      ...store.env,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${output.join("")}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output,
    exited,
    async webhook(name, payload) {
      const response = await fetch(`${url}${WEBHOOK_PATH}`, signedWebhook(name, payload));
      await response.arrayBuffer();
      return response.status;
    },
  };
}
