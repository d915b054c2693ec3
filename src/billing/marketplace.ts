// Plans bought on GitHub Marketplace (billing on): a marketplace_purchase event sets the plan of
// the account's installations, through the same table the operator command writes. The
// Marketplace listing's plan names are the publisher's own, so they are mapped to our plans.
import { DomainError } from "../domain/errors.js";
import { recordAudit } from "../domain/audit.js";
import type { Prisma } from "../storage/open-database.js";
import { isPlanName, PLANS } from "./plans.js";
import type { PlanName } from "./types.js";

export type MarketplaceAction = "purchased" | "changed" | "cancelled" | "pending_change" | "pending_change_cancelled";

export interface MarketplacePlan {
  id: number;
  name: string;
  monthlyPriceInCents: number;
}

export interface MarketplaceEvent {
  action: MarketplaceAction;
  account: { id: number; login: string; type: string };
  plan: MarketplacePlan;
  /** When the change takes effect: now, or the end of the billing cycle for a pending change. */
  effectiveDate: Date;
}

/**
 * Listing plan (by id or by name, case-insensitive) → our plan. Unlisted plans fall back to a
 * plan of the same name ("Pro", "Pro plan"), and a plan with no price to Free.
 */
export type MarketplacePlanMap = ReadonlyMap<string, PlanName>;

/** Parses MARKETPLACE_PLANS, e.g. "435=starter,Premium Plan=business". Throws a message naming the bad entry. */
export function parseMarketplacePlanMap(raw: string | undefined): MarketplacePlanMap {
  const map = new Map<string, PlanName>();
  for (const entry of (raw ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const at = entry.lastIndexOf("=");
    const key = entry.slice(0, at).trim().toLowerCase();
    const plan = entry.slice(at + 1).trim().toLowerCase();
    if (at <= 0 || !key || !isPlanName(plan)) throw new Error(`"${entry}" is not <marketplace plan id or name>=<${Object.keys(PLANS).join("|")}>`);
    map.set(key, plan);
  }
  return map;
}

export function mapMarketplacePlan(plan: MarketplacePlan, map: MarketplacePlanMap): PlanName | undefined {
  const byConfig = map.get(String(plan.id)) ?? map.get(plan.name.trim().toLowerCase());
  if (byConfig) return byConfig;
  const bare = plan.name.trim().toLowerCase().replace(/\s+plan$/, "");
  if (isPlanName(bare)) return bare;
  return plan.monthlyPriceInCents === 0 ? "free" : undefined;
}

export type MarketplaceOutcome =
  | { status: "plan_set"; plan: PlanName; installations: bigint[] }
  | { status: "pending_recorded"; plan: PlanName; effectiveAt: Date; installations: bigint[] }
  | { status: "pending_cleared"; installations: bigint[] };

/**
 * Applies one Marketplace event. purchased and changed set the plan now, cancelled returns the
 * account to Free; pending_change only records what GitHub will apply at the end of the cycle
 * (GitHub then sends changed or cancelled), and pending_change_cancelled forgets it.
 */
export async function applyMarketplaceEvent(prisma: Prisma, event: MarketplaceEvent, map: MarketplacePlanMap, now: Date): Promise<MarketplaceOutcome> {
  const mapped = event.action === "cancelled" ? "free" : mapMarketplacePlan(event.plan, map);
  if (!mapped) {
    throw new DomainError(
      "unmapped_marketplace_plan",
      `Marketplace plan "${event.plan.name}" (id ${event.plan.id}) is not mapped to a Clearance plan: add it to MARKETPLACE_PLANS, e.g. "${event.plan.id}=pro".`,
    );
  }
  const accountId = BigInt(event.account.id);
  const login = event.account.login.toLowerCase();
  return prisma.$transaction(async (tx) => {
    const previous = await tx.marketplaceAccount.findUnique({ where: { accountId } });
    const installations = await tx.installation.findMany({
      where: { accountLogin: { equals: event.account.login, mode: "insensitive" } },
      include: { organisation: true },
    });
    const ids = installations.map((i) => i.id);
    const account = { accountLogin: login, accountType: event.account.type, marketplacePlanId: BigInt(event.plan.id), marketplacePlanName: event.plan.name, updatedAt: now };

    if (event.action === "pending_change" || event.action === "pending_change_cancelled") {
      const pending = event.action === "pending_change" ? { pendingPlan: mapped, pendingEffectiveAt: event.effectiveDate } : { pendingPlan: null, pendingEffectiveAt: null };
      // The plan in force stays as it is until GitHub's changed or cancelled event.
      const plan = previous?.plan ?? "free";
      await tx.marketplaceAccount.upsert({
        where: { accountId },
        create: { accountId, ...account, plan, ...pending },
        update: { accountLogin: login, updatedAt: now, ...pending },
      });
      for (const installation of installations) {
        if (!installation.organisation) continue;
        await recordAudit(tx, {
          organisationId: installation.organisation.id,
          actor: "github-marketplace",
          action: event.action === "pending_change" ? "billing.marketplace_pending_change" : "billing.marketplace_pending_change_cancelled",
          before: { pending_plan: previous?.pendingPlan ?? null },
          after: { pending_plan: pending.pendingPlan, effective_at: pending.pendingEffectiveAt?.toISOString() ?? null, marketplace_plan: event.plan.name },
          now,
        });
      }
      return event.action === "pending_change"
        ? { status: "pending_recorded", plan: mapped, effectiveAt: event.effectiveDate, installations: ids }
        : { status: "pending_cleared", installations: ids };
    }

    await tx.marketplaceAccount.upsert({
      where: { accountId },
      create: { accountId, ...account, plan: mapped },
      update: { ...account, plan: mapped, pendingPlan: null, pendingEffectiveAt: null },
    });
    for (const installation of installations) {
      await tx.installation.update({ where: { id: installation.id }, data: { plan: mapped } });
      if (!installation.organisation) continue;
      await recordAudit(tx, {
        organisationId: installation.organisation.id,
        actor: "github-marketplace",
        action: "billing.plan_set",
        before: { plan: installation.plan },
        after: { plan: mapped, marketplace_action: event.action, marketplace_plan: event.plan.name },
        now,
      });
    }
    return { status: "plan_set", plan: mapped, installations: ids };
  });
}

/** The plan an account bought before its installation was recorded, if any. */
export async function marketplacePlanForAccount(prisma: Prisma, accountLogin: string): Promise<PlanName | undefined> {
  const account = await prisma.marketplaceAccount.findFirst({ where: { accountLogin: accountLogin.toLowerCase() }, orderBy: { updatedAt: "desc" } });
  return account && isPlanName(account.plan) ? account.plan : undefined;
}
