// Who may use an organisation in the console, and as what (the one owner of organisation_members).
// Owners change everything; members see every page and change nothing. Two sources are kept apart
// on each row: the explicit role (the claim, an invitation, an owner's change) and ownership
// derived from GitHub (GitHub says the person administers the installation's account). GitHub's
// word is re-read at every GitHub sign-in and before every change made in a GitHub session; losing
// the role on GitHub clears only the derived part, never an explicit role.
import { recordAudit } from "../../domain/audit.js";
import { DomainError } from "../../domain/errors.js";
import type { Prisma } from "../../storage/open-database.js";
import { endAccountSessions } from "../session-store.js";

export const ROLES = ["owner", "member"] as const;
export type Role = (typeof ROLES)[number];

/**
 * How long GitHub's word that someone administers an installation counts for a session signed in
 * another way (OpenID Connect, e-mail): as long as a GitHub user token and a console session live.
 */
export const GITHUB_ADMIN_TTL_MS = 8 * 60 * 60 * 1000;

type Transaction = Parameters<Parameters<Prisma["$transaction"]>[0]>[0];

interface MemberRow {
  role: string | null;
  githubAdmin: boolean;
  githubCheckedAt: Date | null;
}

export interface Membership {
  /** What the person may do: owner if either source says owner. */
  role: Role;
  /** The role given by the claim, an invitation or an owner; null when only GitHub makes them owner. */
  explicitRole: Role | null;
  /** Owner because GitHub lists them as an administrator of the installation's account. */
  githubOwner: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

function githubOwnerNow(row: MemberRow, now: Date): boolean {
  return row.githubAdmin && row.githubCheckedAt !== null && now.getTime() - row.githubCheckedAt.getTime() < GITHUB_ADMIN_TTL_MS;
}

function membershipOf(row: MemberRow, now: Date, githubSays?: boolean): Membership | null {
  const githubOwner = githubSays ?? githubOwnerNow(row, now);
  const explicitRole = isRole(row.role) ? row.role : null;
  if (githubOwner) return { role: "owner", explicitRole, githubOwner };
  return explicitRole ? { role: explicitRole, explicitRole, githubOwner: false } : null;
}

/**
 * The person's membership of the organisation, or null. `githubSays` is GitHub's answer in the
 * current GitHub session (it wins over the stored one, which it refreshes); without it the stored
 * answer counts while fresh.
 */
export async function findMembership(prisma: Prisma, organisationId: string, accountId: string, now: Date, githubSays?: boolean): Promise<Membership | null> {
  const where = { organisationId_accountId: { organisationId, accountId } };
  let row = await prisma.organisationMember.findUnique({ where });
  if (githubSays !== undefined && (row?.githubAdmin ?? false) !== githubSays) {
    await setGitHubAdmin(prisma, organisationId, accountId, githubSays, now);
    row = await prisma.organisationMember.findUnique({ where });
  }
  return row ? membershipOf(row, now, githubSays) : null;
}

async function setGitHubAdmin(prisma: Prisma | Transaction, organisationId: string, accountId: string, admin: boolean, now: Date): Promise<void> {
  const where = { organisationId_accountId: { organisationId, accountId } };
  if (admin) {
    await prisma.organisationMember.upsert({ where, create: { organisationId, accountId, githubAdmin: true, githubCheckedAt: now, createdAt: now, updatedAt: now }, update: { githubAdmin: true, githubCheckedAt: now, updatedAt: now } });
    return;
  }
  await prisma.organisationMember.updateMany({ where: { organisationId, accountId }, data: { githubAdmin: false, githubCheckedAt: now, updatedAt: now } });
  // Nothing left when GitHub was the only reason to be here.
  await prisma.organisationMember.deleteMany({ where: { organisationId, accountId, role: null, githubAdmin: false } });
}

/**
 * Records what GitHub just said: the account administers exactly these installations. Claimed
 * organisations among them make the person an owner; every other organisation where GitHub made
 * them owner loses that (their explicit role stays).
 */
export async function syncGitHubOwnership(prisma: Prisma, accountId: string, installationIds: string[], now: Date): Promise<void> {
  const ids = installationIds.filter((id) => /^\d{1,19}$/.test(id)).map((id) => BigInt(id));
  const administered = ids.length ? await prisma.organisation.findMany({ where: { installationId: { in: ids } }, select: { id: true } }) : [];
  const keep = new Set(administered.map((o) => o.id));
  for (const organisationId of keep) await setGitHubAdmin(prisma, organisationId, accountId, true, now);
  const lost = await prisma.organisationMember.findMany({ where: { accountId, githubAdmin: true, organisationId: { notIn: [...keep] } }, select: { organisationId: true } });
  for (const { organisationId } of lost) await setGitHubAdmin(prisma, organisationId, accountId, false, now);
}

/** The claimer becomes the organisation's owner (explicitly, and GitHub has just vouched for them), in the claim's transaction. */
export async function addClaimingOwner(tx: Transaction, organisationId: string, accountId: string, now: Date): Promise<void> {
  await tx.organisationMember.create({ data: { organisationId, accountId, role: "owner", githubAdmin: true, githubCheckedAt: now, createdAt: now, updatedAt: now } });
}

/**
 * An accepted invitation's role, in the acceptance's transaction: the invited one, never lower than
 * an explicit role the person already has. Returns the role before and after.
 */
export async function grantInvitedRole(tx: Transaction, organisationId: string, accountId: string, invited: Role, now: Date): Promise<{ before: Role | null; after: Role }> {
  const where = { organisationId_accountId: { organisationId, accountId } };
  const existing = await tx.organisationMember.findUnique({ where });
  const before = isRole(existing?.role) ? existing.role : null;
  const after: Role = before === "owner" ? "owner" : invited;
  await tx.organisationMember.upsert({ where, create: { organisationId, accountId, role: after, createdAt: now, updatedAt: now }, update: { role: after, updatedAt: now } });
  return { before, after };
}

export interface AccountOrganisation {
  installationId: string;
  accountLogin: string;
  accountType: "Organization" | "User";
  role: Role;
}

/** The organisations the account may open, with its role in each. */
export async function listAccountOrganisations(prisma: Prisma, accountId: string, now: Date): Promise<AccountOrganisation[]> {
  const rows = await prisma.organisationMember.findMany({ where: { accountId }, include: { organisation: { include: { installation: true } } }, take: 500 });
  const result: AccountOrganisation[] = [];
  for (const row of rows) {
    const membership = membershipOf(row, now);
    if (!membership) continue;
    const installation = row.organisation.installation;
    result.push({ installationId: String(installation.id), accountLogin: installation.accountLogin, accountType: installation.accountType === "User" ? "User" : "Organization", role: membership.role });
  }
  return result.sort((a, b) => a.accountLogin.localeCompare(b.accountLogin));
}

export interface MemberView extends Membership {
  accountId: string;
  displayName: string;
  /** Verified addresses and GitHub logins of the person's linked identities, to recognise them. */
  identities: string[];
  since: Date;
}

export async function listMembers(prisma: Prisma, organisationId: string, now: Date): Promise<MemberView[]> {
  const rows = await prisma.organisationMember.findMany({
    where: { organisationId },
    include: { account: { include: { identities: { select: { method: true, email: true, githubLogin: true }, orderBy: { createdAt: "asc" } } } } },
    orderBy: [{ createdAt: "asc" }, { accountId: "asc" }],
  });
  const members: MemberView[] = [];
  for (const row of rows) {
    const membership = membershipOf(row, now);
    if (!membership) continue; // GitHub's word went stale and there is no explicit role
    const identities = [...new Set(row.account.identities.flatMap((i) => [i.githubLogin ? `@${i.githubLogin} (GitHub)` : null, i.email]).filter((x): x is string => Boolean(x)))];
    members.push({ ...membership, accountId: row.accountId, displayName: row.account.displayName, identities, since: row.createdAt });
  }
  return members;
}

/** Takes the organisation's row lock, so two owners changing members at once cannot both remove "the other last owner". */
async function lockOrganisation(tx: Transaction, organisationId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM organisations WHERE id = ${organisationId} FOR UPDATE`;
}

async function explicitOwnerCount(tx: Transaction, organisationId: string): Promise<number> {
  return tx.organisationMember.count({ where: { organisationId, role: "owner" } });
}

const LAST_OWNER = "is the organisation's last owner. Make someone else an owner first.";

export interface MemberChange {
  organisationId: string;
  accountId: string;
  actor: string;
  now: Date;
}

/** Sets the person's explicit role. The last owner cannot be demoted. */
export async function changeRole(prisma: Prisma, change: MemberChange & { role: Role }): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, change.organisationId);
    const row = await tx.organisationMember.findUnique({ where: { organisationId_accountId: { organisationId: change.organisationId, accountId: change.accountId } }, include: { account: true } });
    if (!row || !membershipOf(row, change.now)) throw new DomainError("not_found", "This organisation has no such member.");
    if (row.role === change.role) return;
    if (row.role === "owner" && (await explicitOwnerCount(tx, change.organisationId)) <= 1) throw new DomainError("last_owner", `${row.account.displayName} ${LAST_OWNER}`);
    await tx.organisationMember.update({ where: { organisationId_accountId: { organisationId: change.organisationId, accountId: change.accountId } }, data: { role: change.role, updatedAt: change.now } });
    await recordAudit(tx, {
      organisationId: change.organisationId,
      actor: change.actor,
      action: "member.role_change",
      before: { account_id: row.accountId, name: row.account.displayName, role: row.role },
      after: { account_id: row.accountId, name: row.account.displayName, role: change.role },
      now: change.now,
    });
  });
}

/**
 * Removes the person from the organisation and ends all their console sessions, so their next
 * request is signed out. The last owner cannot be removed; an owner through GitHub is removed on
 * GitHub (they would be owner again at their next sign-in).
 */
export async function removeMember(prisma: Prisma, change: MemberChange): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, change.organisationId);
    const where = { organisationId_accountId: { organisationId: change.organisationId, accountId: change.accountId } };
    const row = await tx.organisationMember.findUnique({ where, include: { account: true } });
    const membership = row && membershipOf(row, change.now);
    if (!row || !membership) throw new DomainError("not_found", "This organisation has no such member.");
    if (membership.githubOwner) {
      throw new DomainError("github_owner", `${row.account.displayName} is an owner because GitHub lists them as an administrator of this account. Remove that role on GitHub; they stop being an owner here at their next sign-in or change.`);
    }
    if (row.role === "owner" && (await explicitOwnerCount(tx, change.organisationId)) <= 1) throw new DomainError("last_owner", `${row.account.displayName} ${LAST_OWNER}`);
    await tx.organisationMember.delete({ where });
    await endAccountSessions(tx, change.accountId);
    await recordAudit(tx, {
      organisationId: change.organisationId,
      actor: change.actor,
      action: "member.remove",
      before: { account_id: row.accountId, name: row.account.displayName, role: row.role },
      after: {},
      now: change.now,
    });
  });
}
