// The pages of e-mail sign-in: the form asking for an address, and the answer after it, which is
// the same whether or not the address has an account (it says nothing about who is known).
import { html, type Html } from "../html.js";
import { flash, layout } from "../pages/layout.js";

export function emailFormPage(options: { formToken: string; returnTo: string; address?: string; error?: string }): Html {
  return layout({
    title: "Sign in by e-mail",
    flash: options.error ? flash("error", options.error) : null,
    body: html`<div class="col-md-6 mx-auto">
  <h1 class="h2 mb-3">Sign in by e-mail</h1>
  <p>We send a link to your address. It works once, for 15 minutes, in this browser.</p>
  <form method="post" action="/sign-in/email">
    <input type="hidden" name="_form" value="${options.formToken}">
    <input type="hidden" name="return_to" value="${options.returnTo}">
    <div class="form-group">
      <div class="form-group-header"><label for="email">E-mail address</label></div>
      <div class="form-group-body"><input class="form-control input-block" type="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${options.address ?? ""}"></div>
    </div>
    <button type="submit" class="btn btn-primary">Send me a sign-in link</button>
  </form>
</div>`,
  });
}

export function emailSentPage(): Html {
  return layout({
    title: "Check your e-mail",
    body: html`<div class="blankslate">
  <h1 class="blankslate-heading">Check your e-mail</h1>
  <p>If the address can receive mail, a sign-in link is on its way. Open it in this browser within 15 minutes; it works once.</p>
  <div class="blankslate-action"><a class="btn" href="/sign-in/email">Send another link</a></div>
</div>`,
  });
}
