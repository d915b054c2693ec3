// Plan and usage: plan, trial end, this period's used and remaining reviews, the one-time grant,
// overage (changeable here) and this period's extras.
import { formatDollars, planDisplayName, type UsageReport } from "../../billing/index.js";
import { html, type Html } from "../html.js";
import { csrfField, formatTime, layout, organisationPath, ownerOnly, type OrganisationNav, type PageUser } from "./layout.js";

export function planPage(options: { user: PageUser; nav: Omit<OrganisationNav, "current">; report: UsageReport; now: Date; flash?: Html | null }): Html {
  const { report: r, nav } = options;
  const trialRunning = r.plan === "trial";
  const rows: [string, Html | string][] = [
    ["Plan", html`<strong>${planDisplayName(r.plan)}</strong>${r.storedPlan !== r.plan && r.plan === "trial" ? html` (then ${planDisplayName(r.storedPlan)})` : null}`],
    ["Trial", r.trialEndsAt ? html`${trialRunning ? "ends" : "ended"} ${formatTime(r.trialEndsAt)}` : "never started"],
    ["Billing period", html`${r.period} (until ${formatTime(r.periodEndsAt)})`],
    ["Private pull requests used", String(r.private.used + r.private.reviewedInTrial) + (r.private.reviewedInTrial ? ` (${r.private.reviewedInTrial} during the trial, not counted)` : "")],
    ["Private pull requests remaining", r.private.remaining === null ? "unlimited during the trial" : `${r.private.remaining} of ${r.private.allowance! + r.private.grantThisPeriod}`],
    ["Public pull requests", `${r.public.used} of ${r.public.cap} this month`],
    ["One-time grant", r.grant.used ? `used in ${r.grant.period}: ${r.grant.size} extra reviews` : `not used yet${r.grant.size !== null ? ` (${r.grant.size} extra reviews the first time the allowance runs out)` : ""}`],
    ["Overage", r.overageEnabled ? "on: reviews beyond the allowance continue at $0.49 each" : "off: reviews of private repositories pause beyond the allowance"],
    ["Extras this period", `${r.extras.count} (${formatDollars(r.extras.amountCents)})`],
  ];
  return layout({
    title: `Plan and usage of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "plan" },
    flash: options.flash,
    body: html`<h1 class="h2 mb-3">Plan and usage</h1>
<div class="Box mb-4">
  <table class="data-table width-full"><tbody>
  ${rows.map(([label, value]) => html`<tr><th scope="row" class="text-left">${label}</th><td>${value}</td></tr>`)}
  </tbody></table>
</div>
${ownerOnly(nav, html`<form method="post" action="${organisationPath(nav.installationId, "plan")}/overage" class="Box">
  ${csrfField(options.user)}
  <div class="Box-header"><h2 class="Box-title">Overage</h2></div>
  <div class="Box-body">
    <p>With overage on, pull requests beyond the allowance (and the one-time grant) are reviewed and billed at $0.49 each. With it off, reviews of private repositories pause until the next period.</p>
    <input type="hidden" name="overage" value="${r.overageEnabled ? "off" : "on"}">
  </div>
  <div class="Box-footer"><button type="submit" class="btn ${r.overageEnabled ? "" : "btn-primary"}">${r.overageEnabled ? "Turn overage off" : "Turn overage on"}</button></div>
</form>`)}`,
  });
}
