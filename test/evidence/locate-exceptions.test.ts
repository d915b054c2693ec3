// Where an exception's finding stands: the path and line its own pull request's last review
// recorded, never those of the same fingerprint on another pull request; null once that record is gone.
import { afterAll, beforeAll, expect, it, jest } from "@jest/globals";
import { acceptFinding } from "../../src/evidence/exceptions/accept-finding.js";
import { listExceptions } from "../../src/evidence/exceptions/list-exceptions.js";
import { locateExceptions } from "../../src/evidence/exceptions/locate-exceptions.js";
import { recordReviewEvidence } from "../../src/evidence/record-review-evidence.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";
import { auditLogFinding } from "./support/seed-evidence.js";

// Opening a database can pass the default 30 s on a shared, loaded machine.
jest.setTimeout(120_000);

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

const now = new Date("2026-11-20T12:00:00Z");
const first = { installationId: 5n, repositoryId: 6n, repoFullName: "acme/api", pullNumber: 1 };
const second = { ...first, pullNumber: 2 };

it("gives each exception the path and line of its own pull request's finding", async () => {
  await recordReviewEvidence(db.prisma, first, "a".repeat(40), [auditLogFinding("abcdef0123", 3)], now);
  await recordReviewEvidence(db.prisma, second, "b".repeat(40), [auditLogFinding("abcdef0123", 40), auditLogFinding("1234567abc", 8)], now);
  // A later review of the second pull request moves its finding.
  await recordReviewEvidence(db.prisma, second, "c".repeat(40), [auditLogFinding("abcdef0123", 41), auditLogFinding("1234567abc", 8)], now);
  const accept = (pr: typeof first, reference: string, minute: number) =>
    acceptFinding(db.prisma, { ...pr, reference, reason: "known", acceptedBy: "octocat", acceptedWith: "admin", now: new Date(now.getTime() + minute * 60_000) });
  await accept(first, "abcdef0", 1);
  await accept(second, "abcdef0", 2);
  await accept(second, "1234567", 3);
  await db.prisma.pullRequestFinding.deleteMany({ where: { pullNumber: 2, fingerprint: "1234567abc" } });

  const located = await locateExceptions(db.prisma, 5n, await listExceptions(db.prisma, 5n, { now: new Date(now.getTime() + 3_600_000) }));
  expect(located.map((e) => [e.pullNumber, e.fingerprint, e.location])).toEqual([
    [1, "abcdef0123", { path: "src/config.ts", line: 3 }],
    [2, "abcdef0123", { path: "src/config.ts", line: 41 }],
    [2, "1234567abc", null],
  ]);
  expect(await locateExceptions(db.prisma, 5n, [])).toEqual([]);
});
