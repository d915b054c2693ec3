// Operator commands for plans, overage and usage. Billing rules live in src/billing; these only
// parse the arguments and print the outcome.
import {
  BILLING_TERMS,
  formatDollars,
  getUsageReport,
  isPlanName,
  PLAN_ORDER,
  PLANS,
  planDisplayName,
  setOverage,
  setPlan,
  type UsageReport,
} from "../../billing/index.js";
import { parseInstallationId } from "../../domain/installations.js";
import { parse } from "../parse.js";
import { UsageError, type CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const planSet: CliCommand = {
  path: ["plan", "set"],
  usage: `clearance plan set <installation-id> <${PLAN_ORDER.join("|")}>`,
  summary: "put an installation on a plan (a paid plan needs a claimed installation and wins over a running trial)",
  async run(args, context) {
    const { positionals } = parse(args, {}, 2);
    const id = parseInstallationId(positionals[0]!);
    const plan = positionals[1]!.toLowerCase();
    if (!isPlanName(plan)) throw new UsageError(`unknown plan "${positionals[1]}"; plans are ${PLAN_ORDER.join(", ")}`);
    await withDatabase(context, async ({ prisma }) => {
      const now = context.now();
      const change = await setPlan(prisma, id, plan, now);
      const terms = PLANS[plan];
      const price = terms.priceCentsPerMonth > 0 ? `, ${formatDollars(terms.priceCentsPerMonth)} a month` : "";
      const inTrial = change.trialEndsAt !== null && now < change.trialEndsAt;
      context.out(
        `Installation ${id} is on ${terms.displayName} (was ${PLANS[change.previous].displayName}${inTrial ? `, in its trial until ${change.trialEndsAt!.toISOString()}` : ""}): ` +
          `${terms.privatePullRequestsPerPeriod} private pull requests a month${price}.`,
      );
      if (change.effective === "trial") {
        context.out(`Its trial still applies until ${change.trialEndsAt!.toISOString()} (unlimited private pull requests); then Free.`);
      } else if (inTrial) {
        context.out(`The paid plan replaces the trial from now: private pull requests count against its allowance from this one on.`);
      }
      if (!context.options.billing) context.out(BILLING_OFF_NOTE);
    });
  },
};

/** Said wherever an operator touches plans on an instance that does not bill. */
export const BILLING_OFF_NOTE = "Billing is off on this instance (BILLING=off): reviews are unlimited and nothing is billed, whatever the plan.";

export const overageEnable: CliCommand = overageCommand(true);
export const overageDisable: CliCommand = overageCommand(false);

function overageCommand(enable: boolean): CliCommand {
  const word = enable ? "enable" : "disable";
  return {
    path: ["overage", word],
    usage: `clearance overage ${word} <installation-id>`,
    summary: enable
      ? `bill each private pull request beyond the allowance and grant at ${formatDollars(BILLING_TERMS.overageCentsPerPullRequest)} instead of pausing`
      : "pause reviews again once the allowance and grant are used",
    async run(args, context) {
      const { positionals } = parse(args, {}, 1);
      const id = parseInstallationId(positionals[0]!);
      await withDatabase(context, async ({ prisma }) => {
        const change = await setOverage(prisma, id, enable, context.now());
        const state = enable ? "on" : "off";
        context.out(`Overage for installation ${id} is ${state}${change.previous === enable ? " (unchanged)" : ""}.`);
        if (!context.options.billing) context.out(BILLING_OFF_NOTE);
      });
    },
  };
}

export const usage: CliCommand = {
  path: ["usage"],
  usage: "clearance usage <installation-id>",
  summary: "print the plan and this month's reviews: private used and remaining, public, grant, overage and extras",
  async run(args, context) {
    const { positionals } = parse(args, {}, 1);
    const id = parseInstallationId(positionals[0]!);
    await withDatabase(context, async ({ prisma }) => {
      for (const line of formatUsageReport(await getUsageReport(prisma, id, context.now()))) context.out(line);
      if (!context.options.billing) context.out(BILLING_OFF_NOTE);
    });
  },
};

export function formatUsageReport(report: UsageReport): string[] {
  const priv = report.private;
  const privateLine =
    priv.allowance === null
      ? `Private pull requests: ${priv.used + priv.reviewedInTrial} reviewed, unlimited during the trial`
      : `Private pull requests: ${priv.used} used, ${priv.remaining} remaining of ${priv.allowance}` +
        (priv.grantThisPeriod > 0 ? ` + ${priv.grantThisPeriod} one-time grant` : "") +
        (priv.reviewedInTrial > 0 ? ` (and ${priv.reviewedInTrial} reviewed during the trial, not counted)` : "");
  const grant = report.grant;
  const grantLine = grant.used
    ? `One-time grant: used in ${grant.period} (${grant.size} pull requests)`
    : `One-time grant: not used${grant.size === null ? "" : ` (${grant.size} more pull requests the first time the allowance is exceeded)`}`;
  return [
    `Installation ${report.installationId}${report.claimed ? "" : " (not claimed)"}`,
    `Plan: ${planLine(report)}`,
    `Period: ${report.period} (calendar month in UTC, until ${report.periodEndsAt.toISOString()})`,
    privateLine,
    `Public pull requests: ${report.public.used} used, ${report.public.remaining} remaining of ${report.public.cap}`,
    grantLine,
    `Overage: ${report.overageEnabled ? `on (${formatDollars(BILLING_TERMS.overageCentsPerPullRequest)} per pull request beyond the allowance and grant)` : "off (reviews pause beyond the allowance and grant)"}`,
    `Extras this period: ${report.extras.count}, ${formatDollars(report.extras.amountCents)}`,
  ];
}

function planLine(report: UsageReport): string {
  if (report.plan === "trial") return `Trial until ${report.trialEndsAt!.toISOString()}, then Free`;
  const name = planDisplayName(report.plan);
  const price = PLANS[report.plan].priceCentsPerMonth;
  if (report.plan === "free" && report.trialEndsAt) return `${name} (trial ended ${report.trialEndsAt.toISOString()})`;
  return price > 0 ? `${name} (${formatDollars(price)} a month)` : name;
}

export const billingCommands: CliCommand[] = [planSet, overageEnable, overageDisable, usage];
