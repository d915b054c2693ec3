// Exceptions: the findings an organisation accepted as known risks and still in force (finding,
// pull request, location, who accepted, when, why, until when), each with a revoke button.
import { html, type Html } from "../html.js";
import { csrfField, formatTime, layout, organisationPath, ownerOnly, type OrganisationNav, type PageUser } from "./layout.js";

export interface ExceptionRow {
  id: string;
  reference: string;
  repository: string;
  pullNumber: number;
  /** "path:line" of the finding as last reviewed; null when the review evidence is gone. */
  location: string | null;
  acceptedBy: string;
  acceptedAt: Date;
  reason: string;
  /** The last day it holds (YYYY-MM-DD); null: no expiry. */
  until: string | null;
  commentUrl: string | null;
}

export function exceptionsPage(options: { user: PageUser; nav: Omit<OrganisationNav, "current">; exceptions: ExceptionRow[]; webBaseUrl: string; flash?: Html | null }): Html {
  const { nav } = options;
  const base = organisationPath(nav.installationId, "exceptions");
  return layout({
    title: `Exceptions of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "exceptions" },
    flash: options.flash,
    body: html`<h1 class="h2 mb-2">Exceptions</h1>
<p class="color-fg-muted mb-3">Findings accepted with <code>/clearance accept</code> in a pull request and still in force. Revoking one raises its finding again from the next review on.</p>
${options.exceptions.length === 0
  ? html`<div class="blankslate"><p>No exceptions in force.</p></div>`
  : html`<div class="Box overflow-auto"><table class="data-table width-full">
  <thead><tr><th scope="col">Finding</th><th scope="col">Pull request</th><th scope="col">Location</th><th scope="col">Accepted by</th><th scope="col">Accepted</th><th scope="col">Reason</th><th scope="col">Until</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
  <tbody>
  ${options.exceptions.map(
    (e) => html`<tr>
    <td><code>${e.reference}</code></td>
    <td><a href="${options.webBaseUrl}/${e.repository}/pull/${e.pullNumber}">${e.repository}#${e.pullNumber}</a></td>
    <td>${e.location ? html`<code>${e.location}</code>` : "—"}</td>
    <td>${e.acceptedBy}</td>
    <td>${e.commentUrl ? html`<a href="${e.commentUrl}">${formatTime(e.acceptedAt)}</a>` : formatTime(e.acceptedAt)}</td>
    <td>${e.reason}</td>
    <td>${e.until ?? "no expiry"}</td>
    <td>${ownerOnly(nav, html`<form method="post" action="${base}/${e.id}/revoke">${csrfField(options.user)}<button type="submit" class="btn btn-sm btn-danger" aria-label="Revoke the exception for ${e.reference} on ${e.repository}#${e.pullNumber}">Revoke</button></form>`)}</td>
  </tr>`,
  )}
  </tbody></table></div>`}`,
  });
}
