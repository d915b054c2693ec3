import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../src/storage/open-database.js";
import { purgeExpiredRecords } from "../../src/storage/purge-expired-records.js";
import { createTestDatabase } from "../support/database.js";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

const now = new Date("2026-11-22T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);

describe("purging expired operational records", () => {
  it("removes expired idempotency records, week-old deliveries and month-old finished jobs, and nothing else", async () => {
    const record = (key: string, expiresAt: Date) => ({ apiKeyId: "k", key, requestHash: "h", state: "completed", createdAt: daysAgo(2), expiresAt });
    await db.prisma.idempotencyRecord.createMany({ data: [record("expired", daysAgo(1)), record("live", new Date(now.getTime() + 1000))] });
    await db.prisma.webhookDelivery.createMany({
      data: [
        { id: "old", event: "pull_request", receivedAt: daysAgo(8) },
        { id: "recent", event: "pull_request", receivedAt: daysAgo(6) },
      ],
    });
    const job = (id: string, status: string, updatedAt: Date) => ({
      id, installationId: 1n, repositoryId: 1n, repoFullName: "a/b", pullNumber: 1, headSha: "a".repeat(40), trigger: "opened", status, createdAt: updatedAt, updatedAt,
    });
    await db.prisma.reviewJob.createMany({
      data: [
        job("00000000-0000-4000-8000-000000000001", "completed", daysAgo(31)),
        job("00000000-0000-4000-8000-000000000002", "failed", daysAgo(40)),
        job("00000000-0000-4000-8000-000000000003", "completed", daysAgo(29)),
        job("00000000-0000-4000-8000-000000000004", "queued", daysAgo(60)), // unfinished work is never purged
      ],
    });

    expect(await purgeExpiredRecords(db.prisma, now)).toEqual({ idempotencyRecords: 1, webhookDeliveries: 1, reviewJobs: 2, oidcSignIns: 0, emailSignIns: 0 });
    expect((await db.prisma.idempotencyRecord.findMany()).map((r) => r.key)).toEqual(["live"]);
    expect((await db.prisma.webhookDelivery.findMany()).map((d) => d.id)).toEqual(["recent"]);
    expect((await db.prisma.reviewJob.findMany({ orderBy: { id: "asc" } })).map((j) => j.status)).toEqual(["completed", "queued"]);
    expect(await purgeExpiredRecords(db.prisma, now)).toEqual({ idempotencyRecords: 0, webhookDeliveries: 0, reviewJobs: 0, oidcSignIns: 0, emailSignIns: 0 });
  });

  it("removes console sign-ins (OpenID Connect, e-mail link) left unfinished past their expiry", async () => {
    const later = new Date(now.getTime() + 60_000);
    await db.prisma.consoleOidcSignIn.createMany({
      data: [
        { stateHash: "expired", browserHash: "b", returnTo: "/", createdAt: daysAgo(1), expiresAt: now },
        { stateHash: "live", browserHash: "b", returnTo: "/", createdAt: now, expiresAt: later },
      ],
    });
    await db.prisma.consoleEmailSignIn.createMany({
      data: [
        { tokenHash: "expired", browserHash: "b", email: "a@example.com", returnTo: "/", createdAt: daysAgo(1), expiresAt: daysAgo(1) },
        { tokenHash: "live", browserHash: "b", email: "a@example.com", returnTo: "/", createdAt: now, expiresAt: later },
      ],
    });
    expect(await purgeExpiredRecords(db.prisma, now)).toMatchObject({ oidcSignIns: 1, emailSignIns: 1 });
    expect((await db.prisma.consoleOidcSignIn.findMany()).map((r) => r.stateHash)).toEqual(["live"]);
    expect((await db.prisma.consoleEmailSignIn.findMany()).map((r) => r.tokenHash)).toEqual(["live"]);
  });
});
