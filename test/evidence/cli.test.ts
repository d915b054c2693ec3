// clearance exception list|revoke and clearance evidence export, in-process against a test
// database, with data recorded through the evidence module's own functions.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import type { Database } from "../../src/storage/open-database.js";
import { cliRunner } from "../support/cli-harness.js";
import { createTestDatabase } from "../support/database.js";
import { validateOscal } from "./support/oscal-validator.js";
import { seedAcceptedFindings } from "./support/seed-evidence.js";

// Opening a database can pass the default 30 s on a shared, loaded machine.
jest.setTimeout(120_000);

let db: Database;
const clock = { now: new Date("2026-11-22T10:00:00Z") };
let run: ReturnType<typeof cliRunner>;
const pr = { installationId: 42n, repositoryId: 7n, repoFullName: "acme/payments", pullNumber: 12 };

let exceptionIds: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  run = cliRunner(db, clock);
  await run("installation", "add", "42", "--account", "acme");
  await run("claim", "42");
  await db.prisma.configuration.updateMany({ data: { frameworks: ["ISO_27001"] } });
  exceptionIds = await seedAcceptedFindings(db.prisma, pr, { aaaaaaa111: 3, bbbbbbb222: 9 }, [
    { fingerprint: "aaaaaaa111", reason: "Scrubbed downstream", until: "2026-11-30", at: "2026-11-20T11:00:00Z" },
    { fingerprint: "bbbbbbb222", reason: "Temporary, see INC-7", until: "2026-11-21", at: "2026-11-20T11:05:00Z" },
  ]);
});
afterAll(async () => db.close());

describe("clearance exception", () => {
  it("lists the exceptions in force, and with --all the expired ones too", async () => {
    const inForce = await run("exception", "list", "42");
    expect(inForce.code).toBe(0);
    expect(inForce.stdout).toHaveLength(1);
    expect(inForce.stdout[0]).toContain(exceptionIds[0]);
    expect(inForce.stdout[0]).toContain("acme/payments#12  aaaaaaa  accepted by octocat 2026-11-20T11:00:00.000Z  until 2026-11-30");
    expect(inForce.stdout[0]).toContain('"Scrubbed downstream"');
    const all = await run("exception", "list", "42", "--all");
    expect(all.stdout).toHaveLength(2);
    expect(all.stdout[1]).toContain("expired after 2026-11-21");
  });

  it("revokes one, in the audit log like the acceptances; it is then neither in force nor revocable again", async () => {
    const result = await run("exception", "revoke", exceptionIds[0]!, "--installation", "42");
    expect(result.code).toBe(0);
    expect(result.stdout[0]).toContain("Revoked exception");
    expect((await run("exception", "list", "42")).stdout).toEqual(["No exceptions in force."]);
    const row = await db.prisma.findingException.findUniqueOrThrow({ where: { id: exceptionIds[0]! } });
    expect(row).toMatchObject({ revokedAt: clock.now, revokedBy: "cli" });
    const audit = await db.prisma.auditRecord.findMany({ where: { action: { startsWith: "exception." } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["exception.accept", "github:octocat"],
      ["exception.accept", "github:octocat"],
      ["exception.revoke", "cli"],
    ]);
    expect(audit[0]!.after).toMatchObject({ id: exceptionIds[0], reason: "Scrubbed downstream", expires_at: "2026-12-01T00:00:00.000Z", permission: "admin" });
    const again = await run("exception", "revoke", exceptionIds[0]!);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already revoked");
  });

  it("refuses an unknown exception, another organisation's, and bad usage", async () => {
    expect((await run("exception", "revoke", "00000000-0000-4000-8000-000000000000")).code).toBe(1);
    expect((await run("exception", "revoke", "not-an-id")).code).toBe(1);
    expect((await run("exception", "revoke", exceptionIds[1]!, "--installation", "43")).code).toBe(1);
    expect((await run("exception", "list")).code).toBe(2);
    expect((await run("exception", "list", "99")).code).toBe(1);
  });
});

describe("clearance evidence export", () => {
  it("prints the ledger of a month as JSON by default", async () => {
    const result = await run("evidence", "export", "42", "--period", "2026-11");
    expect(result.code).toBe(0);
    const ledger = JSON.parse(result.stdout.join("\n"));
    expect(ledger.frameworks).toEqual(["ISO_27001"]);
    expect(ledger.controls.map((c: { framework: string; id: string }) => `${c.framework} ${c.id}`)).toEqual(["ISO_27001 A.8.15"]);
    // Judged at the merge (2026-11-20 12:00): both exceptions held then.
    expect(ledger.totals).toEqual({ pullRequests: 1, findings: 2, fixed: 0, accepted: 2, open: 0 });
    expect(ledger.controls[0].findings[0].pullRequest).toEqual({ state: "merged", mergedAt: "2026-11-20T12:00:00.000Z", mergedBy: "hubot", closedAt: "2026-11-20T12:00:00.000Z" });
  });

  it("exports CSV and OSCAL for a quarter, dates and other frameworks, to stdout or a file", async () => {
    const csv = await run("evidence", "export", "42", "--quarter", "2026-Q4", "--format", "csv", "--framework", "SOC_2");
    expect(csv.code).toBe(0);
    const lines = csv.stdout.join("\n").split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("2026-Q4,SOC_2,CC7.2,Monitoring of system components for anomalies,acme/payments,12,");
    const dir = await mkdtemp(join(tmpdir(), "clearance-evidence-"));
    const file = join(dir, "ledger.json");
    const oscal = await run("evidence", "export", "42", "--from", "2026-11-20", "--to", "2026-11-20", "--format", "oscal", "--output", file);
    expect(oscal.stdout).toEqual([`Wrote the oscal evidence ledger of 2026-11-20..2026-11-20 to ${file}.`]);
    const document = JSON.parse(await readFile(file, "utf8"));
    expect(validateOscal(document)).toEqual([]);
    expect(document["assessment-results"].results[0].risks).toHaveLength(2);
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses a missing or double period, a bad period, format or framework with exit code 2", async () => {
    for (const args of [
      ["evidence", "export", "42"],
      ["evidence", "export", "42", "--period", "2026-11", "--quarter", "2026-Q4"],
      ["evidence", "export", "42", "--period", "November"],
      ["evidence", "export", "42", "--quarter", "2026-Q0"],
      ["evidence", "export", "42", "--from", "2026-11-01"],
      ["evidence", "export", "42", "--from", "2026-11-10", "--to", "2026-11-01"],
      ["evidence", "export", "42", "--period", "2026-11", "--format", "xml"],
      ["evidence", "export", "42", "--period", "2026-11", "--framework", "NOPE"],
    ]) {
      const result = await run(...args);
      expect([args.join(" "), result.code]).toEqual([args.join(" "), 2]);
      expect(result.stderr).toContain("usage: clearance evidence export");
    }
    expect((await run("evidence", "export", "99", "--period", "2026-11")).code).toBe(1);
  });
});
