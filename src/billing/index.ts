// Billing: plans, trials, review allowances and usage. The review pipeline needs only
// createBillingGate; operator commands use the rest.
import type { Prisma } from "../storage/open-database.js";
import { admitReview } from "./admit-review.js";
import { billingPeriodOf } from "./billing-period.js";
import type { AdmitReview } from "./types.js";

/**
 * The gate the review pipeline calls before every review, with the repository's private flag.
 * With billing off (a self-hosted install) every review is admitted and nothing is counted, so
 * no allowance pauses a review and no extra is recorded.
 */
export function createBillingGate(prisma: Prisma, options: { enabled: boolean } = { enabled: true }): AdmitReview {
  if (!options.enabled) return async (request) => ({ admitted: true, kind: "unmetered", plan: null, period: billingPeriodOf(request.now) });
  return (request) => admitReview(prisma, request);
}

export { admitReview } from "./admit-review.js";
export { billingPeriodOf, nextPeriodStart } from "./billing-period.js";
export { setOverage, setPlan, type PlanChange } from "./change-plan.js";
export { effectivePlan, trialEndsAt } from "./effective-plan.js";
export { BILLING_TERMS, PLANS, PLAN_ORDER, formatDollars, isPlanName, oneTimeGrantSize, planDisplayName, type PlanTerms } from "./plans.js";
export type * from "./types.js";
export {
  applyMarketplaceEvent,
  mapMarketplacePlan,
  marketplacePlanForAccount,
  parseMarketplacePlanMap,
  type MarketplaceAction,
  type MarketplaceEvent,
  type MarketplaceOutcome,
  type MarketplacePlanMap,
} from "./marketplace.js";
export { getUsageReport, type UsageReport } from "./usage-report.js";
