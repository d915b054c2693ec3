// Configuration: profile (JSON), frameworks from the catalogue (searchable), EU inference, review
// language, one commitment row per area. Errors are the API's own codes and rules, by the field.
import type { Framework } from "../../domain/catalogue.js";
import { COMMITMENT_AREAS, REVIEW_LANGUAGES, type CommitmentArea } from "../../domain/types.js";
import { html, type Html } from "../html.js";
import { csrfField, formatTime, layout, organisationPath, ownerOnly, readOnlyForMembers, type OrganisationNav, type PageUser } from "./layout.js";

export interface ConfigurationForm {
  profileText: string;
  frameworks: string[];
  euInference: boolean;
  reviewLanguage: string;
  commitments: Record<CommitmentArea, { implementation: string; source: string }>;
}

export type FieldErrors = Partial<Record<"profile" | "frameworks" | "eu_inference" | "review_language" | "form" | CommitmentArea, string>>;

const LANGUAGE_NAMES: Record<string, string> = { en: "English", de: "German", es: "Spanish", fr: "French", it: "Italian", nl: "Dutch", pl: "Polish" };
const AREA_NAMES: Record<CommitmentArea, string> = {
  logging: "Logging",
  access_mfa: "Access and MFA",
  encryption: "Encryption",
  pii_retention: "Personal data retention",
  subprocessors: "Subprocessors",
};

function fieldError(id: string, message: string | undefined): Html | null {
  return message ? html`<p class="note error-note color-fg-danger" id="${id}-error" role="alert">${message}</p>` : null;
}

const FIELD_LABELS: Record<Exclude<keyof FieldErrors, "form">, [string, string]> = {
  profile: ["Profile", "#profile"],
  frameworks: ["Frameworks", "#frameworks"],
  eu_inference: ["EU inference", "#eu_inference"],
  review_language: ["Review language", "#review_language"],
  logging: ["Commitment: logging", "#commitment-logging-implementation"],
  access_mfa: ["Commitment: access and MFA", "#commitment-access_mfa-implementation"],
  encryption: ["Commitment: encryption", "#commitment-encryption-implementation"],
  pii_retention: ["Commitment: personal data retention", "#commitment-pii_retention-implementation"],
  subprocessors: ["Commitment: subprocessors", "#commitment-subprocessors-implementation"],
};

/** At the top of a long form: that nothing was saved, and links to each field with a problem. */
function errorSummary(errors: FieldErrors): Html | null {
  const fields = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter((f) => errors[f]);
  if (!errors.form && fields.length === 0) return null;
  return html`<div class="flash flash-error mb-3" role="alert">
  <p><strong>Nothing was saved.</strong> ${errors.form ?? "Fix the field marked below:"}</p>
  ${fields.length ? html`<ul class="ml-4">${fields.map((f) => html`<li><a href="${FIELD_LABELS[f][1]}">${FIELD_LABELS[f][0]}</a></li>`)}</ul>` : null}
</div>`;
}

