// What a paused review tells the pull request: a check-run title and how reviews resume.
import { formatDollars, BILLING_TERMS, PLAN_ORDER, planDisplayName } from "./plans.js";
import type { EffectivePlan, ResumeOption } from "./types.js";

export interface PauseMessage {
  title: string;
  resumes: string;
  resumeOptions: ResumeOption[];
}

export function privateAllowancePause(input: { plan: EffectivePlan; claimed: boolean; resumesAt: Date }): PauseMessage {
  const resumeDate = input.resumesAt.toISOString().slice(0, 10);
  const options: ResumeOption[] = ["next_period"];
  const ways = [`on ${resumeDate}, when the next billing period starts (UTC)`];
  if (!input.claimed) {
    // A bare installation has no owner who could upgrade or enable overage yet.
    options.push("claim");
    ways.push(`as soon as the installation is claimed, which starts a ${BILLING_TERMS.trialDays}-day trial`);
  } else {
    if (input.plan !== "trial" && input.plan !== PLAN_ORDER[PLAN_ORDER.length - 1]) {
      options.push("upgrade");
      ways.push("as soon as the organisation upgrades its plan");
    }
    options.push("overage");
    ways.push(`as soon as an owner enables overage (${formatDollars(BILLING_TERMS.overageCentsPerPullRequest)} per further pull request)`);
  }
  return {
    title: `Review paused: the ${planDisplayName(input.plan)} plan's private review allowance is reached`,
    resumes: `Reviews of private repositories resume ${joinAlternatives(ways)}.`,
    resumeOptions: options,
  };
}

export function publicCapPause(input: { resumesAt: Date }): PauseMessage {
  const resumeDate = input.resumesAt.toISOString().slice(0, 10);
  return {
    title: `Review paused: the limit of ${BILLING_TERMS.publicPullRequestsPerPeriod} public reviews this month is reached`,
    resumes: `Reviews of public repositories resume on ${resumeDate}, when the next billing period starts (UTC); the public limit does not depend on the plan.`,
    resumeOptions: ["next_period"],
  };
}

function joinAlternatives(parts: string[]): string {
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(", ")}, or ${parts[parts.length - 1]}`;
}
