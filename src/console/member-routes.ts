// An organisation's Members page and its changes: invite (a link shown once), revoke an invitation,
// change a role, remove someone (which ends their sessions). Mounted inside the organisation
// router, whose guard lets only owners' POSTs through.
import { Router, type Request, type Response } from "express";
import { DomainError } from "../domain/errors.js";
import type { Database } from "../storage/open-database.js";
import { createInvitation, listPendingInvitations, parseInvitee, revokeInvitation } from "./accounts/invitations.js";
import { changeRole, isRole, listMembers, removeMember } from "./accounts/memberships.js";
import type { OrganisationContext } from "./organisation-routes.js";
import { errorPage } from "./pages/error-page.js";
import { flash, organisationPath } from "./pages/layout.js";
import { membersPage } from "./pages/members-page.js";
import { pageUser, send } from "./respond.js";

const NOTICES: Record<string, string> = {
  role: "Role changed.",
  removed: "Removed. Their console sessions have ended.",
  revoked: "Invitation revoked. Its link no longer works.",
};

export function createMemberRoutes(deps: { db: Database; now: () => Date; publicUrl?: string }): Router {
  const prisma = deps.db.prisma;
  const router = Router({ caseSensitive: true });
  const contextOf = (res: Response) => res.locals.organisation as OrganisationContext;

  const render = async (res: Response, status: number, extra: { created?: { link: string; invitee: string; role: string }; error?: string; flash?: ReturnType<typeof flash> | null } = {}) => {
    const c = contextOf(res);
    send(
      res,
      membersPage({
        user: pageUser(c.session),
        nav: c.nav,
        members: await listMembers(prisma, c.organisationId, deps.now()),
        invitations: await listPendingInvitations(prisma, c.organisationId, deps.now()),
        accountId: c.session.accountId,
        ...extra,
      }),
      status,
    );
  };
  const refused = (res: Response, error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
    const c = contextOf(res);
    if (error.code === "not_found") return send(res, errorPage({ status: 404, title: "Not found", message: error.message, user: pageUser(c.session) }), 404);
    return render(res, 409, { error: `${error.message} Nothing was changed.` });
  };
  const done = (res: Response, notice: keyof typeof NOTICES) => res.redirect(303, `${organisationPath(contextOf(res).nav.installationId, "members")}?done=${notice}`);

  router.get("/:installationId/members", async (req, res) => {
    const notice = typeof req.query.done === "string" ? NOTICES[req.query.done] : undefined;
    await render(res, 200, { flash: notice ? flash("success", notice) : null });
  });

  router.post("/:installationId/members/invite", async (req: Request, res) => {
    const c = contextOf(res);
    const body = req.body as Record<string, unknown>;
    const role = body.role;
    if (!isRole(role)) return render(res, 422, { error: "The role is owner or member. Nothing was changed." });
    let invitee;
    try {
      invitee = parseInvitee(typeof body.invitee === "string" ? body.invitee : "");
    } catch (error) {
      if (error instanceof DomainError) return render(res, 422, { error: `${error.message} Nothing was changed.` });
      throw error;
    }
    const { token, invitation } = await createInvitation(prisma, { organisationId: c.organisationId, invitee, role, invitedBy: c.session.accountId, actor: c.actor, now: deps.now() });
    // BASE_URL when set; else the address this page was reached at (behind a proxy: TRUST_PROXY).
    const link = `${deps.publicUrl ?? `${req.protocol}://${req.host}`}/invitations/${token}`;
    await render(res, 201, { created: { link, invitee: invitation.invitee, role: invitation.role } });
  });

  router.post("/:installationId/members/:accountId/role", async (req, res) => {
    const c = contextOf(res);
    const role = (req.body as Record<string, unknown>).role;
    if (!isRole(role)) return render(res, 422, { error: "The role is owner or member. Nothing was changed." });
    try {
      await changeRole(prisma, { organisationId: c.organisationId, accountId: String(req.params.accountId), role, actor: c.actor, now: deps.now() });
    } catch (error) {
      return refused(res, error);
    }
    done(res, "role");
  });

  router.post("/:installationId/members/:accountId/remove", async (req, res) => {
    const c = contextOf(res);
    try {
      await removeMember(prisma, { organisationId: c.organisationId, accountId: String(req.params.accountId), actor: c.actor, now: deps.now() });
    } catch (error) {
      return refused(res, error);
    }
    // Removing yourself ends this session too: go home, signed out.
    if (String(req.params.accountId) === c.session.accountId) return res.redirect(303, "/");
    done(res, "removed");
  });

  router.post("/:installationId/invitations/:invitationId/revoke", async (req, res) => {
    const c = contextOf(res);
    try {
      await revokeInvitation(prisma, { organisationId: c.organisationId, invitationId: String(req.params.invitationId), actor: c.actor, now: deps.now() });
    } catch (error) {
      return refused(res, error);
    }
    done(res, "revoked");
  });

  return router;
}
