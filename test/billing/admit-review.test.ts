import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { admitReview, createBillingGate } from "../../src/billing/index.js";
import type { Admission, AdmitReview } from "../../src/billing/types.js";
import { DomainError } from "../../src/domain/errors.js";
import type { Database, Prisma } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";
import { bareInstallation, claimedInstallation, fillUsage, useUpGrant } from "./fixtures.js";

let db: Database;
let admit: AdmitReview;

beforeAll(async () => {
  db = await createTestDatabase();
  admit = createBillingGate(db.prisma);
});
afterAll(async () => {
  await db.close();
});

const NOV = new Date("2026-11-10T12:00:00Z");
const REPO = 42n;

function review(installationId: bigint, pullNumber: number, now = NOV, options: { private?: boolean; repositoryId?: bigint } = {}) {
  return admit({ installationId, repositoryId: options.repositoryId ?? REPO, pullNumber, private: options.private ?? true, now });
}

/** Reviews pull requests first..last one after another and returns the kinds (or reasons). */
async function reviewSeries(installationId: bigint, first: number, last: number, now = NOV, options: { private?: boolean } = {}) {
  const outcomes: string[] = [];
  for (let pr = first; pr <= last; pr++) outcomes.push(outcomeOf(await review(installationId, pr, now, options)));
  return outcomes;
}

function outcomeOf(admission: Admission): string {
  return admission.admitted ? admission.kind : admission.reason;
}

function repeat(value: string, times: number): string[] {
  return Array.from({ length: times }, () => value);
}

describe("a bare installation", () => {
  it("is reviewed under Free: 10 private pull requests, then the one-time grant of 3, then a pause", async () => {
    const id = await bareInstallation(db.prisma);
    expect(await reviewSeries(id, 1, 14)).toEqual([...repeat("included", 10), ...repeat("grant", 3), "allowance_reached"]);
    const last = await review(id, 15);
    expect(last).toMatchObject({ admitted: false, plan: "free", period: "2026-11" });
  });

  it("is told that claiming resumes reviews, since nobody can upgrade or enable overage yet", async () => {
    const id = await bareInstallation(db.prisma);
    await useUpGrant(db.prisma, id);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 10, pool: "private" });
    const paused = await review(id, 1);
    if (paused.admitted) throw new Error("expected a pause");
    expect(paused.title).toMatch(/allowance is reached/);
    expect(paused.resumes).toMatch(/2026-12-01/);
    expect(paused.resumes).toMatch(/claimed/);
    expect(paused.resumes).not.toMatch(/upgrade|overage/);
    expect(paused.resumesAt).toEqual(new Date("2026-12-01T00:00:00Z"));
    expect(paused.resumeOptions).toEqual(["next_period", "claim"]);
  });

  it("fails loudly for an installation that was never recorded", async () => {
    await expect(review(987_654_321n, 1)).rejects.toThrow(DomainError);
  });
});

describe("counting per pull request", () => {
  it("counts a re-push or a command on the same pull request once a period", async () => {
    const id = await bareInstallation(db.prisma);
    expect(outcomeOf(await review(id, 7))).toBe("included");
    expect(outcomeOf(await review(id, 7))).toBe("already_counted");
    expect(outcomeOf(await review(id, 7, new Date("2026-11-29T00:00:00Z")))).toBe("already_counted");
    expect(await db.prisma.usageRecord.count({ where: { installationId: id } })).toBe(1);
  });

  it("tells pull requests apart by repository", async () => {
    const id = await bareInstallation(db.prisma);
    expect(outcomeOf(await review(id, 1, NOV, { repositoryId: 1n }))).toBe("included");
    expect(outcomeOf(await review(id, 1, NOV, { repositoryId: 2n }))).toBe("included");
  });

  it("admits a pull request counted earlier this period even when the allowance is now exhausted", async () => {
    const id = await bareInstallation(db.prisma);
    await useUpGrant(db.prisma, id);
    expect(await reviewSeries(id, 1, 11)).toEqual([...repeat("included", 10), "allowance_reached"]);
    expect(await review(id, 3)).toMatchObject({ admitted: true, kind: "already_counted", plan: "free" });
  });

  it("counts the same pull request again in the next period", async () => {
    const id = await bareInstallation(db.prisma);
    expect(outcomeOf(await review(id, 1, NOV))).toBe("included");
    const december = await review(id, 1, new Date("2026-12-01T00:00:00Z"));
    expect(december).toMatchObject({ admitted: true, kind: "included", period: "2026-12" });
  });
});

