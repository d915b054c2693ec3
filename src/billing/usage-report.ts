// An installation's usage in the billing period that contains `now`, as the operator sees it.
import { requireInstallation } from "../domain/installations.js";
import type { Prisma } from "../storage/open-database.js";
import { billingPeriodOf, nextPeriodStart } from "./billing-period.js";
import { effectivePlan, storedPlan, trialEndsAt } from "./effective-plan.js";
import { BILLING_TERMS, oneTimeGrantSize, PLANS } from "./plans.js";
import type { EffectivePlan, PlanName } from "./types.js";

export interface UsageReport {
  installationId: bigint;
  claimed: boolean;
  plan: EffectivePlan;
  storedPlan: PlanName;
  /** When the trial ends or ended; null if the installation was never claimed. */
  trialEndsAt: Date | null;
  period: string;
  periodEndsAt: Date;
  private: {
    /** Null while the trial runs: unlimited. */
    allowance: number | null;
    /** Size of the one-time grant added to this period, 0 if it was given in another period or not at all. */
    grantThisPeriod: number;
    /** Pull requests counted against the allowance this period: included, grant and overage. */
    used: number;
    /** Pull requests reviewed under the trial this period; they do not use the allowance. */
    reviewedInTrial: number;
    /** Null while the trial runs: unlimited. */
    remaining: number | null;
  };
  public: { used: number; cap: number; remaining: number };
  grant:
    | { used: false; size: number | null }
    | { used: true; period: string; size: number; grantedAt: Date | null };
  overageEnabled: boolean;
  extras: { count: number; amountCents: number };
}

export async function getUsageReport(prisma: Prisma, installationId: bigint, now: Date): Promise<UsageReport> {
  const installation = await requireInstallation(prisma, installationId);
  const period = billingPeriodOf(now);
  const plan = effectivePlan(installation, now);
  const rows = await prisma.usageRecord.groupBy({
    by: ["pool", "kind"],
    where: { installationId, period },
    _count: { _all: true },
    _sum: { amountCents: true },
  });
  const countOf = (pool: string, kind?: string) =>
    rows.filter((r) => r.pool === pool && (kind === undefined || r.kind === kind)).reduce((sum, r) => sum + r._count._all, 0);
  const overageRow = rows.filter((r) => r.pool === "private" && r.kind === "overage");

  const allowance = plan === "trial" ? null : PLANS[plan].privatePullRequestsPerPeriod;
  const grantThisPeriod = installation.grantPeriod === period ? (installation.grantAmount ?? 0) : 0;
  const used = countOf("private");
  const publicUsed = countOf("public");
  return {
    installationId,
    claimed: installation.organisation !== null,
    plan,
    storedPlan: storedPlan(installation),
    trialEndsAt: installation.trialStartedAt ? trialEndsAt(installation.trialStartedAt) : null,
    period,
    periodEndsAt: nextPeriodStart(now),
    private: {
      allowance,
      grantThisPeriod,
      used,
      reviewedInTrial: countOf("trial"),
      remaining: allowance === null ? null : Math.max(0, allowance + grantThisPeriod - used),
    },
    public: { used: publicUsed, cap: BILLING_TERMS.publicPullRequestsPerPeriod, remaining: Math.max(0, BILLING_TERMS.publicPullRequestsPerPeriod - publicUsed) },
    grant:
      installation.grantPeriod === null
        ? { used: false, size: allowance === null ? null : oneTimeGrantSize(allowance) }
        : { used: true, period: installation.grantPeriod, size: installation.grantAmount ?? 0, grantedAt: installation.grantedAt },
    overageEnabled: installation.overageEnabled,
    extras: {
      count: overageRow.reduce((sum, r) => sum + r._count._all, 0),
      amountCents: overageRow.reduce((sum, r) => sum + (r._sum.amountCents ?? 0), 0),
    },
  };
}
