// marketplace_purchase webhooks set the plan, with GitHub's published example payloads
// (@octokit/webhooks-examples) through the real Probot app.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { getUsageReport } from "../../src/billing/index.js";
import { parseMarketplacePlanMap } from "../../src/billing/marketplace.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import { createHarness, type Harness } from "./support/harness.js";

const require = createRequire(import.meta.url);
const examples = require("@octokit/webhooks-examples") as { name: string; examples: Record<string, any>[] }[];
function example(action: string): Record<string, any> {
  const found = examples.find((e) => e.name === "marketplace_purchase")!.examples.find((e) => e.action === action);
  if (!found) throw new Error(`no example marketplace_purchase.${action}`);
  return structuredClone(found);
}

// The examples' listing has "Basic Plan" (id 435) and "Premium Plan" (id 686): the operator maps them.
const PLAN_MAP = "435=starter,Premium Plan=business";
const NOW = new Date("2026-11-10T12:00:00Z");
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ now: () => NOW, options: { billing: true, marketplacePlans: parseMarketplacePlanMap(PLAN_MAP) } });
});
afterAll(async () => h.close());

const plan = async (id: bigint) => (await h.db.prisma.installation.findUniqueOrThrow({ where: { id } })).plan;

describe("marketplace_purchase", () => {
  it("purchased before the App is installed: the installation takes the plan when it is recorded", async () => {
    await h.receive("marketplace_purchase", example("purchased")); // account "username", Basic Plan
    expect(await h.db.prisma.marketplaceAccount.findUniqueOrThrow({ where: { accountId: 18404719n } })).toMatchObject({ plan: "starter", accountLogin: "username" });
    await recordInstallation(h.db.prisma, { id: 5001n, accountLogin: "UserName" });
    expect(await plan(5001n)).toBe("starter");
  });

  it("changed: sets the plan of the account's installations now, audited for a claimed one", async () => {
    await claimInstallation(h.db.prisma, 5001n, NOW);
    const changed = example("changed");
    changed.marketplace_purchase.plan = { ...changed.marketplace_purchase.plan, id: 686, name: "Premium Plan" }; // an upgrade
    await h.receive("marketplace_purchase", changed);
    expect(await plan(5001n)).toBe("business");
    const report = await getUsageReport(h.db.prisma, 5001n, NOW);
    expect(report.plan).toBe("business");
    const audit = await h.db.prisma.auditRecord.findFirstOrThrow({ where: { actor: "github-marketplace", action: "billing.plan_set" } });
    expect(audit.before).toEqual({ plan: "starter" });
    expect(audit.after).toMatchObject({ plan: "business", marketplace_action: "changed", marketplace_plan: "Premium Plan" });
  });

  it("pending_change records the announced change and leaves the plan; pending_change_cancelled forgets it", async () => {
    const pending = example("changed");
    pending.action = "pending_change"; // the examples have no pending_change: its payload is the changed one's shape
    pending.effective_date = "2026-12-01T00:00:00+00:00";
    await h.receive("marketplace_purchase", pending);
    expect(await plan(5001n)).toBe("business");
    expect(await h.db.prisma.marketplaceAccount.findUniqueOrThrow({ where: { accountId: 18404719n } })).toMatchObject({
      plan: "business",
      pendingPlan: "starter",
      pendingEffectiveAt: new Date("2026-12-01T00:00:00Z"),
    });
    pending.action = "pending_change_cancelled";
    await h.receive("marketplace_purchase", pending);
    expect(await h.db.prisma.marketplaceAccount.findUniqueOrThrow({ where: { accountId: 18404719n } })).toMatchObject({ plan: "business", pendingPlan: null });
  });

  it("cancelled returns the account to Free", async () => {
    const cancelled = example("cancelled");
    cancelled.marketplace_purchase.account = example("changed").marketplace_purchase.account; // the same account as above
    await h.receive("marketplace_purchase", cancelled);
    expect(await plan(5001n)).toBe("free");
  });

  it("an unmapped plan changes nothing and says how to map it", async () => {
    const unknown = example("changed");
    unknown.marketplace_purchase.plan = { ...unknown.marketplace_purchase.plan, id: 999, name: "Enterprise Seats", monthly_price_in_cents: 90000 };
    const before = await h.db.prisma.marketplaceAccount.findUniqueOrThrow({ where: { accountId: 18404719n } });
    await h.receive("marketplace_purchase", unknown);
    expect(await plan(5001n)).toBe("free");
    expect(await h.db.prisma.marketplaceAccount.findUniqueOrThrow({ where: { accountId: 18404719n } })).toEqual(before);
    const { applyMarketplaceEvent } = await import("../../src/billing/marketplace.js");
    const event = { action: "changed" as const, account: { id: 18404719, login: "username", type: "Organization" }, plan: { id: 999, name: "Enterprise Seats", monthlyPriceInCents: 90000 }, effectiveDate: NOW };
    await expect(applyMarketplaceEvent(h.db.prisma, event, new Map(), NOW)).rejects.toThrow('add it to MARKETPLACE_PLANS, e.g. "999=pro"');
  });
});

describe("the Marketplace plan map (MARKETPLACE_PLANS)", () => {
  it("maps by id or name, falls back to our plan names and to Free for a free plan, and refuses a bad entry", async () => {
    const { mapMarketplacePlan } = await import("../../src/billing/marketplace.js");
    const map = parseMarketplacePlanMap("435=starter, Team plan = pro");
    expect(mapMarketplacePlan({ id: 435, name: "Basic Plan", monthlyPriceInCents: 1900 }, map)).toBe("starter");
    expect(mapMarketplacePlan({ id: 1, name: "team PLAN", monthlyPriceInCents: 9900 }, map)).toBe("pro");
    expect(mapMarketplacePlan({ id: 2, name: "Business", monthlyPriceInCents: 24900 }, map)).toBe("business");
    expect(mapMarketplacePlan({ id: 3, name: "Hobby", monthlyPriceInCents: 0 }, map)).toBe("free");
    expect(mapMarketplacePlan({ id: 4, name: "Gold", monthlyPriceInCents: 5000 }, map)).toBeUndefined();
    expect(() => parseMarketplacePlanMap("435=platinum")).toThrow(/not <marketplace plan id or name>=/);
  });
});
