// Where GitHub sends a user after installing the App: offers to claim the installation.
import { html, type Html } from "../html.js";
import { csrfField, layout, organisationPath, type PageUser } from "./layout.js";

export function setupPage(user: PageUser, installation: { id: string; accountLogin: string; accountType: string; claimed: boolean }): Html {
  return layout({
    title: "Claim the installation",
    user,
    body: installation.claimed
      ? html`<div class="blankslate">
  <h1 class="blankslate-heading">${installation.accountLogin} is set up</h1>
  <p>This installation is already claimed.</p>
  <div class="blankslate-action"><a class="btn btn-primary" href="${organisationPath(installation.id, "configuration")}">Open its configuration</a></div>
</div>`
      : html`<div class="Box">
  <div class="Box-header"><h1 class="Box-title">Claim ${installation.accountLogin}</h1></div>
  <div class="Box-body">
    <p>Clearance is installed on the ${installation.accountType === "User" ? "user account" : "organisation"} <strong>${installation.accountLogin}</strong> (installation ${installation.id}). Until it is claimed it is reviewed under the Free plan with the default configuration.</p>
    <p>Claiming links it to an organisation in Clearance and starts a <strong>14-day trial</strong> with unlimited private reviews, no card required. It also enables the configuration and API keys.</p>
  </div>
  <div class="Box-footer">
    <form method="post" action="/installations/${installation.id}/claim">${csrfField(user)}<button type="submit" class="btn btn-primary">Claim and start the trial</button></form>
  </div>
</div>`,
  });
}
