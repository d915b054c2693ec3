// Teams over real HTTP, with the real database and the GitHub stand-in: the claimer is the owner;
// owners invite by GitHub login or e-mail address (a single-use, expiring link accepted only by the
// invited identity); members see everything and every change they try is refused with 403 and
// changes nothing; removing someone ends their sessions; the last owner stays; GitHub
// administrators are owners without an invitation for as long as GitHub says so; every change
// names the person in the audit log; one person links several sign-in methods.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { recordInstallation } from "../../src/domain/installations.js";
import type { Finding } from "../../src/engine/types.js";
import { acceptFinding } from "../../src/evidence/exceptions/accept-finding.js";
import { recordReviewEvidence } from "../../src/evidence/record-review-evidence.js";
import type { StandInUser } from "../support/github-stand-in.js";
import { ALICE, BOB, CAROL, startConsoleHarness, type ConsoleClient, type ConsoleHarness } from "./support/console-harness.js";

const DAVE: StandInUser = { id: 504, login: "dave" };
const ERIN: StandInUser = { id: 505, login: "erin" };
const ALICE_WORK: StandInUser = { id: 506, login: "alice-at-work" };

let h: ConsoleHarness;
let alice: ConsoleClient;
let aliceCsrf: string;
let organisationId: string;
let exceptionId: string;

const prisma = () => h.app.db.prisma;
const csrfOf = (text: string) => /name="_csrf" value="([^"]+)"/.exec(text)![1]!;
const linkPath = (text: string) => new URL(/id="invitation-link" type="text" readonly value="([^"]+)"/.exec(text)![1]!).pathname;
const memberRow = async (user: StandInUser) =>
  prisma().organisationMember.findUnique({ where: { organisationId_accountId: { organisationId, accountId: await h.accountIdOf(user) } } });

async function invite(client: ConsoleClient, csrf: string, invitee: string, role: "owner" | "member", installation = 7101) {
  const page = await client.post(`/orgs/${installation}/members/invite`, { _csrf: csrf, invitee, role });
  expect(page.status).toBe(201);
  return linkPath(page.text);
}

/** Opens the link signed in, then accepts it with the page's CSRF token. */
async function accept(client: ConsoleClient, path: string) {
  const page = await client.get(path);
  if (page.status !== 200) return page;
  return client.post(`${path}/accept`, { _csrf: csrfOf(page.text) });
}

async function signAliceIn() {
  alice = await h.signIn();
  aliceCsrf = await alice.csrf("/");
}

beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [
      { id: 7101, account: { id: 9301, login: "acme", type: "Organization" } },
      { id: 7102, account: { id: 9302, login: "globex", type: "Organization" } },
    ],
    memberships: { acme: { alice: "admin", dave: "admin", erin: "admin" }, globex: { alice: "admin" } },
  });
  await recordInstallation(prisma(), { id: 7101n, accountLogin: "acme" });
  await recordInstallation(prisma(), { id: 7102n, accountLogin: "globex" });
  await signAliceIn();
  expect((await alice.post("/installations/7101/claim", { _csrf: aliceCsrf })).status).toBe(303);
  organisationId = (await prisma().organisation.findUniqueOrThrow({ where: { installationId: 7101n } })).id;
  const pr = { installationId: 7101n, repositoryId: 31n, repoFullName: "acme/api", pullNumber: 4 };
  await prisma().repository.create({ data: { id: 31n, installationId: 7101n, fullName: "acme/api", private: true } });
  const finding: Finding = { fingerprint: "fedcba9876", ruleId: "logging.audit_disabled", path: "src/app.ts", line: 4, side: "RIGHT", area: "logging", severity: "high", message: "Audit logging is off.", title: "Audit logging off", body: "Audit logging is off.", controls: [], source: "analyzer" };
  await recordReviewEvidence(prisma(), pr, "0".repeat(40), [finding], h.app.clock.now);
  exceptionId = (await acceptFinding(prisma(), { ...pr, reference: "fedcba9", reason: "Logged elsewhere", acceptedBy: "octocat", acceptedWith: "admin", now: h.app.clock.now })).id;
});
afterAll(async () => h.close());

