// The Account page: the sign-in methods linked to the signed-in person's console account, and
// buttons to link another (the next sign-in with it, in this browser, links instead of signing in).
import type { IdentityView } from "../accounts/accounts.js";
import { html, type Html } from "../html.js";
import { csrfField, formatTime, layout, type PageUser } from "./layout.js";
import type { SignInChoice } from "./sign-in-page.js";

const METHOD_NAMES: Record<IdentityView["method"], string> = { github: "GitHub", oidc: "Single sign-on (OpenID Connect)", email: "E-mail link" };

function identityLabel(i: IdentityView): string {
  if (i.method === "github") return `@${i.githubLogin ?? i.displayName}${i.email ? ` (${i.email})` : ""}`;
  if (i.method === "email") return i.email ?? i.subject;
  return `${i.displayName}${i.email ? ` (${i.email})` : ""}`;
}

export function accountPage(options: { user: PageUser; displayName: string; identities: IdentityView[]; choices: SignInChoice[]; flash?: Html | null }): Html {
  return layout({
    title: "Your account",
    user: options.user,
    flash: options.flash,
    body: html`<h1 class="h2 mb-3">Your account</h1>
<p class="mb-3">Signed in as <strong>${options.displayName}</strong>. Any of the methods below signs you in to this same account, with the same organisations.</p>
<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title">Linked sign-in methods</h2></div>
  <div class="overflow-auto"><table class="data-table width-full">
    <thead><tr><th scope="col">Method</th><th scope="col">Identity</th><th scope="col">Verified e-mail</th><th scope="col">Linked</th><th scope="col">Last used</th></tr></thead>
    <tbody>
    ${options.identities.map((i) => html`<tr><td>${METHOD_NAMES[i.method]}</td><td>${identityLabel(i)}</td><td>${i.email ?? "none"}</td><td>${formatTime(i.createdAt)}</td><td>${formatTime(i.lastUsedAt)}</td></tr>`)}
    </tbody>
  </table></div>
</div>
<div class="Box">
  <div class="Box-header"><h2 class="Box-title">Link another sign-in method</h2></div>
  <div class="Box-body">
    <p>You will sign in with the method you choose; it is then linked to this account. A GitHub account, identity or address already linked to another console account cannot be linked here.</p>
    ${options.choices.length === 0
      ? html`<p>No sign-in method is set up on this server.</p>`
      : html`<ul class="list-style-none">${options.choices.map(
          (c) => html`<li class="mb-2"><form method="post" action="/account/link">${csrfField(options.user)}<input type="hidden" name="method" value="${c.method}"><button type="submit" class="btn">Link: ${c.label}</button></form></li>`,
        )}</ul>`}
  </div>
</div>`,
  });
}
