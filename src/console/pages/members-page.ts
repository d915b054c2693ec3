// Members of an organisation: who may use it and as what (owner or member, and whether GitHub
// makes them owner), pending invitations, and for owners the invite form, role changes, removal
// and revocation. A new invitation's link is shown once, to copy.
import type { InvitationView } from "../accounts/invitations.js";
import type { MemberView } from "../accounts/memberships.js";
import { html, type Html } from "../html.js";
import { csrfField, flash, formatTime, layout, organisationPath, ownerOnly, shownOnce, type OrganisationNav, type PageUser } from "./layout.js";

export function membersPage(options: {
  user: PageUser;
  nav: Omit<OrganisationNav, "current">;
  members: MemberView[];
  invitations: InvitationView[];
  /** The signed-in person's account, to mark "you". */
  accountId: string;
  created?: { link: string; invitee: string; role: string };
  error?: string;
  flash?: Html | null;
}): Html {
  const { nav } = options;
  const base = organisationPath(nav.installationId, "members");
  const owner = nav.role === "owner";
  const roleCell = (m: MemberView) =>
    html`<strong>${m.role}</strong>${m.githubOwner ? html` <span class="Label ml-1" title="GitHub lists them as an administrator of ${nav.accountLogin}">owner through GitHub</span>` : null}${m.githubOwner && m.explicitRole ? html` <span class="color-fg-muted">(also ${m.explicitRole} by invitation)</span>` : null}`;
  return layout({
    title: `Members of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "members" },
    flash: options.flash,
    body: html`<h1 class="h2 mb-2">Members</h1>
<p class="color-fg-muted mb-3">Owners change configuration, keys, modes, plan and overage, exceptions and members. Members see every page and change nothing. GitHub administrators of ${nav.accountLogin} who sign in with GitHub are owners without an invitation, for as long as GitHub says so.</p>
${options.created
  ? shownOnce({
      message: html`<strong>Invitation created</strong> for ${options.created.invitee} as ${options.created.role}. Copy the link and send it to them: it is shown only this once, works once, and expires in 7 days.`,
      label: "Invitation link",
      fieldId: "invitation-link",
      value: options.created.link,
    })
  : null}
${options.error ? flash("error", options.error) : null}
<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title">People</h2></div>
  <div class="overflow-auto"><table class="data-table width-full">
    <thead><tr><th scope="col">Name</th><th scope="col">Signs in as</th><th scope="col">Role</th><th scope="col">Since</th>${owner ? html`<th scope="col"><span class="sr-only">Actions</span></th>` : null}</tr></thead>
    <tbody>
    ${options.members.map(
      (m) => html`<tr>
      <th scope="row" class="text-normal">${m.displayName}${m.accountId === options.accountId ? html` <span class="color-fg-muted">(you)</span>` : null}</th>
      <td>${m.identities.join(", ") || "—"}</td>
      <td>${roleCell(m)}</td>
      <td>${formatTime(m.since)}</td>
      ${owner
        ? html`<td><div class="d-flex flex-items-center">
        <form method="post" action="${base}/${m.accountId}/role" class="d-flex mr-2">${csrfField(options.user)}
          <select class="form-select select-sm mr-1" name="role" aria-label="Role of ${m.displayName}">
            <option value="owner" ${m.explicitRole === "owner" ? html`selected` : null}>owner</option>
            <option value="member" ${m.explicitRole !== "owner" ? html`selected` : null}>member</option>
          </select>
          <button type="submit" class="btn btn-sm" aria-label="Change role of ${m.displayName}">Change role</button>
        </form>
        <form method="post" action="${base}/${m.accountId}/remove">${csrfField(options.user)}<button type="submit" class="btn btn-sm btn-danger" aria-label="Remove ${m.displayName}">Remove</button></form>
      </div></td>`
        : null}
    </tr>`,
    )}
    </tbody>
  </table></div>
</div>
<div class="Box mb-4">
  <div class="Box-header"><h2 class="Box-title">Pending invitations</h2></div>
  ${options.invitations.length === 0
    ? html`<div class="Box-body"><p>No pending invitations.</p></div>`
    : html`<div class="overflow-auto"><table class="data-table width-full">
    <thead><tr><th scope="col">Invited</th><th scope="col">Role</th><th scope="col">Created</th><th scope="col">Expires</th>${owner ? html`<th scope="col"><span class="sr-only">Actions</span></th>` : null}</tr></thead>
    <tbody>
    ${options.invitations.map(
      (i) => html`<tr><td>${i.invitee}</td><td>${i.role}</td><td>${formatTime(i.createdAt)}</td><td>${formatTime(i.expiresAt)}</td>
      ${owner ? html`<td><form method="post" action="${organisationPath(nav.installationId, "members").replace(/members$/, "invitations")}/${i.id}/revoke">${csrfField(options.user)}<button type="submit" class="btn btn-sm btn-danger" aria-label="Revoke the invitation for ${i.invitee}">Revoke</button></form></td>` : null}</tr>`,
    )}
    </tbody></table></div>`}
</div>
${ownerOnly(
  nav,
  html`<form method="post" action="${base}/invite" class="Box" novalidate>
  ${csrfField(options.user)}
  <div class="Box-header"><h2 class="Box-title">Invite someone</h2></div>
  <div class="Box-body">
    <div class="form-group">
      <div class="form-group-header"><label for="invitee">E-mail address or GitHub login</label></div>
      <div class="form-group-body"><input class="form-control" id="invitee" name="invitee" type="text" maxlength="254" autocomplete="off" placeholder="grc-lead@example.com or octocat" aria-describedby="invitee-note"></div>
      <p class="note" id="invitee-note">They accept with a console account linked to that verified address (signing in with single sign-on, an e-mail link, or GitHub when GitHub shares their verified primary address) or to that GitHub account.</p>
    </div>
    <fieldset class="form-group">
      <legend class="form-group-header text-bold">Role</legend>
      <div class="form-checkbox my-1"><label><input type="radio" name="role" value="member" checked> Member: sees everything, changes nothing</label></div>
      <div class="form-checkbox my-1"><label><input type="radio" name="role" value="owner"> Owner: changes everything, including members</label></div>
    </fieldset>
  </div>
  <div class="Box-footer"><button type="submit" class="btn btn-primary">Create invitation link</button></div>
</form>`,
)}`,
  });
}
