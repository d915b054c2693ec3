// Invitations to an organisation (the one owner of organisation_invitations). An owner invites an
// e-mail address or a GitHub login as owner or member; the link carries a random token of which
// only the SHA-256 is stored. It works once, within INVITATION_TTL_MS, unless revoked, and only
// for a signed-in person one of whose linked identities matches: a verified e-mail address (OpenID
// Connect with email_verified, an e-mail magic link, or GitHub's verified primary address when the
// App may read it) or the GitHub login.
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../../domain/audit.js";
import { DomainError } from "../../domain/errors.js";
import type { Prisma } from "../../storage/open-database.js";
import { grantInvitedRole, isRole, type Role } from "./memberships.js";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type Invitee = { email: string; githubLogin?: undefined } | { githubLogin: string; email?: undefined };

const EMAIL = /^[^\s@<>"(),;:\\[\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** "someone@example.com" is an address, "octocat" or "@octocat" a GitHub login; anything else is refused with the rule. */
export function parseInvitee(raw: string): Invitee {
  const text = raw.trim();
  if (text.includes("@") && !text.startsWith("@")) {
    if (text.length > 254 || !EMAIL.test(text)) throw new DomainError("invalid_invitee", `"${text.slice(0, 100)}" is not an e-mail address.`);
    return { email: text.toLowerCase() };
  }
  const login = text.replace(/^@/, "");
  if (!GITHUB_LOGIN.test(login)) throw new DomainError("invalid_invitee", "Give an e-mail address or a GitHub login (letters, digits and single hyphens, at most 39 characters).");
  return { githubLogin: login.toLowerCase() };
}

export function describeInvitee(invitee: { email: string | null; githubLogin: string | null }): string {
  return invitee.email ?? `@${invitee.githubLogin} (GitHub)`;
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface InvitationView {
  id: string;
  invitee: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A new invitation; the token (for the link) is returned once and never stored. A pending
 * invitation for the same address or login is replaced: its link could not be shown again.
 */
export async function createInvitation(prisma: Prisma, input: { organisationId: string; invitee: Invitee; role: Role; invitedBy: string; actor: string; now: Date }): Promise<{ token: string; invitation: InvitationView }> {
  const token = randomBytes(32).toString("base64url");
  const target = input.invitee.email !== undefined ? { email: input.invitee.email } : { githubLogin: input.invitee.githubLogin };
  return prisma.$transaction(async (tx) => {
    const pending = await tx.organisationInvitation.findMany({ where: { organisationId: input.organisationId, ...target, acceptedAt: null, revokedAt: null, expiresAt: { gt: input.now } }, select: { id: true } });
    if (pending.length) await tx.organisationInvitation.updateMany({ where: { id: { in: pending.map((p) => p.id) } }, data: { revokedAt: input.now } });
    const row = await tx.organisationInvitation.create({
      data: { organisationId: input.organisationId, tokenHash: hash(token), ...target, role: input.role, invitedBy: input.invitedBy, createdAt: input.now, expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS) },
    });
    const invitee = describeInvitee({ email: row.email, githubLogin: row.githubLogin });
    await recordAudit(tx, {
      organisationId: input.organisationId,
      actor: input.actor,
      action: "member.invite",
      before: {},
      after: { invitation_id: row.id, invitee, role: row.role, expires_at: row.expiresAt.toISOString(), ...(pending.length ? { replaced: pending.map((p) => p.id) } : {}) },
      now: input.now,
    });
    return { token, invitation: { id: row.id, invitee, role: input.role, createdAt: row.createdAt, expiresAt: row.expiresAt } };
  });
}

export async function listPendingInvitations(prisma: Prisma, organisationId: string, now: Date): Promise<InvitationView[]> {
  const rows = await prisma.organisationInvitation.findMany({ where: { organisationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 200 });
  return rows.map((r) => ({ id: r.id, invitee: describeInvitee(r), role: isRole(r.role) ? r.role : "member", createdAt: r.createdAt, expiresAt: r.expiresAt }));
}

export async function revokeInvitation(prisma: Prisma, input: { organisationId: string; invitationId: string; actor: string; now: Date }): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if (!/^[0-9a-f-]{36}$/.test(input.invitationId)) throw new DomainError("not_found", "This organisation has no such pending invitation.");
    const { count } = await tx.organisationInvitation.updateMany({
      where: { id: input.invitationId, organisationId: input.organisationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: input.now } },
      data: { revokedAt: input.now },
    });
    if (count !== 1) throw new DomainError("not_found", "This organisation has no such pending invitation (it may have been accepted, revoked or have expired).");
    const row = await tx.organisationInvitation.findUniqueOrThrow({ where: { id: input.invitationId } });
    await recordAudit(tx, { organisationId: input.organisationId, actor: input.actor, action: "member.invitation_revoke", before: { invitation_id: row.id, invitee: describeInvitee(row), role: row.role }, after: {}, now: input.now });
  });
}

