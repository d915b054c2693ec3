import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createBillingGate, getUsageReport, setOverage, setPlan } from "../../src/billing/index.js";
import type { AdmitReview } from "../../src/billing/types.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";
import { bareInstallation, claimedInstallation, fillUsage } from "./fixtures.js";

let db: Database;
let admit: AdmitReview;
beforeAll(async () => {
  db = await createTestDatabase();
  admit = createBillingGate(db.prisma);
});
afterAll(async () => db.close());

const NOV = new Date("2026-11-20T08:00:00Z");

describe("getUsageReport", () => {
  it("reports a bare installation on Free with nothing used", async () => {
    const id = await bareInstallation(db.prisma);
    expect(await getUsageReport(db.prisma, id, NOV)).toEqual({
      installationId: id,
      claimed: false,
      plan: "free",
      storedPlan: "free",
      trialEndsAt: null,
      period: "2026-11",
      periodEndsAt: new Date("2026-12-01T00:00:00Z"),
      private: { allowance: 10, grantThisPeriod: 0, used: 0, reviewedInTrial: 0, remaining: 10 },
      public: { used: 0, cap: 500, remaining: 500 },
      grant: { used: false, size: 3 },
      overageEnabled: false,
      extras: { count: 0, amountCents: 0 },
    });
  });

  it("reports the trial as unlimited and keeps trial reviews apart from the allowance after it ends", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-11-01T00:00:00Z"));
    for (const pullNumber of [1, 2, 3]) await admit({ installationId: id, repositoryId: 1n, pullNumber, private: true, now: new Date("2026-11-10T00:00:00Z") });
    const during = await getUsageReport(db.prisma, id, new Date("2026-11-10T00:00:00Z"));
    expect(during).toMatchObject({ plan: "trial", trialEndsAt: new Date("2026-11-15T00:00:00Z"), private: { allowance: null, remaining: null, used: 0, reviewedInTrial: 3 } });
    await admit({ installationId: id, repositoryId: 1n, pullNumber: 4, private: true, now: NOV });
    const after = await getUsageReport(db.prisma, id, NOV);
    expect(after).toMatchObject({ plan: "free", private: { allowance: 10, used: 1, reviewedInTrial: 3, remaining: 9 } });
  });

  it("reports the grant, public reviews, overage and this period's extras with their amount", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await setPlan(db.prisma, id, "starter", NOV);
    await setOverage(db.prisma, id, true, NOV);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 100, pool: "private" });
    await fillUsage(db.prisma, id, { period: "2026-11", count: 7, pool: "public" });
    for (let pullNumber = 1; pullNumber <= 27; pullNumber++) await admit({ installationId: id, repositoryId: 1n, pullNumber, private: true, now: NOV });
    const report = await getUsageReport(db.prisma, id, NOV);
    expect(report).toMatchObject({
      plan: "starter",
      private: { allowance: 100, grantThisPeriod: 25, used: 127, remaining: 0 },
      public: { used: 7, remaining: 493 },
      grant: { used: true, period: "2026-11", size: 25, grantedAt: NOV },
      overageEnabled: true,
      extras: { count: 2, amountCents: 98 },
    });
    const december = await getUsageReport(db.prisma, id, new Date("2026-12-01T00:00:00Z"));
    expect(december).toMatchObject({ period: "2026-12", private: { grantThisPeriod: 0, used: 0, remaining: 100 }, grant: { used: true, period: "2026-11" }, extras: { count: 0, amountCents: 0 } });
  });
});
