// An organisation's console pages. Each is reachable only by a signed-in member of the organisation
// (an owner or member, or a GitHub administrator of the installation's account, who is an owner);
// anyone else, or any other id, gets a 404. One guard decides what a request may do: members see
// every page, and every POST below (each one changes something) is an owner's alone.
import { Router, type NextFunction, type Request, type Response } from "express";
import { getUsageReport, setOverage } from "../billing/index.js";
import { listApiKeys, createApiKey, revokeApiKey, SCOPES, type Scope } from "../domain/api-keys.js";
import { describePeople, listAuditRecords } from "../domain/audit.js";
import { listFrameworks } from "../domain/catalogue.js";
import { getConfiguration, updateConfiguration } from "../domain/configuration/configuration-store.js";
import { validateConfigurationUpdate, type ConfigurationUpdate, type ValidationFailure } from "../domain/configuration/validate-configuration-update.js";
import { DomainError } from "../domain/errors.js";
import { findInstallation, listRepositories, parseInstallationId } from "../domain/installations.js";
import { listRecentReviews } from "../domain/recent-reviews.js";
import { getTriggerModes, setOrganisationTriggerMode, setRepositoryTriggerMode } from "../domain/trigger-modes.js";
import { COMMITMENT_AREAS, TRIGGER_MODES, type Commitment, type CommitmentArea, type OrganisationConfiguration, type TriggerMode } from "../domain/types.js";
import type { Database } from "../storage/open-database.js";
import { consoleActor } from "./accounts/accounts.js";
import { findMembership, type Role } from "./accounts/memberships.js";
import { createEvidenceRoutes } from "./evidence-routes.js";
import { createMemberRoutes } from "./member-routes.js";
import { createQueueRoutes } from "./queue-routes.js";
import { pageUser, send, sessionOf } from "./respond.js";
import { apiKeysPage, EXPIRY_CHOICES } from "./pages/api-keys-page.js";
import { auditLogPage } from "./pages/audit-log-page.js";
import { configurationPage, type ConfigurationForm, type FieldErrors } from "./pages/configuration-page.js";
import { errorPage } from "./pages/error-page.js";
import { flash, organisationPath, type OrganisationNav } from "./pages/layout.js";
import { planPage } from "./pages/plan-page.js";
import { reviewModesPage } from "./pages/review-modes-page.js";
import { reviewsPage } from "./pages/reviews-page.js";
import type { AdministeredInstallation, ConsoleSession } from "./session-store.js";

export interface OrganisationContext {
  session: ConsoleSession;
  installationId: bigint;
  organisationId: string;
  nav: Omit<OrganisationNav, "current">;
  role: Role;
  /** The audit actor: "console:<account id>" (the audit log shows the person's name). */
  actor: string;
}

function contextOf(res: Response): OrganisationContext {
  return res.locals.organisation as OrganisationContext;
}

export interface OrganisationRouterDependencies {
  db: Database;
  now: () => Date;
  webBaseUrl: string;
  /** The server's public URL, for invitation links; unset: the address the page was reached at. */
  publicUrl?: string;
  /** Asks GitHub again which installations a GitHub session's user administers (and records it); null when their token no longer works. */
  recheck(session: ConsoleSession): Promise<AdministeredInstallation[] | null>;
}