describe("billing periods (calendar months in UTC)", () => {
  it("resets the allowance at 00:00 UTC on the first of the month, not before", async () => {
    const id = await bareInstallation(db.prisma);
    await useUpGrant(db.prisma, id);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 10, pool: "private" });
    expect(await review(id, 1, new Date("2026-11-30T23:59:59.999Z"))).toMatchObject({ admitted: false, reason: "allowance_reached", period: "2026-11" });
    expect(await review(id, 1, new Date("2026-12-01T00:00:00.000Z"))).toMatchObject({ admitted: true, kind: "included", period: "2026-12" });
  });

  it("uses UTC, not the server's local date, at a year boundary", async () => {
    const id = await bareInstallation(db.prisma);
    expect(await review(id, 1, new Date("2026-12-31T23:30:00-02:00"))).toMatchObject({ period: "2027-01" });
  });
});

describe("the trial", () => {
  const CLAIMED = new Date("2026-11-02T09:30:00Z");
  const TRIAL_END = new Date(CLAIMED.getTime() + 14 * 24 * 60 * 60 * 1000);

  it("reviews private pull requests without limit while it runs, without using the grant", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    expect(await reviewSeries(id, 1, 30, new Date("2026-11-10T00:00:00Z"))).toEqual(repeat("trial", 30));
    const installation = await db.prisma.installation.findUniqueOrThrow({ where: { id } });
    expect(installation.grantPeriod).toBeNull();
  });

  it("ends exactly 14 × 24 hours after the claim, with no job run", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    expect(await review(id, 1, new Date(TRIAL_END.getTime() - 1))).toMatchObject({ admitted: true, kind: "trial", plan: "trial" });
    expect(await review(id, 2, TRIAL_END)).toMatchObject({ admitted: true, kind: "included", plan: "free" });
  });

  it("leaves the whole Free allowance for the rest of the month it ends in", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    expect(await reviewSeries(id, 1, 15, new Date(TRIAL_END.getTime() - 1000))).toEqual(repeat("trial", 15));
    expect(await reviewSeries(id, 16, 26, TRIAL_END)).toEqual([...repeat("included", 10), "grant"]);
  });

  it("does not count a pull request reviewed in the trial again after it ends in the same month", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    expect(outcomeOf(await review(id, 1, new Date(TRIAL_END.getTime() - 1)))).toBe("trial");
    expect(await review(id, 1, TRIAL_END)).toMatchObject({ admitted: true, kind: "already_counted", plan: "free" });
  });

  it("gives way to a paid plan set by an operator", async () => {
    const id = await claimedInstallation(db.prisma, CLAIMED);
    await db.prisma.installation.update({ where: { id }, data: { plan: "starter" } });
    expect(await review(id, 1, new Date("2026-11-03T00:00:00Z"))).toMatchObject({ admitted: true, kind: "included", plan: "starter" });
  });
});

describe("plan allowances", () => {
  it.each([
    ["starter", 100, 25],
    ["pro", 500, 125],
    ["business", 2000, 500],
  ])("%s includes %i private pull requests a period, then grants %i once", async (plan, allowance, grant) => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await db.prisma.installation.update({ where: { id }, data: { plan } });
    await fillUsage(db.prisma, id, { period: "2026-11", count: allowance - 1, pool: "private" });
    expect(await reviewSeries(id, 1, 2)).toEqual(["included", "grant"]);
    const installation = await db.prisma.installation.findUniqueOrThrow({ where: { id } });
    expect(installation).toMatchObject({ grantPeriod: "2026-11", grantAmount: grant, grantedAt: NOV });
  });

  it("applies a mid-period upgrade to the next review", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await useUpGrant(db.prisma, id);
    expect(await reviewSeries(id, 1, 11)).toEqual([...repeat("included", 10), "allowance_reached"]);
    await db.prisma.installation.update({ where: { id }, data: { plan: "starter" } });
    expect(await review(id, 11)).toMatchObject({ admitted: true, kind: "included", plan: "starter" });
  });

  it("tells a paused Business organisation about overage and the next period, not an upgrade", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await db.prisma.installation.update({ where: { id }, data: { plan: "business" } });
    await useUpGrant(db.prisma, id);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 2000, pool: "private" });
    const paused = await review(id, 1);
    if (paused.admitted) throw new Error("expected a pause");
    expect(paused.resumes).toMatch(/2026-12-01/);
    expect(paused.resumes).toMatch(/overage/);
    expect(paused.resumes).not.toMatch(/upgrade/);
    expect(paused.resumeOptions).toEqual(["next_period", "overage"]);
  });
});

