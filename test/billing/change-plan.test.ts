import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createBillingGate, setOverage, setPlan } from "../../src/billing/index.js";
import { DomainError } from "../../src/domain/errors.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";
import { bareInstallation, claimedInstallation } from "./fixtures.js";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

const CLAIMED = new Date("2026-11-02T00:00:00Z");
const DURING_TRIAL = new Date("2026-11-05T00:00:00Z");

describe("setPlan", () => {
  it("puts a claimed installation on a paid plan, which then applies over its trial, and audits it", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    const change = await setPlan(db.prisma, id, "pro", DURING_TRIAL);
    expect(change).toMatchObject({ previous: "free", plan: "pro", effective: "pro" });
    const admission = await createBillingGate(db.prisma)({ installationId: id, repositoryId: 1n, pullNumber: 1, private: true, now: DURING_TRIAL });
    expect(admission).toMatchObject({ admitted: true, plan: "pro", kind: "included" });
    const audit = await db.prisma.auditRecord.findFirstOrThrow({ where: { organisation: { installationId: id }, action: "billing.plan_set" } });
    expect(audit).toMatchObject({ actor: "cli", before: { plan: "free" }, after: { plan: "pro" }, createdAt: DURING_TRIAL });
  });

  it("lets a running trial apply again when set back to Free, until it ends", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    await setPlan(db.prisma, id, "starter", DURING_TRIAL);
    const change = await setPlan(db.prisma, id, "free", DURING_TRIAL);
    expect(change).toMatchObject({ previous: "starter", plan: "free", effective: "trial", trialEndsAt: new Date("2026-11-16T00:00:00Z") });
  });

  it("refuses a paid plan for an installation nobody claimed, which stays on Free", async () => {
    const id = await bareInstallation(db.prisma);
    await expect(setPlan(db.prisma, id, "starter", DURING_TRIAL)).rejects.toMatchObject({ code: "not_claimed" });
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id } })).plan).toBe("free");
    await expect(setPlan(db.prisma, id, "free", DURING_TRIAL)).resolves.toMatchObject({ plan: "free", effective: "free" });
  });

  it("refuses an installation that was never recorded", async () => {
    await expect(setPlan(db.prisma, 99_999_999n, "pro", DURING_TRIAL)).rejects.toThrow(DomainError);
  });
});

describe("setOverage", () => {
  it("turns overage on and off for a claimed installation, auditing each change", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    await expect(setOverage(db.prisma, id, true, DURING_TRIAL)).resolves.toEqual({ previous: false, enabled: true });
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id } })).overageEnabled).toBe(true);
    await expect(setOverage(db.prisma, id, false, DURING_TRIAL)).resolves.toEqual({ previous: true, enabled: false });
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id } })).overageEnabled).toBe(false);
    const audits = await db.prisma.auditRecord.findMany({ where: { organisation: { installationId: id }, action: "billing.overage_set" } });
    expect(audits.map((a) => a.after)).toEqual(expect.arrayContaining([{ overage_enabled: true }, { overage_enabled: false }]));
  });

  it("refuses to enable overage where there is no organisation to bill", async () => {
    const id = await bareInstallation(db.prisma);
    await expect(setOverage(db.prisma, id, true, DURING_TRIAL)).rejects.toMatchObject({ code: "not_claimed" });
    await expect(setOverage(db.prisma, id, false, DURING_TRIAL)).resolves.toEqual({ previous: false, enabled: false });
  });
});