export function configurationPage(options: {
  user: PageUser;
  nav: Omit<OrganisationNav, "current">;
  form: ConfigurationForm;
  errors: FieldErrors;
  catalogue: readonly Framework[];
  query: string;
  commitmentsUpdatedAt: Date | null;
  flash?: Html | null;
}): Html {
  const { form, errors, nav } = options;
  const q = options.query.trim().toLowerCase();
  const matches = (f: Framework) => !q || f.id.toLowerCase().includes(q) || f.name.toLowerCase().includes(q) || f.region.toLowerCase().includes(q);
  const shown = options.catalogue.filter(matches);
  const hiddenSelected = form.frameworks.filter((id) => !shown.some((f) => f.id === id));
  const describedBy = (field: string) => (errors[field as keyof FieldErrors] ? `${field}-error` : undefined);
  const action = organisationPath(nav.installationId, "configuration");

  return layout({
    title: `Configuration of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "configuration" },
    flash: options.flash,
    body: html`<h1 class="h2 mb-2">Configuration</h1>
<p class="color-fg-muted mb-3">The same values the <code>/v1/config</code> API reads and writes. Saving applies every change or none, with an audit record.</p>
${errorSummary(errors)}

<form method="get" action="${action}" role="search" class="mb-3" aria-label="Search frameworks">
  <label for="framework-search" class="d-block mb-1">Search the framework catalogue</label>
  <input class="form-control" type="search" id="framework-search" name="q" value="${options.query}" placeholder="ISO, GDPR, NIS 2, EU…">
  <button class="btn" type="submit">Search</button>
  ${q ? html`<a class="btn-link ml-2" href="${action}">Show all</a>` : null}
  <p class="note">Searching reloads the page: save your other changes first.</p>
</form>

<form method="post" action="${action}${q ? `?q=${encodeURIComponent(options.query)}` : ""}" novalidate>
${csrfField(options.user)}
<fieldset class="border-0 p-0 m-0" ${readOnlyForMembers(nav)}>
<fieldset class="Box mb-4" id="frameworks" ${errors.frameworks ? html`aria-describedby="frameworks-error"` : null}>
  <legend class="Box-header Box-title width-full">Frameworks</legend>
  <div class="Box-body">
    ${fieldError("frameworks", errors.frameworks)}
    ${q ? html`<p class="color-fg-muted">${shown.length} of ${options.catalogue.length} frameworks match “${options.query}”.</p>` : null}
    <ul class="framework-list list-style-none">
      ${shown.map(
        (f) => html`<li><input type="checkbox" name="frameworks" value="${f.id}" id="fw-${f.id}" ${form.frameworks.includes(f.id) ? html`checked` : null}>
        <label for="fw-${f.id}">${f.name}</label> <span class="color-fg-muted">${f.id} · ${f.region}</span></li>`,
      )}
    </ul>
    ${hiddenSelected.map((id) => html`<input type="hidden" name="frameworks" value="${id}">`)}
    ${hiddenSelected.length ? html`<p class="note">Also selected (not matching the search): ${hiddenSelected.join(", ")}.</p>` : null}
  </div>
</fieldset>

<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title">Review</h2></div>
  <div class="Box-body">
    <div class="form-group">
      <div class="form-group-header"><label for="review_language">Review language</label></div>
      <div class="form-group-body">
        <select class="form-select" id="review_language" name="review_language" ${describedBy("review_language") ? html`aria-describedby="review_language-error"` : null}>
          ${REVIEW_LANGUAGES.map((l) => html`<option value="${l}" ${form.reviewLanguage === l ? html`selected` : null}>${LANGUAGE_NAMES[l]} (${l})</option>`)}
        </select>
        ${fieldError("review_language", errors.review_language)}
        <p class="note">Review comments are written in this language. Control ids, the check name and this console stay in English.</p>
      </div>
    </div>
    <div class="form-checkbox">
      <label><input type="checkbox" id="eu_inference" name="eu_inference" value="true" ${form.euInference ? html`checked` : null}> EU inference</label>
      <p class="note">Reviews use only the EU-region model endpoint. If it fails, the review fails: there is no fallback.</p>
      ${fieldError("eu_inference", errors.eu_inference)}
    </div>
  </div>
</div>

<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title"><label for="profile">Profile (JSON)</label></h2></div>
  <div class="Box-body">
    <textarea class="form-control input-monospace width-full" id="profile" name="profile" rows="10" spellcheck="false" ${describedBy("profile") ? html`aria-describedby="profile-error"` : null}>${form.profileText}</textarea>
    ${fieldError("profile", errors.profile)}
    <p class="note">A JSON object of at most 16 KB, nested at most 4 levels. Conventional keys: company, product, data_handled, hosting, compliance_posture (strings).</p>
  </div>
</div>

<fieldset class="Box mb-4">
  <legend class="Box-header Box-title width-full">Commitments <span class="color-fg-muted text-normal">(last changed ${formatTime(options.commitmentsUpdatedAt)})</span></legend>
  <div class="Box-body">
    <p class="note mb-2">One row per area. Leave an area empty for no commitment. Implementation: 1–300 characters; source: up to 120; single lines.</p>
    <table class="commitments width-full">
      <thead><tr><th scope="col">Area</th><th scope="col">Implementation</th><th scope="col">Source (optional)</th></tr></thead>
      <tbody>
      ${COMMITMENT_AREAS.map(
        (area) => html`<tr>
        <th scope="row">${AREA_NAMES[area]}</th>
        <td><input class="form-control width-full" type="text" id="commitment-${area}-implementation" name="commitment_${area}_implementation" aria-label="${AREA_NAMES[area]}: implementation" value="${form.commitments[area].implementation}" ${errors[area] ? html`aria-describedby="${area}-error"` : null}>
        ${fieldError(area, errors[area])}</td>
        <td><input class="form-control width-full" type="text" id="commitment-${area}-source" name="commitment_${area}_source" aria-label="${AREA_NAMES[area]}: source" value="${form.commitments[area].source}"></td>
      </tr>`,
      )}
      </tbody>
    </table>
  </div>
</fieldset>
</fieldset>

${ownerOnly(nav, html`<button type="submit" class="btn btn-primary">Save configuration</button>`)}
</form>`,
  });
}
