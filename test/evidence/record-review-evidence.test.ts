// What a review leaves on record for the ledger: first and last seen, moved lines, fixed when a
// later review no longer finds a finding, open again when it comes back.
import { afterAll, beforeAll, expect, it, jest } from "@jest/globals";
import type { Finding } from "../../src/engine/types.js";
import { recordReviewEvidence } from "../../src/evidence/record-review-evidence.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";

// Opening a database can pass the default 30 s on a shared, loaded machine.
jest.setTimeout(120_000);

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

const pr = { installationId: 1n, repositoryId: 2n, repoFullName: "acme/api", pullNumber: 3 };
const finding = (fingerprint: string, line: number, severity: Finding["severity"] = "high"): Finding => ({
  fingerprint,
  ruleId: "secrets.hardcoded",
  path: "src/a.ts",
  line,
  side: "RIGHT",
  area: "secrets",
  severity,
  message: "m",
  title: "Hard-coded secret",
  body: "m",
  controls: [{ framework: "SOC_2", id: "CC6.1", title: "Logical access security" }],
  source: "analyzer",
});
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
const rows = () => db.prisma.pullRequestFinding.findMany({ orderBy: { fingerprint: "asc" } });

it("keeps first and last seen, follows a moved line, marks fixed and reopens", async () => {
  const first = await recordReviewEvidence(db.prisma, pr, "a".repeat(40), [finding("f1", 3), finding("f2", 9), finding("f2", 9)], at(1));
  expect(first.raised).toHaveLength(3);
  expect((await rows()).map((r) => [r.fingerprint, r.line, r.firstSeenAt, r.fixedAt])).toEqual([
    ["f1", 3, at(1), null],
    ["f2", 9, at(1), null],
  ]);

  await recordReviewEvidence(db.prisma, pr, "b".repeat(40), [finding("f1", 5, "medium")], at(2));
  const [f1, f2] = await rows();
  expect(f1).toMatchObject({ line: 5, severity: "medium", firstSeenAt: at(1), lastSeenAt: at(2), lastSeenSha: "b".repeat(40), fixedAt: null });
  expect(f2).toMatchObject({ lastSeenAt: at(1), fixedAt: at(2), fixedSha: "b".repeat(40) });

  await recordReviewEvidence(db.prisma, pr, "c".repeat(40), [finding("f1", 5, "medium"), finding("f2", 9)], at(3));
  expect((await rows()).map((r) => [r.fingerprint, r.fixedAt, r.lastSeenAt])).toEqual([
    ["f1", null, at(3)],
    ["f2", null, at(3)],
  ]);
});
