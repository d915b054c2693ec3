// The plan that applies at a given moment. The trial is not stored as a plan: it is derived from
// the claim's trial start and the clock, so it ends without any job having to run.
import { BILLING_TERMS, isPlanName } from "./plans.js";
import type { EffectivePlan, PlanName } from "./types.js";

export interface StoredBilling {
  plan: string;
  trialStartedAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial covers [start, start + 14 days): at exactly 14 × 24 h after the start it is over. */
export function trialEndsAt(trialStartedAt: Date): Date {
  return new Date(trialStartedAt.getTime() + BILLING_TERMS.trialDays * DAY_MS);
}

export function storedPlan(billing: StoredBilling): PlanName {
  // An unknown value (written by hand) is treated as Free rather than failing every review.
  return isPlanName(billing.plan) ? billing.plan : "free";
}

export function effectivePlan(billing: StoredBilling, now: Date): EffectivePlan {
  const plan = storedPlan(billing);
  // A paid plan set by an operator wins over a running trial.
  if (plan !== "free") return plan;
  if (billing.trialStartedAt && now.getTime() < trialEndsAt(billing.trialStartedAt).getTime()) return "trial";
  return "free";
}
