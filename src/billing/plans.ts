// The billing terms as one table: plan allowances and prices, the trial, the one-time grant,
// overage and the public cap. Everything that counts or prints usage reads them from here.
import type { EffectivePlan, PlanName } from "./types.js";

export interface PlanTerms {
  /** As customers see it. */
  displayName: string;
  /** Private pull requests reviewed per billing period before the grant or overage apply. */
  privatePullRequestsPerPeriod: number;
  priceCentsPerMonth: number;
}

export const PLANS: Readonly<Record<PlanName, PlanTerms>> = {
  free: { displayName: "Free", privatePullRequestsPerPeriod: 10, priceCentsPerMonth: 0 },
  starter: { displayName: "Starter", privatePullRequestsPerPeriod: 100, priceCentsPerMonth: 1900 },
  pro: { displayName: "Pro", privatePullRequestsPerPeriod: 500, priceCentsPerMonth: 9900 },
  business: { displayName: "Business", privatePullRequestsPerPeriod: 2000, priceCentsPerMonth: 24900 },
};

/** Paid plans in ascending order: what "upgrade" can point to. */
export const PLAN_ORDER: readonly PlanName[] = ["free", "starter", "pro", "business"];

export const BILLING_TERMS = {
  trialDisplayName: "Trial",
  trialDays: 14,
  /** The one-time grant on first exceeding an allowance, as a percentage of it, rounded up. */
  oneTimeGrantPercent: 25,
  overageCentsPerPullRequest: 49,
  publicPullRequestsPerPeriod: 500,
} as const;

export function isPlanName(value: string): value is PlanName {
  return Object.hasOwn(PLANS, value);
}

export function planDisplayName(plan: EffectivePlan): string {
  return plan === "trial" ? BILLING_TERMS.trialDisplayName : PLANS[plan].displayName;
}

export function oneTimeGrantSize(allowance: number): number {
  return Math.ceil((allowance * BILLING_TERMS.oneTimeGrantPercent) / 100);
}

/** "$0.49", "$19.00": amounts are kept in cents and only formatted for people. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
