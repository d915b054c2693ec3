// Operator actions on an installation's plan and overage setting. Transitions the spec does not
// show (Free to paid, between paid plans, back to Free) are all made here, by an operator.
import { recordAudit } from "../domain/audit.js";
import { DomainError } from "../domain/errors.js";
import { requireInstallation } from "../domain/installations.js";
import type { Prisma } from "../storage/open-database.js";
import { effectivePlan, storedPlan, trialEndsAt } from "./effective-plan.js";
import type { EffectivePlan, PlanName } from "./types.js";

export interface PlanChange {
  previous: PlanName;
  plan: PlanName;
  /** What applies now: a running trial stays in effect when the plan is set to Free. */
  effective: EffectivePlan;
  trialEndsAt: Date | null;
}

export async function setPlan(prisma: Prisma, installationId: bigint, plan: PlanName, now: Date, actor = "cli"): Promise<PlanChange> {
  const installation = await requireInstallation(prisma, installationId);
  // An unclaimed installation has nobody to bill: the spec keeps it on Free until it is claimed.
  if (plan !== "free" && !installation.organisation) throw notClaimed(installationId, `put on a paid plan`);
  const previous = storedPlan(installation);
  await prisma.$transaction(async (tx) => {
    await tx.installation.update({ where: { id: installationId }, data: { plan } });
    if (installation.organisation) {
      await recordAudit(tx, { organisationId: installation.organisation.id, actor, action: "billing.plan_set", before: { plan: previous }, after: { plan }, now });
    }
  });
  const trialStartedAt = installation.trialStartedAt;
  return {
    previous,
    plan,
    effective: effectivePlan({ plan, trialStartedAt }, now),
    trialEndsAt: trialStartedAt ? trialEndsAt(trialStartedAt) : null,
  };
}

export async function setOverage(prisma: Prisma, installationId: bigint, enabled: boolean, now: Date, actor = "cli"): Promise<{ previous: boolean; enabled: boolean }> {
  const installation = await requireInstallation(prisma, installationId);
  // Overage is an owner's decision to pay for extras, so it needs an organisation to bill.
  if (enabled && !installation.organisation) throw notClaimed(installationId, "given overage");
  const previous = installation.overageEnabled;
  await prisma.$transaction(async (tx) => {
    await tx.installation.update({ where: { id: installationId }, data: { overageEnabled: enabled } });
    if (installation.organisation) {
      await recordAudit(tx, {
        organisationId: installation.organisation.id,
        actor,
        action: "billing.overage_set",
        before: { overage_enabled: previous },
        after: { overage_enabled: enabled },
        now,
      });
    }
  });
  return { previous, enabled };
}

function notClaimed(installationId: bigint, what: string): DomainError {
  return new DomainError(
    "not_claimed",
    `Installation ${installationId} is not claimed, so it stays on Free and cannot be ${what}. Claim it first ("clearance claim ${installationId}").`,
  );
}
