// Billing: plans, trials, review allowances and usage. The review pipeline needs only
// createBillingGate; operator commands use the rest.
import type { Prisma } from "../storage/open-database.js";
import { admitReview } from "./admit-review.js";
import type { AdmitReview } from "./types.js";

/** The gate the review pipeline calls before every review, with the repository's private flag. */
export function createBillingGate(prisma: Prisma): AdmitReview {
  return (request) => admitReview(prisma, request);
}

export { admitReview } from "./admit-review.js";
export { billingPeriodOf, nextPeriodStart } from "./billing-period.js";
export { effectivePlan, trialEndsAt } from "./effective-plan.js";
export { BILLING_TERMS, PLANS, isPlanName } from "./plans.js";
export type * from "./types.js";
