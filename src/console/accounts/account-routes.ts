// The signed-in person's own pages: the Account page (linked sign-in methods, link another) and
// invitation links (shown on GET, accepted only by a POST with the CSRF token).
import { Router, type Response } from "express";
import { DomainError } from "../../domain/errors.js";
import type { Database } from "../../storage/open-database.js";
import { errorPage } from "../pages/error-page.js";
import { accountPage } from "../pages/account-page.js";
import { invitationPage } from "../pages/invitation-page.js";
import { flash, organisationPath } from "../pages/layout.js";
import { choiceHref, type SignInChoice } from "../pages/sign-in-page.js";
import { pageUser, send, sessionOf } from "../respond.js";
import type { SessionStore } from "../session-store.js";
import { consoleActor, listIdentities } from "./accounts.js";
import { METHOD_LABELS } from "./complete-sign-in.js";
import { acceptInvitation, findUsableInvitation } from "./invitations.js";

export function createAccountRoutes(deps: { db: Database; now: () => Date; sessions: SessionStore; signInChoices: SignInChoice[] }): Router {
  const prisma = deps.db.prisma;
  const router = Router({ caseSensitive: true });
  const signInFirst = (res: Response, returnTo: string) => res.redirect(303, `/sign-in?return_to=${encodeURIComponent(returnTo)}`);

  router.get("/account", async (req, res) => {
    const session = sessionOf(res);
    if (!session) return signInFirst(res, "/account");
    const linked = typeof req.query.linked === "string" && Object.hasOwn(METHOD_LABELS, req.query.linked) ? (req.query.linked as keyof typeof METHOD_LABELS) : null;
    const message = linked ? flash("success", req.query.already === "1" ? `That ${METHOD_LABELS[linked]} identity was already linked to this account.` : `Linked: you can now sign in with ${METHOD_LABELS[linked]} too.`) : null;
    send(res, accountPage({ user: pageUser(session), displayName: session.displayName, identities: await listIdentities(prisma, session.accountId), choices: deps.signInChoices, flash: message }));
  });

  router.post("/account/link", async (req, res) => {
    const session = sessionOf(res)!; // the CSRF check let only a signed-in POST through
    const choice = deps.signInChoices.find((c) => c.method === (req.body as Record<string, unknown>).method);
    if (!choice) return send(res, errorPage({ status: 400, title: "No such sign-in method", message: "Choose one of the sign-in methods on the Account page.", user: pageUser(session) }), 400);
    await deps.sessions.startLinking(session, choice.method, deps.now());
    res.redirect(303, choiceHref(choice, "/account"));
  });

  // ---- Invitations
  const invitationError = (res: Response, error: unknown, session: ReturnType<typeof sessionOf>) => {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "invitation_unusable") return send(res, errorPage({ status: 410, title: "Invitation not valid", message: error.message, user: session && pageUser(session) }), 410);
    if (error.code === "invitation_other_identity") return send(res, errorPage({ status: 403, title: "Invitation for someone else", message: error.message, user: session && pageUser(session) }), 403);
    throw error;
  };

  router.get("/invitations/:token", async (req, res) => {
    const session = sessionOf(res);
    const token = String(req.params.token);
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return invitationError(res, new DomainError("invitation_unusable", "This invitation link is not valid. Ask an owner of the organisation for a new one."), session);
    if (!session) return signInFirst(res, `/invitations/${token}`);
    try {
      const invitation = await findUsableInvitation(prisma, token, deps.now());
      send(res, invitationPage({ user: pageUser(session), token, accountLogin: invitation.accountLogin, role: invitation.role, expiresAt: invitation.expiresAt }));
    } catch (error) {
      invitationError(res, error, session);
    }
  });

  router.post("/invitations/:token/accept", async (req, res) => {
    const session = sessionOf(res)!;
    try {
      const invitation = await acceptInvitation(prisma, { token: String(req.params.token), accountId: session.accountId, actor: consoleActor(session.accountId), now: deps.now() });
      res.redirect(303, `${organisationPath(invitation.installationId, "configuration")}?joined=1`);
    } catch (error) {
      invitationError(res, error, session);
    }
  });

  return router;
}
