// The sign-in chooser: one button per sign-in method the operator configured. Methods register an
// entry ({ method, label, href }) in create-console-router.ts; each start page takes ?return_to.
import { html, type Html } from "../html.js";
import type { SignInMethod } from "../sign-in/verified-identity.js";
import { layout, type PageUser } from "./layout.js";

export interface SignInChoice {
  method: SignInMethod;
  /** The button's text, e.g. "Sign in with GitHub". */
  label: string;
  /** Where the method's sign-in starts (a path on this site); ?return_to=<path> is appended. */
  href: string;
}

export function choiceHref(choice: SignInChoice, returnTo: string): string {
  return returnTo === "/" ? choice.href : `${choice.href}${choice.href.includes("?") ? "&" : "?"}return_to=${encodeURIComponent(returnTo)}`;
}

export function signInButtons(choices: SignInChoice[], returnTo = "/"): Html {
  return html`<ul class="list-style-none">
  ${choices.map((c, i) => html`<li class="mb-2"><a class="btn ${i === 0 ? "btn-primary" : ""} btn-large width-full" href="${choiceHref(c, returnTo)}">${c.label}</a></li>`)}
</ul>`;
}

export function signInChooser(options: { choices: SignInChoice[]; returnTo: string; user?: PageUser }): Html {
  return layout({
    title: "Sign in",
    user: options.user,
    body: html`<div class="Box mx-auto sign-in-box">
  <div class="Box-header"><h1 class="Box-title">Sign in to the Clearance console</h1></div>
  <div class="Box-body">
    <p>Choose how to sign in. If you linked several methods to your account, any of them signs you in to the same account.</p>
    ${signInButtons(options.choices, options.returnTo)}
  </div>
</div>`,
  });
}