describe("the one-time 25% grant", () => {
  it("is given the first time the allowance is exceeded, rounded up, and only in that period", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await fillUsage(db.prisma, id, { period: "2026-10", count: 10, pool: "private" });
    expect(await reviewSeries(id, 1, 2, new Date("2026-10-31T12:00:00Z"))).toEqual(["grant", "grant"]);
    const installation = await db.prisma.installation.findUniqueOrThrow({ where: { id } });
    expect(installation).toMatchObject({ grantPeriod: "2026-10", grantAmount: 3 });
    // The third granted review is not carried into November.
    expect(await reviewSeries(id, 3, 13, NOV)).toEqual([...repeat("included", 10), "allowance_reached"]);
  });

  it("is never given twice", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await fillUsage(db.prisma, id, { period: "2026-10", count: 10, pool: "private" });
    expect(await reviewSeries(id, 1, 4, new Date("2026-10-20T00:00:00Z"))).toEqual([...repeat("grant", 3), "allowance_reached"]);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 10, pool: "private" });
    expect(outcomeOf(await review(id, 5, NOV))).toBe("allowance_reached");
    const installation = await db.prisma.installation.findUniqueOrThrow({ where: { id } });
    expect(installation.grantPeriod).toBe("2026-10");
  });
});

describe("overage", () => {
  it("records each review beyond the allowance and the grant as a billable extra of 49 cents when enabled", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await db.prisma.installation.update({ where: { id }, data: { overageEnabled: true } });
    await fillUsage(db.prisma, id, { period: "2026-11", count: 10, pool: "private" });
    expect(await reviewSeries(id, 1, 5)).toEqual([...repeat("grant", 3), "overage", "overage"]);
    expect(await review(id, 6)).toMatchObject({ admitted: true, kind: "overage", amountCents: 49 });
    const extras = await db.prisma.usageRecord.aggregate({ where: { installationId: id, kind: "overage" }, _sum: { amountCents: true }, _count: true });
    expect(extras).toMatchObject({ _count: 3, _sum: { amountCents: 147 } });
  });

  it("pauses reviews when disabled, and resumes them when enabled again", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    await useUpGrant(db.prisma, id);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 10, pool: "private" });
    const paused = await review(id, 1);
    expect(paused).toMatchObject({ admitted: false, reason: "allowance_reached", plan: "free" });
    if (paused.admitted) throw new Error("expected a pause");
    expect(paused.resumes).toMatch(/upgrade/);
    expect(paused.resumes).toMatch(/overage/);
    expect(paused.resumeOptions).toEqual(["next_period", "upgrade", "overage"]);
    await db.prisma.installation.update({ where: { id }, data: { overageEnabled: true } });
    expect(outcomeOf(await review(id, 1))).toBe("overage");
    await db.prisma.installation.update({ where: { id }, data: { overageEnabled: false } });
    expect(outcomeOf(await review(id, 2))).toBe("allowance_reached");
    expect(outcomeOf(await review(id, 1))).toBe("already_counted");
  });
});

describe("public repositories", () => {
  it("never count against the private allowance", async () => {
    const id = await bareInstallation(db.prisma);
    expect(await reviewSeries(id, 1, 15, NOV, { private: false })).toEqual(repeat("public", 15));
    expect(await reviewSeries(id, 16, 26)).toEqual([...repeat("included", 10), "grant"]);
  });

  it("have their own cap of 500 a period, on any plan, after which they pause until the next period", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-11-05T00:00:00Z"));
    await db.prisma.installation.update({ where: { id }, data: { plan: "business", overageEnabled: true } });
    await fillUsage(db.prisma, id, { period: "2026-11", count: 499, pool: "public" });
    expect(await reviewSeries(id, 1, 2, NOV, { private: false })).toEqual(["public", "public_cap_reached"]);
    const paused = await review(id, 3, NOV, { private: false });
    if (paused.admitted) throw new Error("expected a pause");
    expect(paused.title).toMatch(/500 public reviews/);
    expect(paused.resumes).toMatch(/2026-12-01/);
    expect(outcomeOf(await review(id, 3, new Date("2026-12-01T00:00:00Z"), { private: false }))).toBe("public");
    expect(outcomeOf(await review(id, 4))).toBe("included");
  });

  it("are capped during the trial too", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-11-05T00:00:00Z"));
    await fillUsage(db.prisma, id, { period: "2026-11", count: 500, pool: "public" });
    expect(await review(id, 1, NOV, { private: false })).toMatchObject({ admitted: false, reason: "public_cap_reached", plan: "trial" });
    expect(outcomeOf(await review(id, 1, NOV))).toBe("trial");
  });
});

