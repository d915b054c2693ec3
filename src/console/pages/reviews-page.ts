// Recent reviews: pull request, head, outcome, findings, time, and a link to GitHub.
import type { RecentReview } from "../../domain/recent-reviews.js";
import { html, type Html } from "../html.js";
import { formatTime, layout, type OrganisationNav, type PageUser } from "./layout.js";

export function reviewsPage(options: { user: PageUser; nav: Omit<OrganisationNav, "current">; reviews: RecentReview[]; webBaseUrl: string }): Html {
  const { nav } = options;
  return layout({
    title: `Recent reviews of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "reviews" },
    body: html`<h1 class="h2 mb-3">Recent reviews</h1>
${options.reviews.length === 0
  ? html`<div class="blankslate"><p>No reviews yet. Open a pull request in a repository where the App is installed.</p></div>`
  : html`<div class="Box overflow-auto"><table class="data-table width-full">
  <thead><tr><th scope="col">Pull request</th><th scope="col">Head</th><th scope="col">Outcome</th><th scope="col">Findings</th><th scope="col">Time</th></tr></thead>
  <tbody>
  ${options.reviews.map(
    (r) => html`<tr>
    <td>${r.repository ? html`<a href="${options.webBaseUrl}/${r.repository}/pull/${r.pullNumber}">${r.repository}#${r.pullNumber}</a>` : `#${r.pullNumber}`}</td>
    <td><code>${r.headSha.slice(0, 7)}</code></td>
    <td>${r.outcome}</td>
    <td>${r.findings}</td>
    <td>${formatTime(r.createdAt)}</td>
  </tr>`,
  )}
  </tbody></table></div>`}`,
  });
}
