// Audit log: configuration changes, claims, keys, modes and plan changes, with who and when.
import type { AuditView } from "../../domain/audit.js";
import { html, type Html } from "../html.js";
import { formatTime, layout, type OrganisationNav, type PageUser } from "./layout.js";

const ACTIONS: Record<string, string> = {
  "config.update": "Configuration changed",
  "installation.claim": "Installation claimed (trial started)",
  "api_key.create": "API key created",
  "api_key.revoke": "API key revoked",
  "billing.plan_set": "Plan changed",
  "billing.overage_set": "Overage changed",
  "trigger_mode.set": "Organisation review mode changed",
  "trigger_mode.repository_set": "Repository review mode changed",
  "exception.accept": "Finding accepted as a known risk",
  "exception.revoke": "Exception revoked",
  "member.invite": "Invitation created",
  "member.invitation_revoke": "Invitation revoked",
  "member.invitation_accept": "Invitation accepted",
  "member.role_change": "Member's role changed",
  "member.remove": "Member removed",
};

/** A readable line for the record: what changed from what to what. */
function summary(record: AuditView): string {
  const before = (record.before ?? {}) as Record<string, unknown>;
  const after = (record.after ?? {}) as Record<string, unknown>;
  const mode = (value: unknown) => (value === null || value === undefined ? "organisation mode" : String(value));
  switch (record.action) {
    case "config.update":
      return `Fields: ${Object.keys(after).join(", ")}`;
    case "installation.claim":
      return `Trial started ${String(after.trial_started_at ?? "")}`;
    case "api_key.create":
      return `${after.name ? `"${String(after.name)}" ` : ""}(${String(after.display_prefix)}…), scopes ${(after.scopes as string[] | undefined)?.join(", ") ?? ""}, ${after.expires_at ? `expires ${String(after.expires_at)}` : "no expiry"}`;
    case "api_key.revoke":
      return `Key ${String(after.key_id)}`;
    case "trigger_mode.set":
      return `${mode(before.mode)} → ${mode(after.mode)}`;
    case "trigger_mode.repository_set":
      return `${String(after.repository)}: ${mode(before.mode)} → ${mode(after.mode)}`;
    case "billing.overage_set":
      return `${before.overage_enabled ? "on" : "off"} → ${after.overage_enabled ? "on" : "off"}`;
    case "member.invite":
      return `${String(after.invitee)} as ${String(after.role)}, expires ${String(after.expires_at)}`;
    case "member.invitation_revoke":
      return `${String(before.invitee)} (${String(before.role)})`;
    case "member.invitation_accept":
      return `${String(after.name)} joined as ${String(after.role)} (invited: ${String(after.invitee)})`;
    case "member.role_change":
      return `${String(after.name)}: ${before.role === null || before.role === undefined ? "owner through GitHub" : String(before.role)} → ${String(after.role)}`;
    case "member.remove":
      return `${String(before.name)} (${before.role === null || before.role === undefined ? "no role" : String(before.role)})`;
    case "billing.plan_set":
      return `${String(before.plan)} → ${String(after.plan)}`;
    default: {
      const text = JSON.stringify(after);
      return text.length > 200 ? `${text.slice(0, 200)}…` : text;
    }
  }
}

export function auditLogPage(options: { user: PageUser; nav: Omit<OrganisationNav, "current">; records: AuditView[] }): Html {
  const { nav } = options;
  return layout({
    title: `Audit log of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "audit" },
    body: html`<h1 class="h2 mb-3">Audit log</h1>
<div class="Box overflow-auto"><table class="data-table width-full">
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Details</th></tr></thead>
<tbody>
${options.records.map(
  (r) => html`<tr><td>${formatTime(r.createdAt)}</td><td>${r.who}</td><td>${ACTIONS[r.action] ?? r.action}</td><td class="audit-details">${summary(r)}</td></tr>`,
)}
</tbody></table></div>`,
  });
}