describe("concurrency", () => {
  it("admits only one of two new pull requests racing for the last free slot", async () => {
    const id = await bareInstallation(db.prisma);
    await useUpGrant(db.prisma, id);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 9, pool: "private" });
    const outcomes = (await Promise.all([review(id, 1), review(id, 2)])).map(outcomeOf).sort();
    expect(outcomes).toEqual(["allowance_reached", "included"]);
    expect(await db.prisma.usageRecord.count({ where: { installationId: id, period: "2026-11" } })).toBe(10);
  });

  it("admits exactly the allowance and the grant out of a burst, and gives the grant once", async () => {
    const id = await claimedInstallation(db.prisma, new Date("2026-01-01T00:00:00Z"));
    const outcomes = (await Promise.all(Array.from({ length: 25 }, (_, i) => review(id, i + 1)))).map(outcomeOf);
    expect(outcomes.filter((o) => o === "included")).toHaveLength(10);
    expect(outcomes.filter((o) => o === "grant")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "allowance_reached")).toHaveLength(12);
    const installation = await db.prisma.installation.findUniqueOrThrow({ where: { id } });
    expect(installation).toMatchObject({ grantPeriod: "2026-11", grantAmount: 3 });
  });

  it("counts the same pull request once when two webhooks for it arrive together", async () => {
    const id = await bareInstallation(db.prisma);
    const outcomes = (await Promise.all([review(id, 5), review(id, 5), review(id, 5)])).map(outcomeOf).sort();
    expect(outcomes).toEqual(["already_counted", "already_counted", "included"]);
    expect(await db.prisma.usageRecord.count({ where: { installationId: id } })).toBe(1);
  });

  it("never admits the same pull request as counted while pausing it, at the last slot", async () => {
    const id = await bareInstallation(db.prisma);
    await useUpGrant(db.prisma, id);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 9, pool: "private" });
    const outcomes = (await Promise.all([review(id, 8), review(id, 8)])).map(outcomeOf).sort();
    expect(outcomes).toEqual(["already_counted", "included"]);
  });

  // Deterministic interleavings: another review of the same pull request completes just before
  // this one reads the highest slot, so this one sees a full allowance.
  it("admits the pull request as already counted, not paused, when its twin takes the last slot first", async () => {
    const id = await bareInstallation(db.prisma);
    await useUpGrant(db.prisma, id);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 9, pool: "private" });
    const racing = beforeFirstSlotRead(db.prisma, () => review(id, 8));
    const admission = await admitReview(racing, { installationId: id, repositoryId: REPO, pullNumber: 8, private: true, now: NOV });
    expect(admission).toMatchObject({ admitted: true, kind: "already_counted" });
  });

  it("does not spend the one-time grant on a pull request its twin already counted", async () => {
    const id = await bareInstallation(db.prisma);
    await fillUsage(db.prisma, id, { period: "2026-11", count: 9, pool: "private" });
    const racing = beforeFirstSlotRead(db.prisma, () => review(id, 8));
    const admission = await admitReview(racing, { installationId: id, repositoryId: REPO, pullNumber: 8, private: true, now: NOV });
    expect(admission).toMatchObject({ admitted: true, kind: "already_counted" });
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id } })).grantPeriod).toBeNull();
  });
});

/** The same client, but the first read of the highest slot waits for `interloper` to finish. */
function beforeFirstSlotRead(prisma: Prisma, interloper: () => Promise<unknown>): Prisma {
  let fired = false;
  const usageRecord = new Proxy(prisma.usageRecord, {
    get(target, property) {
      if (property !== "aggregate") return Reflect.get(target, property);
      return async (args: Parameters<Prisma["usageRecord"]["aggregate"]>[0]) => {
        if (!fired) {
          fired = true;
          await interloper();
        }
        return target.aggregate(args);
      };
    },
  });
  return new Proxy(prisma, { get: (target, property) => (property === "usageRecord" ? usageRecord : Reflect.get(target, property)) });
}
