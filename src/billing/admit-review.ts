// The billing gate: decides, before each review, whether it runs and what it costs, and records
// the pull request as counted for the period.
//
// Counting is exact under concurrency without locks: each counted pull request takes the next
// slot of its pool for the period, and two unique constraints decide races. Two new pull requests
// after the same slot collide on (installation, period, pool, slot): one wins, the other reads
// again and takes the next slot or is refused. The same pull request twice collides on
// (installation, period, repository, pull number) and is then admitted as already counted.
import { DomainError } from "../domain/errors.js";
import { isUniqueViolation } from "../storage/is-unique-violation.js";
import type { Prisma } from "../storage/open-database.js";
import { billingPeriodOf, nextPeriodStart } from "./billing-period.js";
import { effectivePlan } from "./effective-plan.js";
import { privateAllowancePause, publicCapPause } from "./pause-message.js";
import { BILLING_TERMS, oneTimeGrantSize, PLANS } from "./plans.js";
import type { Admission, AdmissionKind, EffectivePlan, ReviewRequest } from "./types.js";

export type UsagePool = "private" | "public" | "trial";

/** Every lost race costs one attempt; far more than a burst of webhooks for one installation. */
const MAX_ATTEMPTS = 200;

export async function admitReview(prisma: Prisma, request: ReviewRequest): Promise<Admission> {
  const period = billingPeriodOf(request.now);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const installation = await prisma.installation.findUnique({
      where: { id: request.installationId },
      select: { plan: true, trialStartedAt: true, overageEnabled: true, grantPeriod: true, grantAmount: true, organisation: { select: { id: true } } },
    });
    if (!installation) throw new DomainError("not_found", `No installation ${request.installationId} is recorded.`);
    const plan = effectivePlan(installation, request.now);
    const pool: UsagePool = !request.private ? "public" : plan === "trial" ? "trial" : "private";

    // Read the highest slot before looking for this pull request: a concurrent review of the same
    // pull request that took a slot before this read is then always seen below.
    const highest = await prisma.usageRecord.aggregate({
      where: { installationId: request.installationId, period, pool },
      _max: { slot: true },
    });
    const counted = await prisma.usageRecord.findUnique({
      where: {
        installationId_period_repositoryId_pullNumber: {
          installationId: request.installationId,
          period,
          repositoryId: request.repositoryId,
          pullNumber: request.pullNumber,
        },
      },
      select: { id: true },
    });
    if (counted) return { admitted: true, kind: "already_counted", plan, period, amountCents: 0 };

    const slot = (highest._max.slot ?? 0) + 1;
    const decision = decideSlot({ pool, plan, slot, period, billing: installation });

    if (decision.type === "grant_now") {
      // Only the first taker gives the grant; everyone reads the installation again either way.
      await prisma.installation.updateMany({
        where: { id: request.installationId, grantPeriod: null },
        data: { grantPeriod: period, grantAmount: decision.amount, grantedAt: request.now },
      });
      continue;
    }
    if (decision.type === "refuse") {
      const resumesAt = nextPeriodStart(request.now);
      if (pool === "public") return { admitted: false, reason: "public_cap_reached", plan, period, resumesAt, ...publicCapPause({ resumesAt }) };
      return {
        admitted: false,
        reason: "allowance_reached",
        plan,
        period,
        resumesAt,
        ...privateAllowancePause({ plan, claimed: installation.organisation !== null, resumesAt }),
      };
    }

    try {
      await prisma.usageRecord.create({
        data: {
          installationId: request.installationId,
          period,
          visibility: request.private ? "private" : "public",
          pool,
          repositoryId: request.repositoryId,
          pullNumber: request.pullNumber,
          slot,
          kind: decision.kind,
          amountCents: decision.amountCents,
          createdAt: request.now,
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) continue; // lost a race: read again
      throw error;
    }
    return { admitted: true, kind: decision.kind, plan, period, amountCents: decision.amountCents };
  }
  throw new Error(`Could not count a review for installation ${request.installationId} after ${MAX_ATTEMPTS} attempts.`);
}

type SlotDecision =
  | { type: "take"; kind: Exclude<AdmissionKind, "already_counted">; amountCents: number }
  | { type: "grant_now"; amount: number }
  | { type: "refuse" };

function decideSlot(input: {
  pool: UsagePool;
  plan: EffectivePlan;
  slot: number;
  period: string;
  billing: { overageEnabled: boolean; grantPeriod: string | null; grantAmount: number | null };
}): SlotDecision {
  const { pool, plan, slot, billing } = input;
  if (pool === "public") return slot <= BILLING_TERMS.publicPullRequestsPerPeriod ? take("public") : { type: "refuse" };
  if (pool === "trial" || plan === "trial") return take("trial"); // unlimited

  const allowance = PLANS[plan].privatePullRequestsPerPeriod;
  if (slot <= allowance) return take("included");
  // The grant adds to the period in which the allowance was first exceeded, and to no other.
  const grantThisPeriod = billing.grantPeriod === input.period ? (billing.grantAmount ?? 0) : 0;
  if (slot <= allowance + grantThisPeriod) return take("grant");
  if (billing.grantPeriod === null) return { type: "grant_now", amount: oneTimeGrantSize(allowance) };
  if (billing.overageEnabled) return { type: "take", kind: "overage", amountCents: BILLING_TERMS.overageCentsPerPullRequest };
  return { type: "refuse" };
}

function take(kind: "public" | "trial" | "included" | "grant"): SlotDecision {
  return { type: "take", kind, amountCents: 0 };
}
