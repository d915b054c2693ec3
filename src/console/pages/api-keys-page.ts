// API keys: create (name, scopes, optional expiry), the new key shown once with a copy button,
// the list (never the keys themselves), and revocation.
import { SCOPES } from "../../domain/api-keys.js";
import { html, type Html } from "../html.js";
import { csrfField, flash, formatTime, layout, organisationPath, ownerOnly, shownOnce, type OrganisationNav, type PageUser } from "./layout.js";

export interface KeyRow {
  id: string;
  name: string | null;
  displayPrefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdBy: string;
}

export const EXPIRY_CHOICES = [
  { value: "never", label: "No expiry", seconds: undefined },
  { value: "7", label: "7 days", seconds: 7 * 86_400 },
  { value: "30", label: "30 days", seconds: 30 * 86_400 },
  { value: "90", label: "90 days", seconds: 90 * 86_400 },
  { value: "365", label: "1 year", seconds: 365 * 86_400 },
] as const;

export function apiKeysPage(options: {
  user: PageUser;
  nav: Omit<OrganisationNav, "current">;
  keys: KeyRow[];
  now: Date;
  created?: { key: string; name: string | null };
  error?: string;
  flash?: Html | null;
}): Html {
  const { nav } = options;
  const base = organisationPath(nav.installationId, "keys");
  const status = (k: KeyRow) =>
    k.revokedAt ? html`<span class="Label Label--danger">revoked</span>` : k.expiresAt && k.expiresAt <= options.now ? html`<span class="Label Label--attention">expired</span>` : html`<span class="Label Label--success">active</span>`;
  return layout({
    title: `API keys of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "keys" },
    flash: options.flash,
    body: html`<h1 class="h2 mb-3">API keys</h1>
${options.created
  ? shownOnce({
      message: html`<strong>Key ${options.created.name ? html`“${options.created.name}” ` : null}created.</strong> Copy it now: it is shown only this once and cannot be shown again.`,
      label: "Your new API key",
      fieldId: "new-key",
      value: options.created.key,
    })
  : null}
${options.error ? flash("error", options.error) : null}

<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title">Keys</h2></div>
  ${options.keys.length === 0
    ? html`<div class="Box-body"><p>No API keys yet.</p></div>`
    : html`<div class="overflow-auto"><table class="data-table width-full">
    <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Created by</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>
    ${options.keys.map(
      (k) => html`<tr>
      <td>${k.name ?? "—"}</td>
      <td><code>${k.displayPrefix}…</code></td>
      <td>${k.scopes.join(", ")}</td>
      <td>${formatTime(k.createdAt)}</td>
      <td>${k.createdBy}</td>
      <td>${k.lastUsedAt ? formatTime(k.lastUsedAt) : "never"}</td>
      <td>${k.expiresAt ? formatTime(k.expiresAt) : "never"}</td>
      <td>${status(k)}</td>
      <td>${k.revokedAt || nav.role !== "owner"
        ? null
        : html`<form method="post" action="${base}/${k.id}/revoke">${csrfField(options.user)}<button type="submit" class="btn btn-sm btn-danger" aria-label="Revoke ${k.name ?? k.displayPrefix}">Revoke</button></form>`}</td>
    </tr>`,
    )}
    </tbody></table></div>`}
</div>

${ownerOnly(nav, html`<form method="post" action="${base}" class="Box" novalidate>
  ${csrfField(options.user)}
  <div class="Box-header"><h2 class="Box-title">Create a key</h2></div>
  <div class="Box-body">
    <div class="form-group">
      <div class="form-group-header"><label for="key-name">Name</label></div>
      <div class="form-group-body"><input class="form-control" id="key-name" name="name" type="text" maxlength="100" placeholder="ci"></div>
    </div>
    <fieldset class="form-group">
      <legend class="form-group-header text-bold">Scopes</legend>
      ${SCOPES.map((s) => html`<div class="form-checkbox my-1"><label><input type="checkbox" name="scopes" value="${s}" checked> ${s}</label></div>`)}
    </fieldset>
    <div class="form-group">
      <div class="form-group-header"><label for="key-expiry">Expiry</label></div>
      <div class="form-group-body"><select class="form-select" id="key-expiry" name="expiry">
        ${EXPIRY_CHOICES.map((c) => html`<option value="${c.value}">${c.label}</option>`)}
      </select></div>
    </div>
  </div>
  <div class="Box-footer"><button type="submit" class="btn btn-primary">Create key</button></div>
</form>`)}`,
  });
}