export function createOrganisationRouter(deps: OrganisationRouterDependencies): Router {
  const { db, now } = deps;
  const prisma = db.prisma;
  const router = Router({ caseSensitive: true });

  router.use("/:installationId", async (req: Request, res: Response, next: NextFunction) => {
    const session = sessionOf(res);
    if (!session) return res.redirect(303, `/sign-in?return_to=${encodeURIComponent(req.originalUrl.slice(0, 300))}`);
    const notFound = () =>
      send(res, errorPage({ status: 404, title: "Not found", message: "There is no organisation at this address that you administer.", user: pageUser(session) }), 404);
    let installationId: bigint;
    try {
      installationId = parseInstallationId(String(req.params.installationId));
    } catch {
      return notFound();
    }
    // In a GitHub session, GitHub's word on who administers the installation (an owner here) is
    // the one from sign-in for pages, and re-read for a change, so someone demoted on GitHub since
    // signing in cannot change anything.
    let githubSays: boolean | undefined;
    if (session.github) {
      let installations = session.installations;
      if (req.method === "POST") {
        const fresh = await deps.recheck(session);
        if (!fresh) return res.redirect(303, "/sign-in");
        installations = fresh;
      }
      githubSays = installations.some((i) => i.id === String(installationId));
    }
    const installation = await findInstallation(prisma, installationId);
    if (!installation) return notFound();
    if (!installation.organisation) return githubSays ? res.redirect(303, `/setup?installation_id=${installationId}`) : notFound();
    const membership = await findMembership(prisma, installation.organisation.id, session.accountId, now(), githubSays);
    if (!membership) return notFound();
    const nav = { installationId: String(installationId), accountLogin: installation.accountLogin, role: membership.role };
    if (req.method === "POST" && membership.role !== "owner") {
      return send(
        res,
        errorPage({
          status: 403,
          title: "Owners only",
          message: `You are a member of ${installation.accountLogin}: members see every page and change nothing. Ask an owner (see the Members page) to make this change, or to make you an owner.`,
          user: pageUser(session),
        }),
        403,
      );
    }
    const context: OrganisationContext = {
      session,
      installationId,
      organisationId: installation.organisation.id,
      nav,
      role: membership.role,
      actor: consoleActor(session.accountId),
    };
    res.locals.organisation = context;
    next();
  });

  // ---- Configuration
  router.get("/:installationId/configuration", async (req, res) => {
    const c = contextOf(res);
    const stored = await getConfiguration(db.sql, c.organisationId);
    const trial = req.query.claimed === "1" ? flash("success", "Claimed. The 14-day trial has started: reviews of private repositories are unlimited until it ends.") : req.query.joined === "1" ? flash("success", `Invitation accepted: you are ${c.role === "owner" ? "an owner" : "a member"} of ${c.nav.accountLogin}.`) : null;
    const saved = req.query.saved === "1" ? flash("success", "Configuration saved.") : null;
    send(res, configurationPage({ user: pageUser(c.session), nav: c.nav, form: formOf(stored), errors: {}, catalogue: listFrameworks(), query: queryOf(req), commitmentsUpdatedAt: dateOrNull(stored.commitments_updated_at), flash: trial ?? saved }));
  });

  router.post("/:installationId/configuration", async (req, res) => {
    const c = contextOf(res);
    const stored = await getConfiguration(db.sql, c.organisationId);
    const form = readConfigurationForm(req.body as Record<string, unknown>);
    const render = (errors: FieldErrors, status: number, flashHtml: ReturnType<typeof flash> | null = null) =>
      send(res, configurationPage({ user: pageUser(c.session), nav: c.nav, form, errors, catalogue: listFrameworks(), query: queryOf(req), commitmentsUpdatedAt: dateOrNull(stored.commitments_updated_at), flash: flashHtml }), status);

    let profile: unknown;
    try {
      profile = JSON.parse(form.profileText);
    } catch (error) {
      return render({ profile: `invalid_profile: profile must be a JSON object; this is not valid JSON (${(error as Error).message}).` }, 422);
    }
    const candidate = {
      profile,
      frameworks: form.frameworks,
      eu_inference: form.euInference,
      review_language: form.reviewLanguage,
      commitments: commitmentRows(form),
    };
    // Only what changed is sent, so the audit record names the fields the user actually changed.
    const changed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(candidate)) {
      if (JSON.stringify(value) !== JSON.stringify(stored[field as keyof OrganisationConfiguration])) changed[field] = value;
    }
    if (Object.keys(changed).length === 0) return render({}, 200, flash("warn", "Nothing changed."));
    const validation = validateConfigurationUpdate(changed);
    if (!validation.ok) return render(fieldErrorsOf(validation, changed.commitments as Commitment[] | undefined), validation.status);
    await updateConfiguration(prisma, validation.update as ConfigurationUpdate, { organisationId: c.organisationId, actor: c.actor, now: now() });
    res.redirect(303, `${organisationPath(c.nav.installationId, "configuration")}?saved=1`);
  });

  // ---- API keys
  const keyRows = async (c: OrganisationContext) => {
    const keys = await listApiKeys(prisma, c.installationId);
    const describe = await describePeople(prisma, keys.map((k) => k.createdBy));
    return keys.map((k) => ({ ...k, createdBy: describe(k.createdBy) }));
  };

  router.get("/:installationId/api-keys", async (req, res) => {
    const c = contextOf(res);
    const revoked = req.query.revoked === "1" ? flash("success", "Key revoked. It is refused from the next request on.") : null;
    send(res, apiKeysPage({ user: pageUser(c.session), nav: c.nav, keys: await keyRows(c), now: now(), flash: revoked }));
  });

  router.post("/:installationId/api-keys", async (req, res) => {
    const c = contextOf(res);
    const body = req.body as Record<string, unknown>;
    const name = typeof body.name === "string" ? body.name.trim() : "";
    const scopes = ([] as unknown[]).concat(body.scopes ?? []).filter((s): s is string => typeof s === "string");
    const expiry = EXPIRY_CHOICES.find((e) => e.value === body.expiry);
    const refuse = async (message: string) => send(res, apiKeysPage({ user: pageUser(c.session), nav: c.nav, keys: await keyRows(c), now: now(), error: message }), 422);
    if (scopes.length === 0) return refuse("Choose at least one scope.");
    if (scopes.some((s) => !(SCOPES as readonly string[]).includes(s))) return refuse(`Scopes are ${SCOPES.join(" and ")}.`);
    if (!expiry) return refuse("Choose an expiry from the list.");
    if (name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) return refuse("The name is at most 100 characters on one line.");
    const created = await createApiKey(prisma, { installationId: c.installationId, scopes: scopes as Scope[], expiresInSeconds: expiry.seconds, name: name || undefined, now: now(), actor: c.actor });
    send(res, apiKeysPage({ user: pageUser(c.session), nav: c.nav, keys: await keyRows(c), now: now(), created: { key: created.key, name: created.name } }), 201);
  });

  router.post("/:installationId/api-keys/:keyId/revoke", async (req, res) => {
    const c = contextOf(res);
    try {
      await revokeApiKey(prisma, String(req.params.keyId), now(), c.actor, c.organisationId);
    } catch (error) {
      if (error instanceof DomainError && error.code === "not_found") {
        return send(res, errorPage({ status: 404, title: "No such key", message: "This organisation has no such API key.", user: pageUser(c.session) }), 404);
      }
      throw error;
    }
    res.redirect(303, `${organisationPath(c.nav.installationId, "keys")}?revoked=1`);
  });

  // ---- Review modes
  const modesView = async (c: OrganisationContext) => {
    const modes = await getTriggerModes(prisma, c.installationId);
    const repositories = await listRepositories(prisma, c.installationId);
    const rows = repositories.map((r) => ({ name: r.fullName, key: r.fullName.toLowerCase(), override: modes.overrides.get(r.fullName.toLowerCase()) ?? null, private: r.private as boolean | null }));
    for (const [key, mode] of modes.overrides) if (!rows.some((r) => r.key === key)) rows.push({ name: key, key, override: mode, private: null });
    return { organisationMode: modes.organisation, repositories: rows };
  };

  router.get("/:installationId/review-modes", async (req, res) => {
    const c = contextOf(res);
    const saved = req.query.saved === "1" ? flash("success", "Review modes saved.") : null;
    send(res, reviewModesPage({ user: pageUser(c.session), nav: c.nav, ...(await modesView(c)), flash: saved }));
  });

  router.post("/:installationId/review-modes", async (req, res) => {
    const c = contextOf(res);
    const body = req.body as Record<string, unknown>;
    const isMode = (v: unknown): v is TriggerMode => typeof v === "string" && (TRIGGER_MODES as readonly string[]).includes(v);
    const view = await modesView(c);
    const invalid = () => send(res, reviewModesPage({ user: pageUser(c.session), nav: c.nav, ...view, flash: flash("error", `Modes are ${TRIGGER_MODES.join(", ")}. Nothing was changed.`) }), 422);
    if (!isMode(body.organisation_mode)) return invalid();
    const overrides: [string, TriggerMode | null][] = [];
    for (const repo of view.repositories) {
      const value = body[`repo:${repo.key}`];
      if (value === undefined) continue;
      if (value !== "" && !isMode(value)) return invalid();
      overrides.push([repo.key, value === "" ? null : (value as TriggerMode)]);
    }
    await setOrganisationTriggerMode(prisma, c.installationId, body.organisation_mode, c.actor, now());
    for (const [repo, mode] of overrides) await setRepositoryTriggerMode(prisma, c.installationId, repo, mode, c.actor, now());
    res.redirect(303, `${organisationPath(c.nav.installationId, "modes")}?saved=1`);
  });

  // ---- Plan and usage
  router.get("/:installationId/plan", async (req, res) => {
    const c = contextOf(res);
    const saved = req.query.saved === "1" ? flash("success", "Overage setting saved.") : null;
    send(res, planPage({ user: pageUser(c.session), nav: c.nav, report: await getUsageReport(prisma, c.installationId, now()), now: now(), flash: saved }));
  });

  router.post("/:installationId/plan/overage", async (req, res) => {
    const c = contextOf(res);
    const value = (req.body as Record<string, unknown>).overage;
    if (value !== "on" && value !== "off") {
      return send(res, planPage({ user: pageUser(c.session), nav: c.nav, report: await getUsageReport(prisma, c.installationId, now()), now: now(), flash: flash("error", "Overage is on or off. Nothing was changed.") }), 422);
    }
    await setOverage(prisma, c.installationId, value === "on", now(), c.actor);
    res.redirect(303, `${organisationPath(c.nav.installationId, "plan")}?saved=1`);
  });

  // ---- Recent reviews and the audit log
  router.get("/:installationId/reviews", async (_req, res) => {
    const c = contextOf(res);
    send(res, reviewsPage({ user: pageUser(c.session), nav: c.nav, reviews: await listRecentReviews(prisma, c.installationId), webBaseUrl: deps.webBaseUrl }));
  });

  router.get("/:installationId/audit-log", async (_req, res) => {
    const c = contextOf(res);
    send(res, auditLogPage({ user: pageUser(c.session), nav: c.nav, records: await listAuditRecords(prisma, c.organisationId) }));
  });

  router.use(createEvidenceRoutes({ db, now, webBaseUrl: deps.webBaseUrl }));
  router.use(createQueueRoutes({ db, now }));
  router.use(createMemberRoutes({ db, now, publicUrl: deps.publicUrl }));

  router.use("/:installationId", (_req, res) => {
    const c = contextOf(res);
    send(res, errorPage({ status: 404, title: "Not found", message: "There is no such page.", user: pageUser(c.session) }), 404);
  });
  return router;
}

