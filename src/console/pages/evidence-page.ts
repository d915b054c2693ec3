// Evidence: the period (a month, a quarter or two dates), the format (CSV, JSON, OSCAL Assessment
// Results) and optionally one framework; submitting downloads the ledger. A bad value is explained
// next to its field, with the message the CLI gives.
import type { Framework } from "../../domain/catalogue.js";
import { html, type Html } from "../html.js";
import { layout, organisationPath, type OrganisationNav, type PageUser } from "./layout.js";

export interface EvidenceForm {
  kind: string;
  month: string;
  quarter: string;
  from: string;
  to: string;
  format: string;
  framework: string;
}

export type EvidenceErrors = Partial<Record<"kind" | "month" | "quarter" | "from" | "to" | "format" | "framework", string>>;

const FORMATS = [
  { value: "csv", label: "CSV (one row per finding)" },
  { value: "json", label: "JSON (the ledger)" },
  { value: "oscal", label: "OSCAL Assessment Results (JSON)" },
];

function fieldError(id: string, message: string | undefined): Html | null {
  return message ? html`<p class="note error-note color-fg-danger" id="${id}-error" role="alert">${message}</p>` : null;
}

export function evidencePage(options: { user: PageUser; nav: Omit<OrganisationNav, "current">; form: EvidenceForm; errors: EvidenceErrors; catalogue: readonly Framework[]; selected: readonly string[] }): Html {
  const { nav, form, errors } = options;
  const invalid = (field: keyof EvidenceErrors) => (errors[field] ? html` aria-invalid="true" aria-describedby="${field}-error"` : null);
  const kind = (value: string, label: string, input: Html) => html`<div class="form-checkbox my-2">
    <label><input type="radio" name="kind" value="${value}"${form.kind === value ? html` checked` : null}> ${label}</label>
    <div class="mt-1">${input}</div>
  </div>`;
  return layout({
    title: `Evidence of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "evidence" },
    body: html`<h1 class="h2 mb-2">Evidence</h1>
<p class="color-fg-muted mb-3">For a period, per control of the frameworks: the pull requests whose reviews touched it, the findings, and whether each was fixed, accepted (with its reason) or left open at the merge, and who merged. The same export as <code>clearance evidence export</code>.</p>
${Object.keys(errors).length ? html`<div class="flash flash-error mb-3" role="alert"><p><strong>Nothing was exported.</strong> Fix the field marked below.</p></div>` : null}
<form method="get" action="${organisationPath(nav.installationId, "evidence")}" class="Box" novalidate>
  <div class="Box-header"><h2 class="Box-title">Export the evidence ledger</h2></div>
  <div class="Box-body">
    <fieldset class="form-group"${invalid("kind")}>
      <legend class="form-group-header text-bold">Period (UTC)</legend>
      ${fieldError("kind", errors.kind)}
      ${kind(
        "month",
        "A month",
        html`<label for="month" class="sr-only">Month (YYYY-MM)</label><input class="form-control d-block" id="month" name="month" type="month" placeholder="2026-11" value="${form.month}"${invalid("month")}>${fieldError("month", errors.month)}`,
      )}
      ${kind(
        "quarter",
        "A quarter",
        html`<label for="quarter" class="sr-only">Quarter (YYYY-Qn)</label><input class="form-control d-block" id="quarter" name="quarter" type="text" placeholder="2026-Q4" value="${form.quarter}"${invalid("quarter")}>${fieldError("quarter", errors.quarter)}`,
      )}
      ${kind(
        "dates",
        "From a day to a day (both included)",
        html`<div class="d-flex flex-items-center"><label for="from" class="mr-2">From</label><input class="form-control width-auto" id="from" name="from" type="date" value="${form.from}"${invalid("from")}>
        <label for="to" class="mx-2">to</label><input class="form-control width-auto" id="to" name="to" type="date" value="${form.to}"${invalid("to")}></div>${fieldError("from", errors.from)}${fieldError("to", errors.to)}`,
      )}
    </fieldset>
    <div class="form-group">
      <div class="form-group-header"><label for="format">Format</label></div>
      <div class="form-group-body"><select class="form-select" id="format" name="format"${invalid("format")}>
        ${FORMATS.map((f) => html`<option value="${f.value}"${form.format === f.value ? html` selected` : null}>${f.label}</option>`)}
      </select>${fieldError("format", errors.format)}</div>
    </div>
    <div class="form-group">
      <div class="form-group-header"><label for="framework">Framework</label></div>
      <div class="form-group-body"><select class="form-select" id="framework" name="framework"${invalid("framework")}>
        <option value=""${form.framework === "" ? html` selected` : null}>The organisation's selection${options.selected.length ? ` (${options.selected.join(", ")})` : ""}</option>
        ${options.catalogue.map((f) => html`<option value="${f.id}"${form.framework === f.id ? html` selected` : null}>${f.name} (${f.id})</option>`)}
      </select>${fieldError("framework", errors.framework)}</div>
    </div>
  </div>
  <div class="Box-footer"><button type="submit" class="btn btn-primary" name="export" value="1">Download</button></div>
</form>`,
  });
}