describe("invitations", () => {
  let bob: ConsoleClient;

  it("the claimer is the owner; an invitation by GitHub login is accepted by that GitHub account, once", async () => {
    const members = await alice.get("/orgs/7101/members");
    expect(members.status).toBe(200);
    expect(members.text).toContain("alice");
    expect(members.text).toContain("Invite someone");

    const path = await invite(alice, aliceCsrf, "@Bob", "member");
    expect(path).toMatch(/^\/invitations\/[A-Za-z0-9_-]{43}$/);
    const stored = await prisma().organisationInvitation.findFirstOrThrow({ where: { organisationId, githubLogin: "bob" } });
    expect(stored.tokenHash).not.toContain(path.split("/")[2]); // only the hash is kept

    // Opening the link signed out asks to sign in first and comes back to it.
    const signedOut = await h.client().get(path);
    expect(signedOut.status).toBe(303);
    expect(signedOut.location).toBe(`/sign-in?return_to=${encodeURIComponent(path)}`);

    bob = await h.signInAs(BOB, undefined, path);
    const page = await bob.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Join acme");
    expect(page.text).toContain("as <strong>member</strong>");
    expect(await memberRow(BOB)).toBeNull(); // opening the link changes nothing
    const accepted = await bob.post(`${path}/accept`, { _csrf: csrfOf(page.text) });
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe("/orgs/7101/configuration?joined=1");
    expect(await memberRow(BOB)).toMatchObject({ role: "member", githubAdmin: false });
    expect((await bob.get(accepted.location!)).text).toContain("Invitation accepted: you are a member of acme.");
    expect((await bob.get("/")).text).toContain("acme");

    // Replayed: refused, nothing changes.
    const audits = await prisma().auditRecord.count();
    const replay = await bob.post(`${path}/accept`, { _csrf: csrfOf(page.text) });
    expect(replay.status).toBe(410);
    expect(replay.text).toContain("already used, was revoked, or has expired");
    expect((await bob.get(path)).status).toBe(410);
    expect(await prisma().auditRecord.count()).toBe(audits);
  });

  it("refuses an invitation accepted by another identity, and accepts GitHub's verified primary address", async () => {
    const path = await invite(alice, aliceCsrf, "Carol@Example.com", "owner");
    const audits = await prisma().auditRecord.count();

    // Bob is signed in with GitHub, without that address: refused, nothing changes.
    const bob = await h.signInAs(BOB);
    const refused = await accept(bob, path);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("Invitation for someone else");
    expect(refused.text).toContain("Nothing was changed");
    expect(await memberRow(BOB)).toMatchObject({ role: "member" });

    // Carol's GitHub primary address is not verified: not hers as far as the console knows.
    const carol = await h.signInAs({ ...CAROL, emails: [{ email: "carol@example.com", primary: true, verified: false }] });
    expect((await accept(carol, path)).status).toBe(403);
    expect(await prisma().organisationMember.count({ where: { organisationId, account: { identities: { some: { githubLogin: "carol" } } } } })).toBe(0);
    expect(await prisma().auditRecord.count()).toBe(audits);
    expect((await prisma().organisationInvitation.findFirstOrThrow({ where: { email: "carol@example.com" } })).acceptedAt).toBeNull();

    // Once GitHub says it is her verified primary address, the same link works.
    const verified = await h.signInAs({ ...CAROL, emails: [{ email: "carol@example.com", primary: true, verified: true }] });
    const accepted = await accept(verified, path);
    expect(accepted.status).toBe(303);
    expect(await memberRow(CAROL)).toMatchObject({ role: "owner" });
  });

  it("refuses an expired, a revoked and a made-up invitation link", async () => {
    const revokedPath = await invite(alice, aliceCsrf, "someone@example.org", "member");
    const invitation = await prisma().organisationInvitation.findFirstOrThrow({ where: { email: "someone@example.org", revokedAt: null } });
    const members = await alice.get("/orgs/7101/members");
    expect(members.text).toContain("someone@example.org");
    const revoked = await alice.post(`/orgs/7101/invitations/${invitation.id}/revoke`, { _csrf: aliceCsrf });
    expect(revoked.status).toBe(303);
    expect((await prisma().organisationInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).revokedAt).toEqual(h.app.clock.now);
    expect((await alice.get(revokedPath)).status).toBe(410);
    // Revoking it again: nothing pending by that id.
    expect((await alice.post(`/orgs/7101/invitations/${invitation.id}/revoke`, { _csrf: aliceCsrf })).status).toBe(404);

    const expiring = await invite(alice, aliceCsrf, "erin", "member");
    const start = h.app.clock.now;
    h.app.clock.now = new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000 + 60_000);
    try {
      const erin = await h.signInAs(ERIN);
      const page = await accept(erin, expiring);
      expect(page.status).toBe(410);
      expect(page.text).toContain("has expired");
    } finally {
      h.app.clock.now = start;
    }
    expect(await prisma().organisationInvitation.count({ where: { githubLogin: "erin", acceptedAt: { not: null } } })).toBe(0);
    // A week later every session had expired (and was cleared): alice signs in again.
    await signAliceIn();

    const madeUp = await alice.get(`/invitations/${"A".repeat(43)}`);
    expect(madeUp.status).toBe(410);
    expect((await alice.get("/invitations/short")).status).toBe(410);
  });

  it("refuses an invitee that is neither an address nor a GitHub login, and a role that is neither owner nor member", async () => {
    const before = await prisma().organisationInvitation.count();
    for (const [invitee, role] of [["not an address@", "member"], ["-bad-login-", "member"], ["x".repeat(300), "member"], ["bob", "admin"]] as const) {
      const page = await alice.post("/orgs/7101/members/invite", { _csrf: aliceCsrf, invitee, role });
      expect(page.status).toBe(422);
      expect(page.text).toContain("Nothing was changed");
    }
    expect(await prisma().organisationInvitation.count()).toBe(before);
  });
});

