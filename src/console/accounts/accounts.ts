// Console accounts and their sign-in identities (the one owner of console_accounts and
// console_identities). A person is one account; each method they sign in with (GitHub, an OpenID
// Connect provider, e-mail) is an identity whose (method, subject) belongs to one account only.
import type { Prisma } from "../../storage/open-database.js";
import { isUniqueViolation } from "../../storage/is-unique-violation.js";
import type { SignInMethod, VerifiedIdentity } from "../sign-in/verified-identity.js";

export interface ConsoleAccountView {
  id: string;
  displayName: string;
}

export interface IdentityView {
  method: SignInMethod;
  subject: string;
  email: string | null;
  displayName: string;
  githubLogin: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** What the identity row keeps from a verified identity (refreshed at every sign-in with it). */
function identityFields(identity: VerifiedIdentity, now: Date) {
  return {
    email: identity.email ? identity.email.toLowerCase() : null,
    displayName: identity.displayName.slice(0, 200),
    githubLogin: identity.github ? identity.github.login.toLowerCase() : null,
    lastUsedAt: now,
  };
}

/**
 * The account this identity signs in to: the one it is linked to, or a new account of its own on
 * its first sign-in.
 */
export async function accountForSignIn(prisma: Prisma, identity: VerifiedIdentity, now: Date): Promise<ConsoleAccountView> {
  const where = { method_subject: { method: identity.method, subject: identity.subject } };
  const existing = await prisma.consoleIdentity.findUnique({ where, include: { account: true } });
  if (existing) {
    await prisma.consoleIdentity.update({ where, data: identityFields(identity, now) });
    return { id: existing.account.id, displayName: existing.account.displayName };
  }
  try {
    const account = await prisma.consoleAccount.create({
      data: { displayName: identity.displayName.slice(0, 200), createdAt: now, identities: { create: { method: identity.method, subject: identity.subject, createdAt: now, ...identityFields(identity, now) } } },
    });
    return { id: account.id, displayName: account.displayName };
  } catch (error) {
    // The same identity's first sign-in in two tabs at once: the other created it.
    if (!isUniqueViolation(error)) throw error;
    const created = await prisma.consoleIdentity.findUniqueOrThrow({ where, include: { account: true } });
    return { id: created.account.id, displayName: created.account.displayName };
  }
}

export type LinkResult = "linked" | "already_linked" | "linked_elsewhere";

/** Links the identity to the account; an identity another account holds is refused and nothing changes. */
export async function linkIdentity(prisma: Prisma, accountId: string, identity: VerifiedIdentity, now: Date): Promise<LinkResult> {
  const where = { method_subject: { method: identity.method, subject: identity.subject } };
  const existing = await prisma.consoleIdentity.findUnique({ where });
  if (existing) {
    if (existing.accountId !== accountId) return "linked_elsewhere";
    await prisma.consoleIdentity.update({ where, data: identityFields(identity, now) });
    return "already_linked";
  }
  try {
    await prisma.consoleIdentity.create({ data: { accountId, method: identity.method, subject: identity.subject, createdAt: now, ...identityFields(identity, now) } });
    return "linked";
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await prisma.consoleIdentity.findUnique({ where }))?.accountId === accountId ? "already_linked" : "linked_elsewhere";
  }
}

export async function findAccount(prisma: Prisma, accountId: string): Promise<ConsoleAccountView | null> {
  const row = await prisma.consoleAccount.findUnique({ where: { id: accountId } });
  return row ? { id: row.id, displayName: row.displayName } : null;
}

export async function listIdentities(prisma: Prisma, accountId: string): Promise<IdentityView[]> {
  const rows = await prisma.consoleIdentity.findMany({ where: { accountId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => ({ method: r.method as SignInMethod, subject: r.subject, email: r.email, displayName: r.displayName, githubLogin: r.githubLogin, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt }));
}

/** The audit actor for a console account: "console:<account id>" (the audit log shows its name). */
export function consoleActor(accountId: string): string {
  return `console:${accountId}`;
}