export interface PendingInvitation {
  id: string;
  organisationId: string;
  installationId: string;
  accountLogin: string;
  role: Role;
  expiresAt: Date;
}

const UNUSABLE = "This invitation link was already used, was revoked, or has expired. Ask an owner of the organisation for a new one.";

/** The invitation a link names, while it can still be accepted; anything else is a DomainError("invitation_unusable"). */
export async function findUsableInvitation(prisma: Prisma, token: string, now: Date): Promise<PendingInvitation> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new DomainError("invitation_unusable", UNUSABLE);
  const row = await prisma.organisationInvitation.findUnique({ where: { tokenHash: hash(token) }, include: { organisation: { include: { installation: true } } } });
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) throw new DomainError("invitation_unusable", UNUSABLE);
  return {
    id: row.id,
    organisationId: row.organisationId,
    installationId: String(row.organisation.installationId),
    accountLogin: row.organisation.installation.accountLogin,
    role: isRole(row.role) ? row.role : "member",
    expiresAt: row.expiresAt,
  };
}

/**
 * Accepts the invitation for the account, once: the account must hold an identity the invitation
 * names. The person's explicit role becomes the invited one, never lower than one they already have.
 */
export async function acceptInvitation(prisma: Prisma, input: { token: string; accountId: string; actor: string; now: Date }): Promise<PendingInvitation> {
  const invitation = await findUsableInvitation(prisma, input.token, input.now);
  return prisma.$transaction(async (tx) => {
    const row = await tx.organisationInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    const identities = await tx.consoleIdentity.findMany({ where: { accountId: input.accountId }, select: { email: true, githubLogin: true } });
    const matches = row.email !== null ? identities.some((i) => i.email === row.email) : identities.some((i) => i.githubLogin === row.githubLogin);
    if (!matches) {
      throw new DomainError(
        "invitation_other_identity",
        row.email !== null
          ? "This invitation is for another e-mail address than the verified ones linked to your account. Sign in with the invited address, or link it on your Account page, then open the link again."
          : "This invitation is for another GitHub account than the one linked to yours. Sign in with the invited GitHub account, or link it on your Account page, then open the link again.",
      );
    }
    // Single use: only one acceptance can flip it, even when two arrive at once.
    const { count } = await tx.organisationInvitation.updateMany({ where: { id: row.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: input.now } }, data: { acceptedAt: input.now, acceptedBy: input.accountId } });
    if (count !== 1) throw new DomainError("invitation_unusable", UNUSABLE);
    const { before, after: role } = await grantInvitedRole(tx, row.organisationId, input.accountId, invitation.role, input.now);
    const account = await tx.consoleAccount.findUniqueOrThrow({ where: { id: input.accountId } });
    await recordAudit(tx, {
      organisationId: row.organisationId,
      actor: input.actor,
      action: "member.invitation_accept",
      before: { role: before },
      after: { invitation_id: row.id, invitee: describeInvitee(row), account_id: input.accountId, name: account.displayName, role },
      now: input.now,
    });
    return invitation;
  });
}