describe("a member", () => {
  let bob: ConsoleClient;
  let csrf: string;

  beforeAll(async () => {
    bob = await h.signInAs(BOB);
    csrf = await bob.csrf("/");
  });

  it("sees every page, without the forms that change things", async () => {
    for (const page of ["configuration", "api-keys", "review-modes", "plan", "reviews", "audit-log", "exceptions", "evidence", "queue", "members"]) {
      const response = await bob.get(`/orgs/7101/${page}`);
      expect({ page, status: response.status }).toEqual({ page, status: 200 });
      expect(response.text).toContain("You are a <strong>member</strong> of acme");
    }
    expect((await bob.get("/orgs/7101/configuration")).text).not.toContain("Save configuration");
    expect((await bob.get("/orgs/7101/configuration")).text).toMatch(/<fieldset class="border-0 p-0 m-0" disabled>/);
    expect((await bob.get("/orgs/7101/api-keys")).text).not.toContain("Create key");
    expect((await bob.get("/orgs/7101/plan")).text).not.toContain("Turn overage");
    expect((await bob.get("/orgs/7101/exceptions")).text).not.toContain(">Revoke<");
    expect((await bob.get("/orgs/7101/members")).text).not.toContain("Invite someone");
  });

  it("is refused every kind of change with 403, and nothing changes", async () => {
    const key = await alice.post("/orgs/7101/api-keys", { _csrf: aliceCsrf, name: "ci", scopes: ["config:read"], expiry: "never" });
    expect(key.status).toBe(201);
    const keyId = (await prisma().apiKey.findFirstOrThrow({ where: { organisationId, name: "ci" } })).id;
    const aliceAccount = await h.accountIdOf(ALICE);
    const pending = await prisma().organisationInvitation.findFirstOrThrow({ where: { organisationId, acceptedAt: null, revokedAt: null } });

    const snapshot = async () => ({
      audit: await prisma().auditRecord.count(),
      configuration: await prisma().configuration.findUniqueOrThrow({ where: { organisationId } }),
      installation: await prisma().installation.findUniqueOrThrow({ where: { id: 7101n } }),
      keys: await prisma().apiKey.findMany({ where: { organisationId }, orderBy: { id: "asc" } }),
      overrides: await prisma().repositoryTriggerOverride.findMany({ where: { installationId: 7101n } }),
      exceptions: await prisma().findingException.findMany({ where: { installationId: 7101n } }),
      members: await prisma().organisationMember.findMany({ where: { organisationId }, orderBy: { accountId: "asc" } }),
      invitations: await prisma().organisationInvitation.findMany({ where: { organisationId }, orderBy: { id: "asc" } }),
    });
    const before = await snapshot();
    const changes: [string, Record<string, string | string[]>][] = [
      ["/orgs/7101/configuration", { profile: '{"company":"Bob Inc"}', frameworks: ["GDPR"], review_language: "de" }],
      ["/orgs/7101/api-keys", { name: "bobs", scopes: ["config:read"], expiry: "never" }],
      [`/orgs/7101/api-keys/${keyId}/revoke`, {}],
      ["/orgs/7101/review-modes", { organisation_mode: "mention_only", "repo:acme/api": "auto_once" }],
      ["/orgs/7101/plan/overage", { overage: "on" }],
      [`/orgs/7101/exceptions/${exceptionId}/revoke`, {}],
      ["/orgs/7101/members/invite", { invitee: "mallory", role: "owner" }],
      [`/orgs/7101/members/${await h.accountIdOf(BOB)}/role`, { role: "owner" }],
      [`/orgs/7101/members/${aliceAccount}/role`, { role: "member" }],
      [`/orgs/7101/members/${aliceAccount}/remove`, {}],
      [`/orgs/7101/invitations/${pending.id}/revoke`, {}],
    ];
    for (const [path, form] of changes) {
      const page = await bob.post(path, { _csrf: csrf, ...form });
      expect({ path, status: page.status }).toEqual({ path, status: 403 });
      expect(page.text).toContain("Owners only");
      expect(page.text).toContain("Nothing was changed");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("roles and removal", () => {
  it("an owner makes a member an owner and back, each change audited with the person's name", async () => {
    const bobAccount = await h.accountIdOf(BOB);
    expect((await alice.post(`/orgs/7101/members/${bobAccount}/role`, { _csrf: aliceCsrf, role: "owner" })).status).toBe(303);
    expect(await memberRow(BOB)).toMatchObject({ role: "owner" });
    expect((await alice.post(`/orgs/7101/members/${bobAccount}/role`, { _csrf: aliceCsrf, role: "member" })).status).toBe(303);
    expect(await memberRow(BOB)).toMatchObject({ role: "member" });
    const audit = await prisma().auditRecord.findMany({ where: { organisationId, action: "member.role_change" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.actor, (a.after as { role: string }).role])).toEqual([
      [`console:${await h.accountIdOf(ALICE)}`, "owner"],
      [`console:${await h.accountIdOf(ALICE)}`, "member"],
    ]);
    expect((await alice.post(`/orgs/7101/members/${bobAccount}/role`, { _csrf: aliceCsrf, role: "boss" })).status).toBe(422);
    expect((await alice.post(`/orgs/7101/members/no-such-account/remove`, { _csrf: aliceCsrf })).status).toBe(404);
  });

  it("removing a member ends their sessions: their next request is signed out", async () => {
    const bob = await h.signInAs(BOB);
    const other = await h.signInAs(BOB); // a second browser
    expect((await bob.get("/orgs/7101/configuration")).status).toBe(200);
    const bobAccount = await h.accountIdOf(BOB);
    const removed = await alice.post(`/orgs/7101/members/${bobAccount}/remove`, { _csrf: aliceCsrf });
    expect(removed.status).toBe(303);
    expect((await alice.get(removed.location!)).text).toContain("Their console sessions have ended");
    expect(await memberRow(BOB)).toBeNull();
    expect(await prisma().consoleSession.count({ where: { accountId: bobAccount } })).toBe(0);
    for (const client of [bob, other]) {
      const next = await client.get("/orgs/7101/configuration");
      expect(next.status).toBe(303);
      expect(next.location).toMatch(/^\/sign-in\?return_to=/);
      expect((await client.get("/")).text).not.toContain("Signed in as");
    }
    // Signing in again does not bring the membership back.
    const again = await h.signInAs(BOB);
    expect((await again.get("/orgs/7101/configuration")).status).toBe(404);
  });

  it("keeps the last owner: neither removed nor demoted", async () => {
    // globex: alice claims, invites dave as owner; GitHub then drops alice as an admin of globex.
    expect((await alice.post("/installations/7102/claim", { _csrf: aliceCsrf })).status).toBe(303);
    const globex = (await prisma().organisation.findUniqueOrThrow({ where: { installationId: 7102n } })).id;
    const dave = await h.signInAs(DAVE);
    const path = await invite(alice, aliceCsrf, "dave", "owner", 7102);
    expect((await accept(dave, path)).status).toBe(303);
    const daveCsrf = await dave.csrf("/");
    const aliceAccount = await h.accountIdOf(ALICE);
    const daveAccount = await h.accountIdOf(DAVE);

    // Alice is an owner through GitHub too: removing her is done on GitHub.
    const throughGitHub = await dave.post(`/orgs/7102/members/${aliceAccount}/remove`, { _csrf: daveCsrf });
    expect(throughGitHub.status).toBe(409);
    expect(throughGitHub.text).toContain("GitHub lists them as an administrator");

    // Dave removes alice once GitHub no longer lists her; then dave is the last owner.
    delete h.github.memberships.globex!.alice;
    try {
      alice = await h.signIn(alice);
      aliceCsrf = await alice.csrf("/");
      expect((await dave.post(`/orgs/7102/members/${aliceAccount}/remove`, { _csrf: daveCsrf })).status).toBe(303);
      const audits = await prisma().auditRecord.count();
      const demote = await dave.post(`/orgs/7102/members/${daveAccount}/role`, { _csrf: daveCsrf, role: "member" });
      expect(demote.status).toBe(409);
      expect(demote.text).toContain("last owner");
      const remove = await dave.post(`/orgs/7102/members/${daveAccount}/remove`, { _csrf: daveCsrf });
      expect(remove.status).toBe(409);
      expect(remove.text).toContain("last owner");
      expect(await prisma().organisationMember.findUnique({ where: { organisationId_accountId: { organisationId: globex, accountId: daveAccount } } })).toMatchObject({ role: "owner" });
      expect(await prisma().auditRecord.count()).toBe(audits);
    } finally {
      h.github.memberships.globex!.alice = "admin";
    }
    // Removing alice from globex ended her sessions: sign her in again for what follows.
    await signAliceIn();
  });
});

describe("owners through GitHub", () => {
  it("a GitHub administrator who signs in is an owner without an invitation, and stops being one when GitHub drops the role", async () => {
    const dave = await h.signInAs(DAVE);
    const csrf = await dave.csrf("/");
    expect(await memberRow(DAVE)).toMatchObject({ role: null, githubAdmin: true });
    const members = await dave.get("/orgs/7101/members");
    expect(members.status).toBe(200);
    expect(members.text).toContain("owner through GitHub");
    expect((await dave.post("/orgs/7101/plan/overage", { _csrf: csrf, overage: "on" })).status).toBe(303);

    // GitHub demotes dave: his next change re-reads it, is refused, and his ownership here is gone.
    h.github.memberships.acme!.dave = "member";
    try {
      const refused = await dave.post("/orgs/7101/plan/overage", { _csrf: csrf, overage: "off" });
      expect(refused.status).toBe(404);
      expect((await prisma().installation.findUniqueOrThrow({ where: { id: 7101n } })).overageEnabled).toBe(true);
      expect(await memberRow(DAVE)).toBeNull();
      // And at the next sign-in too.
      const again = await h.signInAs(DAVE);
      expect((await again.get("/orgs/7101/configuration")).status).toBe(404);
    } finally {
      h.github.memberships.acme!.dave = "admin";
    }
  });

  it("losing the GitHub role keeps an explicit membership from an invitation", async () => {
    const erin = await h.signInAs(ERIN);
    expect(await memberRow(ERIN)).toMatchObject({ role: null, githubAdmin: true });
    const path = await invite(alice, aliceCsrf, "erin", "member");
    expect((await accept(erin, path)).status).toBe(303);
    h.github.memberships.acme!.erin = "member";
    try {
      const again = await h.signInAs(ERIN);
      expect(await memberRow(ERIN)).toMatchObject({ role: "member", githubAdmin: false });
      expect((await again.get("/orgs/7101/configuration")).status).toBe(200);
      expect((await again.post("/orgs/7101/plan/overage", { _csrf: await again.csrf("/"), overage: "off" })).status).toBe(403);
    } finally {
      h.github.memberships.acme!.erin = "admin";
    }
  });
});

describe("the audit log", () => {
  it("names the person for every console change, membership changes included", async () => {
    const audit = await prisma().auditRecord.findMany({ where: { organisationId } });
    const byAction = (action: string) => audit.filter((a) => a.action === action);
    const aliceActor = `console:${await h.accountIdOf(ALICE)}`;
    expect(byAction("installation.claim").map((a) => a.actor)).toEqual([aliceActor]);
    expect(byAction("member.invite").every((a) => a.actor === aliceActor)).toBe(true);
    expect(byAction("member.invitation_revoke").map((a) => a.actor)).toEqual([aliceActor]);
    expect(byAction("member.remove").map((a) => a.actor)).toEqual([aliceActor]);
    expect(byAction("member.invitation_accept").map((a) => a.actor).sort()).toEqual(
      [`console:${await h.accountIdOf(BOB)}`, `console:${await h.accountIdOf(CAROL)}`, `console:${await h.accountIdOf(ERIN)}`].sort(),
    );
    expect(byAction("billing.overage_set").map((a) => a.actor)).toEqual([`console:${await h.accountIdOf(DAVE)}`]);

    const page = await alice.get("/orgs/7101/audit-log");
    expect(page.status).toBe(200);
    for (const text of ["alice (console)", "bob (console)", "dave (console)", "Invitation created", "Invitation accepted", "Invitation revoked", "Member removed", "Member&#39;s role changed", "bob joined as member (invited: @bob (GitHub))"]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).not.toMatch(/console:[0-9a-f-]{36}/);
  });
});

describe("linked sign-in methods", () => {
  it("links a second GitHub account to the signed-in account; either signs in to the same account", async () => {
    const aliceAccount = await h.accountIdOf(ALICE);
    const account = await alice.get("/account");
    expect(account.status).toBe(200);
    expect(account.text).toContain("@alice");
    const start = await alice.post("/account/link", { _csrf: aliceCsrf, method: "github" });
    expect(start.status).toBe(303);
    expect(start.location).toBe(`/sign-in/github?return_to=${encodeURIComponent("/account")}`);
    const github = await alice.get(start.location!);
    const state = new URL(github.location!).searchParams.get("state")!;
    const linked = await alice.get(`/auth/github/callback?code=${h.github.issueCode(ALICE_WORK)}&state=${encodeURIComponent(state)}`);
    expect(linked.status).toBe(303);
    expect(linked.location).toBe("/account?linked=github");
    const page = await alice.get(linked.location!);
    expect(page.text).toContain("Linked: you can now sign in with GitHub too.");
    expect(page.text).toContain("@alice-at-work");
    expect(await prisma().consoleIdentity.count({ where: { accountId: aliceAccount } })).toBe(2);
    expect(await h.accountIdOf(ALICE_WORK)).toBe(aliceAccount);

    // Signing in with the second one lands in the same account, with its organisations.
    const work = await h.signInAs(ALICE_WORK);
    expect((await work.get("/orgs/7101/members")).text).toContain("Invite someone");
    expect(await prisma().consoleAccount.count({ where: { identities: { some: { githubLogin: "alice-at-work" } } } })).toBe(1);
  });

  it("refuses to link an identity already linked to another account, changing nothing", async () => {
    const aliceAccount = await h.accountIdOf(ALICE);
    const bobAccount = await h.accountIdOf(BOB);
    const identities = await prisma().consoleIdentity.findMany({ orderBy: { id: "asc" } });
    const start = await alice.post("/account/link", { _csrf: aliceCsrf, method: "github" });
    const github = await alice.get(start.location!);
    const state = new URL(github.location!).searchParams.get("state")!;
    const refused = await alice.get(`/auth/github/callback?code=${h.github.issueCode(BOB)}&state=${encodeURIComponent(state)}`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("already linked to another console account");
    expect(await prisma().consoleIdentity.findMany({ orderBy: { id: "asc" } })).toEqual(identities);
    expect(await h.accountIdOf(BOB)).toBe(bobAccount);
    // Still alice, and the link request is used up: the next GitHub sign-in signs in normally.
    expect((await alice.get("/account")).text).toContain("Signed in as <strong>alice</strong>");
    expect((await prisma().consoleSession.findMany({ where: { accountId: aliceAccount, linkingMethod: { not: null } } })).length).toBe(0);
    expect((await alice.post("/account/link", { _csrf: aliceCsrf, method: "carrier-pigeon" })).status).toBe(400);
    for (const odd of ["toString", "__proto__", "carrier-pigeon"]) {
      const page = await alice.get(`/account?linked=${odd}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("Linked:");
    }
  });
});
