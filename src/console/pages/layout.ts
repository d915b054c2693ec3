// The page frame shared by every console page: Primer CSS, a header with the signed-in user and
// sign-out, and for an organisation's pages the navigation between them.
import { html, type Html } from "../html.js";

export interface PageUser {
  login: string;
  csrfToken: string;
}

export interface OrganisationNav {
  installationId: string;
  accountLogin: string;
  /** The signed-in person's role here: members see every page, only owners get the forms that change things. */
  role: "owner" | "member";
  current: "configuration" | "keys" | "modes" | "plan" | "reviews" | "audit" | "exceptions" | "evidence" | "queue" | "members";
}

const SECTIONS: { id: OrganisationNav["current"]; path: string; label: string }[] = [
  { id: "configuration", path: "configuration", label: "Configuration" },
  { id: "keys", path: "api-keys", label: "API keys" },
  { id: "modes", path: "review-modes", label: "Review modes" },
  { id: "plan", path: "plan", label: "Plan and usage" },
  { id: "reviews", path: "reviews", label: "Recent reviews" },
  { id: "audit", path: "audit-log", label: "Audit log" },
  { id: "exceptions", path: "exceptions", label: "Exceptions" },
  { id: "evidence", path: "evidence", label: "Evidence" },
  { id: "queue", path: "queue", label: "Review queue" },
  { id: "members", path: "members", label: "Members" },
];

export function organisationPath(installationId: string, section: OrganisationNav["current"]): string {
  return `/orgs/${installationId}/${SECTIONS.find((s) => s.id === section)!.path}`;
}

/** Content only owners see (forms that change things); members get nothing in its place. */
export function ownerOnly(nav: Pick<OrganisationNav, "role">, content: Html): Html | null {
  return nav.role === "owner" ? content : null;
}

/** Disables every control inside for members, who see the values but cannot submit them. */
export function readOnlyForMembers(nav: Pick<OrganisationNav, "role">): Html | null {
  return nav.role === "owner" ? null : html`disabled`;
}

export function csrfField(user: PageUser): Html {
  return html`<input type="hidden" name="_csrf" value="${user.csrfToken}">`;
}

export function layout(options: { title: string; user?: PageUser; organisation?: OrganisationNav; body: Html; flash?: Html | null }): Html {
  const { user, organisation } = options;
  return html`<html lang="en" data-color-mode="light" data-light-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Clearance</title>
<link rel="stylesheet" href="/console/assets/primer.css">
<link rel="stylesheet" href="/console/assets/console.css">
<script src="/console/assets/console.js" defer></script>
</head>
<body>
<header class="Header">
  <div class="Header-item Header-item--full"><a href="/" class="Header-link f4">Clearance</a></div>
  ${user
    ? html`<div class="Header-item"><span class="mr-3">Signed in as <strong>${user.login}</strong></span>
      <a class="Header-link mr-3" href="/account">Account</a>
      <form method="post" action="/sign-out">${csrfField(user)}<button type="submit" class="btn btn-sm">Sign out</button></form></div>`
    : null}
</header>
<main class="container-lg px-3 py-4">
${organisation
  ? html`<nav aria-label="Breadcrumb" class="mb-1"><ol class="breadcrumb-list"><li><a href="/">Organisations</a></li><li aria-current="location"><strong>${organisation.accountLogin}</strong> <span class="color-fg-muted">(installation ${organisation.installationId})</span></li></ol></nav>
  <nav class="UnderlineNav mb-4" aria-label="Organisation">
    <div class="UnderlineNav-body">
      ${SECTIONS.map((s) =>
        s.id === organisation.current
          ? html`<a class="UnderlineNav-item" href="${organisationPath(organisation.installationId, s.id)}" aria-current="page">${s.label}</a>`
          : html`<a class="UnderlineNav-item" href="${organisationPath(organisation.installationId, s.id)}">${s.label}</a>`,
      )}
    </div>
  </nav>
  ${organisation.role === "member"
    ? html`<p class="flash mb-4" role="note">You are a <strong>member</strong> of ${organisation.accountLogin}: you can see every page; only owners can change things.</p>`
    : null}`
  : null}
${options.flash ?? null}
${options.body}
</main>
</body>
</html>`;
}

export function flash(kind: "success" | "error" | "warn", message: Interpolated): Html {
  return html`<div class="flash flash-${kind} mb-4" role="${kind === "error" ? "alert" : "status"}">${message}</div>`;
}

type Interpolated = Html | string;

/** A secret shown this once (a new API key, an invitation link), with a copy button where JavaScript runs. */
export function shownOnce(options: { message: Html; label: string; fieldId: string; value: string }): Html {
  return html`<div class="flash flash-success mb-4" role="status">
  <p>${options.message}</p>
  <label for="${options.fieldId}" class="d-block mb-1">${options.label}</label>
  <div class="d-flex">
    <input class="form-control input-monospace flex-auto" id="${options.fieldId}" type="text" readonly value="${options.value}">
    <button type="button" class="btn ml-2 js-copy" data-copy-target="${options.fieldId}" hidden>Copy</button>
  </div>
  <p class="note js-copied" aria-live="polite"></p>
</div>`;
}

export function formatTime(date: Date | null | undefined): Html | string {
  if (!date) return "—";
  const iso = date.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace("T", " ")} UTC</time>`;
}
