// The one way every sign-in method (GitHub, OpenID Connect, e-mail) ends: the verified identity
// becomes a console session of the account it is linked to (a new account on first sign-in), or,
// when "link another sign-in method" was started in this session, is linked to the signed-in
// account instead. For GitHub it also reads which installations the person administers and records
// the ownership GitHub grants.
import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { Database } from "../../storage/open-database.js";
import type { GitHubUserClient } from "../github-user.js";
import { errorPage } from "../pages/error-page.js";
import { pageUser, safeReturnTo, send, sessionOf } from "../respond.js";
import type { AdministeredInstallation, SessionStore } from "../session-store.js";
import type { CompleteSignIn, VerifiedIdentity } from "../sign-in/verified-identity.js";
import { accountForSignIn, linkIdentity } from "./accounts.js";
import { syncGitHubOwnership } from "./memberships.js";

export interface CompleteSignInDependencies {
  db: Database;
  log: Logger;
  now: () => Date;
  sessions: SessionStore;
  /** Present when GitHub sign-in is configured; needed for GitHub identities. */
  github?: GitHubUserClient;
  /** Sets the session cookie on the response. */
  setSessionCookie(req: Request, res: Response, token: string): void;
}

export const METHOD_LABELS: Record<VerifiedIdentity["method"], string> = { github: "GitHub", oidc: "single sign-on (OpenID Connect)", email: "e-mail link" };

export function createCompleteSignIn(deps: CompleteSignInDependencies): CompleteSignIn {
  const prisma = deps.db.prisma;
  return async (req, res, identity, returnTo) => {
    const now = deps.now();
    let installations: AdministeredInstallation[] = [];
    const github = identity.github ? { userId: BigInt(identity.github.id), login: identity.github.login, accessToken: identity.github.accessToken } : null;
    if (identity.github) {
      if (!deps.github) throw new Error("a GitHub identity without GitHub sign-in configured");
      installations = await deps.github.administeredInstallations(identity.github.accessToken, { id: identity.github.id, login: identity.github.login });
    }

    const current = sessionOf(res);
    if (current?.linking && current.linking.method === identity.method && current.linking.expiresAt > now) {
      await deps.sessions.clearLinking(current);
      const result = await linkIdentity(prisma, current.accountId, identity, now);
      if (result === "linked_elsewhere") {
        deps.log.info({ account: current.accountId, method: identity.method }, "console link refused: identity linked to another account");
        return send(
          res,
          errorPage({
            status: 409,
            title: "Already linked to another account",
            message: `This ${METHOD_LABELS[identity.method]} identity is already linked to another console account, so it cannot be linked to yours. Sign in with it to use that account, or ask its owner to remove it.`,
            user: pageUser(current),
          }),
          409,
        );
      }
      // A session without GitHub (signed in by OpenID Connect or e-mail) gains it: it can now claim
      // and GitHub's administrators' ownership applies. A GitHub session keeps the account it has.
      if (github && !current.github) {
        await deps.sessions.attachGitHub(current, github, installations);
        await syncGitHubOwnership(prisma, current.accountId, installations.map((i) => i.id), now);
      }
      deps.log.info({ account: current.accountId, method: identity.method, result }, "console sign-in method linked");
      return res.redirect(303, `/account?linked=${identity.method}${result === "already_linked" ? "&already=1" : ""}`);
    }

    const account = await accountForSignIn(prisma, identity, now);
    if (github) await syncGitHubOwnership(prisma, account.id, installations.map((i) => i.id), now);
    // A sign-in replaces whatever session this browser had (never reuse a session across sign-ins).
    if (current) await deps.sessions.endSession(current);
    const token = await deps.sessions.createSession({ accountId: account.id, method: identity.method, github, installations, now });
    deps.setSessionCookie(req, res, token);
    deps.log.info({ account: account.id, method: identity.method, installations: installations.length }, "console sign-in");
    res.redirect(303, safeReturnTo(returnTo));
  };
}
