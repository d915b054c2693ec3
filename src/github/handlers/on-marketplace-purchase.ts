// marketplace_purchase: GitHub Marketplace sets the plan (purchased, changed, cancelled, and the
// pending changes GitHub announces for the end of a billing cycle). Billing decides what it means.
import type { Context } from "probot";
import { applyMarketplaceEvent, type MarketplaceAction, type MarketplaceOutcome, type MarketplacePlanMap } from "../../billing/index.js";
import { DomainError } from "../../domain/errors.js";
import type { Prisma } from "../../storage/open-database.js";

type MarketplaceContext = Context<"marketplace_purchase">;

export async function onMarketplacePurchase(
  prisma: Prisma,
  context: MarketplaceContext,
  now: Date,
  options: { billing?: boolean; marketplacePlans?: MarketplacePlanMap },
): Promise<MarketplaceOutcome | { status: "unmapped" }> {
  const { action, effective_date, marketplace_purchase: purchase } = context.payload;
  try {
    const outcome = await applyMarketplaceEvent(
      prisma,
      {
        action: action as MarketplaceAction,
        account: { id: purchase.account.id, login: purchase.account.login, type: purchase.account.type },
        plan: { id: purchase.plan.id, name: purchase.plan.name, monthlyPriceInCents: purchase.plan.monthly_price_in_cents },
        effectiveDate: new Date(effective_date),
      },
      options.marketplacePlans ?? new Map(),
      now,
    );
    // Recorded either way, so switching billing on later finds the plans people paid for.
    context.log.info({ outcome, account: purchase.account.login, billing: options.billing ? "on" : "off" }, `marketplace_purchase.${action}`);
    return outcome;
  } catch (error) {
    // An unmapped plan is the operator's to fix; GitHub redelivering it would not help.
    if (!(error instanceof DomainError)) throw error;
    context.log.error({ account: purchase.account.login, plan: purchase.plan }, error.message);
    return { status: "unmapped" };
  }
}
