// Installations as the installation webhooks (or an operator) record them, and claiming.
import type { Prisma } from "../storage/open-database.js";
import { marketplacePlanForAccount } from "../billing/marketplace.js";
import { recordAudit } from "./audit.js";
import { DomainError } from "./errors.js";

export type AccountType = "Organization" | "User";

export async function recordInstallation(
  prisma: Prisma,
  input: { id: bigint; accountLogin: string; accountType?: AccountType; status?: "active" | "suspended" | "deleted" },
) {
  const data = { accountLogin: input.accountLogin, accountType: input.accountType ?? "Organization", status: input.status ?? "active" };
  // A Marketplace purchase usually arrives before the App is installed: the new installation takes that plan.
  const bought = await marketplacePlanForAccount(prisma, input.accountLogin);
  return prisma.installation.upsert({ where: { id: input.id }, create: { id: input.id, ...data, ...(bought ? { plan: bought } : {}) }, update: data });
}

export async function findInstallation(prisma: Prisma, id: bigint) {
  return prisma.installation.findUnique({ where: { id }, include: { organisation: true } });
}

export async function requireInstallation(prisma: Prisma, id: bigint) {
  const installation = await findInstallation(prisma, id);
  if (!installation) throw noSuchInstallation(id);
  return installation;
}

function noSuchInstallation(id: bigint): DomainError {
  return new DomainError("not_found", `No installation ${id} is recorded. Install the App, or add it with "clearance installation add".`);
}

/**
 * Links an installation to an organisation and starts its 14-day trial, with a configuration at
 * the defaults. Claiming twice is refused rather than restarting the trial.
 */
type Transaction = Parameters<Parameters<Prisma["$transaction"]>[0]>[0];

/** `claimed` runs inside the claim's transaction (the console makes the claimer the organisation's owner there). */
export async function claimInstallation(prisma: Prisma, id: bigint, now = new Date(), actor = "cli", options: { claimed?: (tx: Transaction, organisationId: string) => Promise<void> } = {}) {
  return prisma.$transaction(async (tx) => {
    const installation = await tx.installation.findUnique({ where: { id }, include: { organisation: true } });
    if (!installation) throw noSuchInstallation(id);
    if (installation.status === "deleted") throw new DomainError("installation_deleted", `Installation ${id} was uninstalled; it cannot be claimed.`);
    if (installation.organisation) throw new DomainError("already_claimed", `Installation ${id} is already claimed (organisation ${installation.organisation.id}).`);
    await tx.installation.update({ where: { id }, data: { trialStartedAt: now } });
    const organisation = await tx.organisation.create({
      data: { installationId: id, claimedAt: now, configuration: { create: {} } },
    });
    await recordAudit(tx, { organisationId: organisation.id, actor, action: "installation.claim", before: {}, after: { installation_id: String(id), trial_started_at: now.toISOString() }, now });
    await options.claimed?.(tx, organisation.id);
    return organisation;
  });
}

/** Every recorded installation with its organisation, for operators (newest first). */
export async function listInstallations(prisma: Prisma) {
  return prisma.installation.findMany({ include: { organisation: true, _count: { select: { repositories: { where: { removedAt: null } } } } }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
}

/** The installation's current repositories, by name. */
export async function listRepositories(prisma: Prisma, installationId: bigint) {
  return prisma.repository.findMany({ where: { installationId, removedAt: null }, orderBy: { fullName: "asc" } });
}

/** Parses an installation id as typed by an operator or found in a payload. */
export function parseInstallationId(raw: string | number | bigint): bigint {
  const text = String(raw).trim();
  if (!/^[1-9]\d{0,18}$/.test(text)) throw new DomainError("invalid_installation_id", `"${raw}" is not an installation id (a positive whole number).`);
  return BigInt(text);
}
