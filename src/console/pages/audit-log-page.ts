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
};

function summary(record: AuditView): string {
  if (record.action === "config.update") return `Fields: ${Object.keys((record.after ?? {}) as object).join(", ")}`;
  const after = JSON.stringify(record.after);
  return after.length > 200 ? `${after.slice(0, 200)}…` : after;
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
  (r) => html`<tr><td>${formatTime(r.createdAt)}</td><td>${r.who}</td><td>${ACTIONS[r.action] ?? r.action}</td><td><code class="audit-details">${summary(r)}</code></td></tr>`,
)}
</tbody></table></div>`,
  });
}
