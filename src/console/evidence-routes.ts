// An organisation's evidence pages: the exceptions in force, with revocation, and the evidence
// ledger's export. Mounted inside the organisation router, so only an administrator of the
// installation reaches them, and a revocation is made only on rights GitHub confirms now.
import { Router, type Request, type Response } from "express";
import { listFrameworks, unknownFrameworkIds } from "../domain/catalogue.js";
import { configurationForInstallation } from "../domain/configuration/configuration-store.js";
import { listExceptions } from "../evidence/exceptions/list-exceptions.js";
import { locateExceptions } from "../evidence/exceptions/locate-exceptions.js";
import { revokeException } from "../evidence/exceptions/revoke-exception.js";
import { findingReference } from "../evidence/finding-reference.js";
import { EXPORT_FORMATS, exportEvidence, type ExportFormat } from "../evidence/ledger/export-evidence.js";
import { parsePeriod, type Period } from "../evidence/ledger/parse-period.js";
import { EvidenceError, untilDay } from "../evidence/types.js";
import type { Database } from "../storage/open-database.js";
import type { OrganisationContext } from "./organisation-routes.js";
import { errorPage } from "./pages/error-page.js";
import { evidencePage, type EvidenceErrors, type EvidenceForm } from "./pages/evidence-page.js";
import { exceptionsPage, type ExceptionRow } from "./pages/exceptions-page.js";
import { flash, organisationPath } from "./pages/layout.js";
import { pageUser, send } from "./respond.js";

export function createEvidenceRoutes(deps: { db: Database; now: () => Date; webBaseUrl: string }): Router {
  const { now } = deps;
  const prisma = deps.db.prisma;
  const router = Router({ caseSensitive: true });

  // ---- Exceptions
  const exceptionRows = async (c: OrganisationContext): Promise<ExceptionRow[]> => {
    const exceptions = await locateExceptions(prisma, c.installationId, await listExceptions(prisma, c.installationId, { now: now() }));
    return exceptions.map((e) => ({
      id: e.id,
      reference: findingReference(e.fingerprint),
      repository: e.repoFullName,
      pullNumber: e.pullNumber,
      location: e.location && `${e.location.path}:${e.location.line}`,
      acceptedBy: e.acceptedBy,
      acceptedAt: e.acceptedAt,
      reason: e.reason,
      until: untilDay(e.expiresAt),
      // Only a web address is ever a link: the page never carries a javascript: or data: URL.
      commentUrl: e.commentUrl && /^https?:\/\//i.test(e.commentUrl) ? e.commentUrl : null,
    }));
  };

  router.get("/:installationId/exceptions", async (req, res) => {
    const c = contextOf(res);
    const revoked = req.query.revoked === "1" ? flash("success", "Exception revoked. Its finding is raised again from the next review on.") : null;
    send(res, exceptionsPage({ user: pageUser(c.session), nav: c.nav, exceptions: await exceptionRows(c), webBaseUrl: deps.webBaseUrl, flash: revoked }));
  });

  router.post("/:installationId/exceptions/:exceptionId/revoke", async (req, res) => {
    const c = contextOf(res);
    try {
      await revokeException(prisma, { id: String(req.params.exceptionId), installationId: c.installationId, revokedBy: c.actor, now: now() });
    } catch (error) {
      if (!(error instanceof EvidenceError)) throw error;
      if (error.code === "not_found") {
        return send(res, errorPage({ status: 404, title: "No such exception", message: "This organisation has no such exception.", user: pageUser(c.session) }), 404);
      }
      // Already revoked or expired (in another tab, or by the operator): say so, change nothing.
      return send(res, exceptionsPage({ user: pageUser(c.session), nav: c.nav, exceptions: await exceptionRows(c), webBaseUrl: deps.webBaseUrl, flash: flash("warn", `${error.message} Nothing was changed.`) }), 409);
    }
    res.redirect(303, `${organisationPath(c.nav.installationId, "exceptions")}?revoked=1`);
  });

  // ---- Evidence export: a GET form, as exporting changes nothing.
  router.get("/:installationId/evidence", async (req, res) => {
    const c = contextOf(res);
    const current = now().toISOString();
    const submitted = typeof req.query.format === "string" || typeof req.query.kind === "string";
    const form = submitted ? readEvidenceForm(req) : { kind: "month", month: current.slice(0, 7), quarter: "", from: "", to: "", format: "csv", framework: "" };
    const render = async (errors: EvidenceErrors, status: number) =>
      send(
        res,
        evidencePage({ user: pageUser(c.session), nav: c.nav, form, errors, catalogue: listFrameworks(), selected: (await configurationForInstallation(prisma, c.installationId)).frameworks }),
        status,
      );
    if (!submitted) return render({}, 200);

    const { period, errors } = readPeriod(form);
    if (!(EXPORT_FORMATS as readonly string[]).includes(form.format)) errors.format = `unknown format "${form.format}"; formats are ${EXPORT_FORMATS.join(", ")}`;
    if (form.framework !== "" && unknownFrameworkIds([form.framework]).length > 0) errors.framework = `unknown framework ${form.framework}; see GET /v1/frameworks`;
    if (!period || Object.keys(errors).length > 0) return render(errors, 400);

    const exported = await exportEvidence(prisma, {
      installationId: c.installationId,
      period,
      format: form.format as ExportFormat,
      frameworks: form.framework === "" ? undefined : [form.framework],
      now: now(),
    });
    res.attachment(exported.filename);
    res.status(200).setHeader("Content-Type", exported.contentType);
    res.setHeader("Cache-Control", "no-store");
    res.send(exported.body);
  });

  return router;
}

/** Set by the organisation router's check before any of these routes runs. */
function contextOf(res: Response): OrganisationContext {
  return res.locals.organisation as OrganisationContext;
}

function readEvidenceForm(req: Request): EvidenceForm {
  const text = (name: string) => {
    const value = (req.query as Record<string, unknown>)[name];
    return typeof value === "string" ? value.trim().slice(0, 100) : "";
  };
  return { kind: text("kind"), month: text("month"), quarter: text("quarter"), from: text("from"), to: text("to"), format: text("format"), framework: text("framework") };
}

/** The period the form names, through the same parser (and messages) as the CLI's --period, --quarter, --from/--to. */
function readPeriod(form: EvidenceForm): { period: Period | null; errors: EvidenceErrors } {
  const attempt = (field: keyof EvidenceErrors, parse: () => Period, fieldOf?: (message: string) => keyof EvidenceErrors) => {
    try {
      return { period: parse(), errors: {} };
    } catch (error) {
      if (!(error instanceof EvidenceError)) throw error;
      return { period: null, errors: { [fieldOf?.(error.message) ?? field]: error.message } as EvidenceErrors };
    }
  };
  switch (form.kind) {
    case "month":
      return attempt("month", () => parsePeriod({ month: form.month }));
    case "quarter":
      return attempt("quarter", () => parsePeriod({ quarter: form.quarter }));
    case "dates":
      return attempt("to", () => parsePeriod({ from: form.from, to: form.to }), (message) => (message.startsWith(`"${form.from}" `) ? "from" : "to"));
    default:
      return { period: null, errors: { kind: "give one period: a month (YYYY-MM), a quarter (YYYY-Qn), or from and to dates (YYYY-MM-DD)" } };
  }
}