function queryOf(req: Request): string {
  return typeof req.query.q === "string" ? req.query.q.slice(0, 100) : "";
}

function dateOrNull(iso: string | null): Date | null {
  return iso ? new Date(iso) : null;
}

function formOf(stored: OrganisationConfiguration): ConfigurationForm {
  const commitments = Object.fromEntries(COMMITMENT_AREAS.map((a) => [a, { implementation: "", source: "" }])) as ConfigurationForm["commitments"];
  for (const row of stored.commitments) commitments[row.area] = { implementation: row.implementation, source: row.source ?? "" };
  return { profileText: JSON.stringify(stored.profile, null, 2), frameworks: stored.frameworks, euInference: stored.eu_inference, reviewLanguage: stored.review_language, commitments };
}

function readConfigurationForm(body: Record<string, unknown>): ConfigurationForm {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const commitments = Object.fromEntries(
    COMMITMENT_AREAS.map((a) => [a, { implementation: text(body[`commitment_${a}_implementation`]), source: text(body[`commitment_${a}_source`]) }]),
  ) as ConfigurationForm["commitments"];
  const frameworks = ([] as unknown[]).concat(body.frameworks ?? []).filter((f): f is string => typeof f === "string");
  return { profileText: text(body.profile), frameworks, euInference: body.eu_inference === "true", reviewLanguage: text(body.review_language), commitments };
}

