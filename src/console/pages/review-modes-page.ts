// Review modes: the organisation's mode and per-repository overrides.
import { TRIGGER_MODES, type TriggerMode } from "../../domain/types.js";
import { html, type Html } from "../html.js";
import { csrfField, layout, organisationPath, ownerOnly, readOnlyForMembers, type OrganisationNav, type PageUser } from "./layout.js";

const MODE_LABELS: Record<TriggerMode, string> = {
  auto: "auto: on open, reopen and every push",
  auto_once: "auto_once: on open and reopen only",
  mention_only: "mention_only: only when someone comments /clearance",
};

export function reviewModesPage(options: {
  user: PageUser;
  nav: Omit<OrganisationNav, "current">;
  organisationMode: TriggerMode;
  repositories: { name: string; key: string; override: TriggerMode | null; private: boolean | null }[];
  flash?: Html | null;
}): Html {
  const { nav } = options;
  return layout({
    title: `Review modes of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "modes" },
    flash: options.flash,
    body: html`<h1 class="h2 mb-3">Review modes</h1>
<form method="post" action="${organisationPath(nav.installationId, "modes")}">
${csrfField(options.user)}
<fieldset class="border-0 p-0 m-0" ${readOnlyForMembers(nav)}>
<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title"><label for="organisation_mode">Organisation mode</label></h2></div>
  <div class="Box-body">
    <select class="form-select" id="organisation_mode" name="organisation_mode">
      ${TRIGGER_MODES.map((m) => html`<option value="${m}" ${options.organisationMode === m ? html`selected` : null}>${MODE_LABELS[m]}</option>`)}
    </select>
    <p class="note">A repository's <code>.github/clearance.yml</code> may set its own mode; an override below wins over both. The <code>/clearance</code> command works in every mode.</p>
  </div>
</div>
<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title">Repositories</h2></div>
  ${options.repositories.length === 0
    ? html`<div class="Box-body"><p>No repositories recorded for this installation yet.</p></div>`
    : html`<table class="data-table width-full">
    <thead><tr><th scope="col">Repository</th><th scope="col">Mode</th></tr></thead>
    <tbody>
    ${options.repositories.map(
      (r) => html`<tr><th scope="row" class="text-normal">${r.name} ${r.private === true ? html`<span class="Label">private</span>` : r.private === false ? html`<span class="Label">public</span>` : null}</th>
      <td><select class="form-select" name="repo:${r.key}" aria-label="Mode for ${r.name}">
        <option value="" ${r.override === null ? html`selected` : null}>Organisation mode</option>
        ${TRIGGER_MODES.map((m) => html`<option value="${m}" ${r.override === m ? html`selected` : null}>${m}</option>`)}
      </select></td></tr>`,
    )}
    </tbody></table>`}
</div>
</fieldset>
${ownerOnly(nav, html`<button type="submit" class="btn btn-primary">Save review modes</button>`)}
</form>`,
  });
}
