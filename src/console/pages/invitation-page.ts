// An invitation link opened by a signed-in person: whose organisation, which role, and the button
// that accepts it (a POST with the CSRF token; opening the link changes nothing).
import { html, type Html } from "../html.js";
import { csrfField, formatTime, layout, type PageUser } from "./layout.js";

export function invitationPage(options: { user: PageUser; token: string; accountLogin: string; role: "owner" | "member"; expiresAt: Date }): Html {
  return layout({
    title: `Join ${options.accountLogin}`,
    user: options.user,
    body: html`<div class="Box mx-auto sign-in-box">
  <div class="Box-header"><h1 class="Box-title">Join ${options.accountLogin}</h1></div>
  <div class="Box-body">
    <p>You are invited to <strong>${options.accountLogin}</strong> in the Clearance console as <strong>${options.role}</strong>.
    ${options.role === "owner" ? "Owners change configuration, keys, modes, plan and overage, and members." : "Members see every page and change nothing."}</p>
    <p class="color-fg-muted">The invitation works once and expires ${formatTime(options.expiresAt)}. It is accepted only by the invited e-mail address or GitHub account, linked to your console account.</p>
  </div>
  <div class="Box-footer">
    <form method="post" action="/invitations/${options.token}/accept">${csrfField(options.user)}<button type="submit" class="btn btn-primary">Accept and join ${options.accountLogin}</button></form>
  </div>
</div>`,
  });
}
