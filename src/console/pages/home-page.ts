// The console's home: the sign-in methods, or the organisations the person may open (as owner or
// member) and the installations GitHub says they administer, which they can claim.
import { html, type Html } from "../html.js";
import type { AdministeredInstallation } from "../session-store.js";
import { csrfField, layout, organisationPath, type PageUser } from "./layout.js";
import { signInButtons, type SignInChoice } from "./sign-in-page.js";

export function signedOutHome(options: { choices: SignInChoice[] }): Html {
  return layout({
    title: "Sign in",
    body: html`<div class="blankslate blankslate-spacious">
  <h1 class="blankslate-heading">Clearance console</h1>
  <p>Configure how Clearance reviews your organisation's pull requests: frameworks, profile, commitments, API keys, review modes and usage.</p>
  <div class="blankslate-action">
    ${options.choices.length > 0
      ? html`<div class="mx-auto sign-in-box">${signInButtons(options.choices)}</div>`
      : html`<p class="flash flash-warn">Sign-in is not set up on this server: for Sign in with GitHub the operator sets GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (see the README).</p>`}
  </div>
</div>`,
  });
}

export interface HomeInstallation extends AdministeredInstallation {
  claimed: boolean;
  /** The person's role in the claimed organisation. */
  role: "owner" | "member" | null;
}

export function signedInHome(user: PageUser, installations: HomeInstallation[]): Html {
  return layout({
    title: "Organisations",
    user,
    body: html`<h1 class="h2 mb-3">Organisations</h1>
${installations.length === 0
  ? html`<div class="blankslate"><p>You are not a member of any organisation here, and GitHub lists no account you administer where the Clearance App is installed. Install the App on an organisation you own, or ask an owner to invite you, then come back.</p></div>`
  : html`<div class="Box"><ul>
  ${installations.map(
    (i) => html`<li class="Box-row d-flex flex-items-center">
      <div class="flex-auto"><strong>${i.account_login}</strong> <span class="color-fg-muted">(${i.account_type === "User" ? "user account" : "organisation"}, installation ${i.id})</span>${i.claimed && i.role ? html` <span class="Label ml-1">${i.role}</span>` : null}</div>
      ${i.claimed
        ? html`<a class="btn btn-sm" href="${organisationPath(i.id, "configuration")}">Open</a>`
        : html`<form method="post" action="/installations/${i.id}/claim">${csrfField(user)}<button class="btn btn-sm btn-primary" type="submit">Claim and start the trial</button></form>`}
    </li>`,
  )}
  </ul></div>`}`,
  });
}