/** One row per area that has anything typed in; an empty area has no commitment. */
function commitmentRows(form: ConfigurationForm): Commitment[] {
  const rows: Commitment[] = [];
  for (const area of COMMITMENT_AREAS) {
    const { implementation, source } = form.commitments[area];
    if (implementation === "" && source === "") continue;
    rows.push(source === "" ? { area, implementation } : { area, implementation, source });
  }
  return rows;
}

/** The API's code and message, placed by the field it is about. */
function fieldErrorsOf(failure: ValidationFailure, commitments: Commitment[] | undefined): FieldErrors {
  const message = `${failure.code}: ${failure.message}`;
  switch (failure.code) {
    case "invalid_profile":
      return { profile: message };
    case "unknown_frameworks":
      return { frameworks: message };
    case "invalid_review_language":
      return { review_language: message };
    case "invalid_commitments": {
      const index = /commitments\[(\d+)\]/.exec(failure.message)?.[1];
      const area: CommitmentArea | undefined = index !== undefined ? commitments?.[Number(index)]?.area : undefined;
      return area ? { [area]: message } : { form: message };
    }
    default: {
      if (/^frameworks/.test(failure.message)) return { frameworks: message };
      if (/^eu_inference/.test(failure.message)) return { eu_inference: message };
      if (/^review_language/.test(failure.message)) return { review_language: message };
      return { form: message };
    }
  }
}
