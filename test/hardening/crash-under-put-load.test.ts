// kill -9 of a server process under concurrent PUT /v1/config load loses no acknowledged write
// (PostgreSQL only, as a second process cannot open the embedded database: runs when
// TEST_DATABASE_URL is set); on any database, connections cut mid-load lose none either.
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
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "@jest/globals";
import { pino } from "pino";
import { createRateLimits } from "../../src/api/rate-limit.js";
import { createApp } from "../../src/server/create-app.js";
import { createApiKey } from "../../src/domain/api-keys.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import { openDatabase, type Database } from "../../src/storage/open-database.js";
import { startHarness } from "../support/api-harness.js";
import { freshTestPostgres } from "../support/database.js";

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

type Organisation = { id: string; key: string };

/** 16 writers PUT unique markers until `cut()` is called once enough are acknowledged. */
async function writeUntilCut(base: string, organisations: Organisation[], cut: () => Promise<void>) {
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
        const res = await fetch(`${base}/v1/config`, {
          method: "PUT",
          headers: { authorization: `Bearer ${organisation.key}`, "content-type": "application/json", connection: "keep-alive" },
          body: JSON.stringify({ profile: { company: marker }, eu_inference: w % 2 === 0 }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`PUT answered ${res.status}`);
        unanswered.delete(marker);
        acknowledged.add(marker);
      } catch (error) {
        if (!killed) throw error;
        return; // the connection died: this write's fate is unknown
      }
    }
  };
  const writers = Array.from({ length: 16 }, (_, w) => writer(w));
  while (acknowledged.size < 150) await new Promise((r) => setTimeout(r, 10));
  killed = true;
  await cut();
  await Promise.all(writers);
  return { acknowledged, unanswered };
}

/** The assertions in the header comment, against the audit table and what a server now serves. */
async function expectNoAcknowledgedWriteLost(
  db: Database,
  organisations: Organisation[],
  outcome: { acknowledged: Set<string>; unanswered: Set<string> },
  base: string,
) {
  const { acknowledged, unanswered } = outcome;
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
    const res = await fetch(`${base}/v1/config`, { headers: { authorization: `Bearer ${organisation.key}` } });
    const stored = (await res.json()) as { profile: unknown; eu_inference: boolean };
    expect(stored.profile).toEqual(ends[0]!.after.profile);
    expect(stored.eu_inference).toBe(ends[0]!.after.eu_inference);
  }
}

describe("connections cut under concurrent PUT /v1/config load (any database)", () => {
  it("loses no acknowledged write, and adds at most the unanswered ones", async () => {
    const h = await startHarness();
    cleanups.push(() => h.close());
    const organisations: Organisation[] = [];
    for (let i = 0; i < 4; i++) {
      const { organisationId, key } = await h.organisation();
      organisations.push({ id: organisationId, key });
    }
    const server = await new Promise<Server>((resolve) => {
      const s: Server = createApp({ db: h.db, log: pino({ level: "silent" }), rateLimits: createRateLimits({ perIpPerMinute: 1e9, perKeyPerMinute: 1e9 }) }).listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Every open connection is dropped mid-load (as a proxy or a network would), the process lives on.
    const outcome = await writeUntilCut(base, organisations, async () => server.closeAllConnections());
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The process lives on: requests whose clients were cut still finish. Wait until they have.
    const count = async () => (await h.db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_records"))[0]!.n;
    for (let last = -1, now = await count(); now !== last; last = now, now = await count()) await new Promise((r) => setTimeout(r, 500));
    await expectNoAcknowledgedWriteLost(h.db, organisations, outcome, h.baseUrl);
  }, 180_000);
});

// Registered only where PostgreSQL exists (npm test on a bare machine has none).
if (adminUrl) describe("kill -9 under concurrent PUT /v1/config load", () => {
  it("loses no acknowledged write, and adds at most the unanswered ones", async () => {
    const database = await freshTestPostgres("crash");
    cleanups.push(() => database.drop());
    const db: Database = await openDatabase({ databaseUrl: database.url });
    cleanups.push(() => db.close());
    const organisations: Organisation[] = [];
    for (let i = 1n; i <= 4n; i++) {
      await recordInstallation(db.prisma, { id: 9000n + i, accountLogin: `crash-${i}` });
      const organisation = await claimInstallation(db.prisma, 9000n + i);
      organisations.push({ id: organisation.id, key: (await createApiKey(db.prisma, { installationId: 9000n + i })).key });
    }

    const first = await startServerProcess(database.url);
    const outcome = await writeUntilCut(first.base, organisations, async () => {
      first.child.kill("SIGKILL");
    });
    await new Promise((resolve) => (first.child.exitCode !== null || first.child.signalCode !== null ? resolve(undefined) : first.child.once("exit", resolve)));
    expect(first.child.signalCode).toBe("SIGKILL");

    // The database after the crash, seen directly and through a restarted server.
    const second = await startServerProcess(database.url);
    await expectNoAcknowledgedWriteLost(db, organisations, outcome, second.base);
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));
  }, 180_000);
});
