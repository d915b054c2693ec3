// kill -9 of a server process under concurrent PUT /v1/config load loses no acknowledged write.
// PostgreSQL only (a second process cannot open the embedded database): runs when TEST_DATABASE_URL is set.
//
// What is asserted, and why it is exact: a 200 is sent only after the change and its audit row
// committed together (one transaction). So every acknowledged write has its audit row. A request
// that had no answer when the process died may or may not have committed (the COMMIT can land and
// the process die before the 200 is written), so it may add a row, but never more than one. Hence
//   acknowledged ⊆ audited ⊆ acknowledged ∪ unanswered,
// checked per write (each carries a unique marker), which gives
//   acknowledged ≤ audit rows ≤ acknowledged + unanswered.
// And the stored configuration of each organisation is the "after" of its latest audit row.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { createApiKey } from "../../src/domain/api-keys.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import { openDatabase, type Database } from "../../src/storage/open-database.js";
import { freshPostgres } from "./support/fresh-postgres.js";

const adminUrl = process.env.TEST_DATABASE_URL;
const BIN = new URL("../../bin/clearance.js", import.meta.url).pathname;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `clearance serve` as an operator runs it, on the given database, in its own process. */
async function startServerProcess(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, "serve"], {
    cwd: mkdtempSync(join(tmpdir(), "clearance-crash-")), // no .env or *.pem found by accident
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000",
      RATE_LIMIT_PER_IP_PER_MINUTE: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Registered only where PostgreSQL exists (npm test on a bare machine has none).
if (adminUrl) describe("kill -9 under concurrent PUT /v1/config load", () => {
  it("loses no acknowledged write, and adds at most the unanswered ones", async () => {
    const database = await freshPostgres(adminUrl, "crash");
    cleanups.push(() => database.remove());
    const db: Database = await openDatabase({ databaseUrl: database.url });
    cleanups.push(() => db.close());
    const organisations: { id: string; key: string }[] = [];
    for (let i = 1n; i <= 4n; i++) {
      await recordInstallation(db.prisma, { id: 9000n + i, accountLogin: `crash-${i}` });
      const organisation = await claimInstallation(db.prisma, 9000n + i);
      organisations.push({ id: organisation.id, key: (await createApiKey(db.prisma, { installationId: 9000n + i })).key });
    }

    const first = await startServerProcess(database.url);
    const acknowledged = new Set<string>();
    const unanswered = new Set<string>();
    let sent = 0;
    let killed = false;
    const writer = async (w: number) => {
      const organisation = organisations[w % organisations.length]!;
      while (!killed) {
        const marker = `w${w}-${sent++}`;
        unanswered.add(marker);
        try {
          const res = await fetch(`${first.base}/v1/config`, {
            method: "PUT",
            headers: { authorization: `Bearer ${organisation.key}`, "content-type": "application/json" },
            body: JSON.stringify({ profile: { company: marker }, eu_inference: w % 2 === 0 }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`PUT answered ${res.status}`);
          unanswered.delete(marker);
          acknowledged.add(marker);
        } catch (error) {
          if (!killed) throw error;
          return; // the connection died with the process: this write's fate is unknown
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));
    // Kill in the middle of the load, once enough writes were acknowledged.
    while (acknowledged.size < 150) await new Promise((r) => setTimeout(r, 10));
    killed = true;
    first.child.kill("SIGKILL");
    await Promise.all(writers);
    await new Promise((resolve) => (first.child.exitCode !== null || first.child.signalCode !== null ? resolve(undefined) : first.child.once("exit", resolve)));
    expect(first.child.signalCode).toBe("SIGKILL");

    // The database after the crash, seen through a restarted server and directly.
    const second = await startServerProcess(database.url);
    type Fields = { profile: { company?: string }; eu_inference: boolean };
    const audited = await db.sql.query<{ organisation_id: string; company: string; before: Fields; after: Fields }>(
      `SELECT organisation_id, after->'profile'->>'company' AS company, before, after FROM audit_records WHERE action = 'config.update'`,
    );
    const markers = new Set(audited.map((row) => row.company));
    expect(markers.size).toBe(audited.length); // one audit row per write, never two
    for (const marker of acknowledged) expect(markers.has(marker) ? marker : `lost: ${marker}`).toBe(marker);
    for (const marker of markers) expect(acknowledged.has(marker) || unanswered.has(marker) ? marker : `never sent: ${marker}`).toBe(marker);
    expect(audited.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(audited.length).toBeLessThanOrEqual(acknowledged.size + unanswered.size);

    // Each organisation's writes form one chain (each "before" is the previous "after": the row
    // lock serialised them), and what is stored is the chain's end. Timestamps cannot order them:
    // a request takes its time before it waits for the lock.
    for (const organisation of organisations) {
      const rows = audited.filter((row) => row.organisation_id === organisation.id);
      const befores = rows.map((row) => row.before.profile.company ?? "(none)");
      expect(new Set(befores).size).toBe(befores.length);
      const ends = rows.filter((row) => !befores.includes(row.company));
      expect(ends).toHaveLength(1);
      const res = await fetch(`${second.base}/v1/config`, { headers: { authorization: `Bearer ${organisation.key}` } });
      const stored = (await res.json()) as { profile: unknown; eu_inference: boolean };
      expect(stored.profile).toEqual(ends[0]!.after.profile);
      expect(stored.eu_inference).toBe(ends[0]!.after.eu_inference);
    }
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));
  }, 180_000);
});
