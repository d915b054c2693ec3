// Console accounts signed in without GitHub, over real HTTP. The e-mail and OpenID Connect methods
// end in completeSignIn; here their result (an account and its session) is made through the same
// account and session functions, and the browser carries the cookie: an e-mail invitation is
// accepted by the verified address, claiming asks for GitHub, and GitHub's word on who administers
// an installation counts for a session signed in another way only while it is fresh.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { accountForSignIn, linkIdentity } from "../../src/console/accounts/accounts.js";
import { GITHUB_ADMIN_TTL_MS } from "../../src/console/accounts/memberships.js";
import { renderDocument } from "../../src/console/html.js";
import { signInChooser } from "../../src/console/pages/sign-in-page.js";
import { createSessionStore } from "../../src/console/session-store.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import type { StandInUser } from "../support/github-stand-in.js";
import { startConsoleHarness, type ConsoleClient, type ConsoleHarness } from "./support/console-harness.js";

const DAVE: StandInUser = { id: 604, login: "dave" };

let h: ConsoleHarness;
const prisma = () => h.app.db.prisma;

/** What the e-mail method's completeSignIn leaves behind: the address's account and a session in this browser. */
async function signInByEmail(address: string, client: ConsoleClient = h.client()) {
  const identity = { method: "email" as const, subject: address.toLowerCase(), email: address.toLowerCase(), displayName: address };
  const account = await accountForSignIn(prisma(), identity, h.app.clock.now);
  const token = await createSessionStore(prisma(), h.github.clientSecret).createSession({ accountId: account.id, method: "email", github: null, installations: [], now: h.app.clock.now });
  client.cookies.set("clearance_session", token);
  return { client, account };
}

beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [
      { id: 7201, account: { id: 9401, login: "acme", type: "Organization" } },
      { id: 7202, account: { id: 9402, login: "globex", type: "Organization" } },
    ],
    memberships: { acme: { alice: "admin", dave: "admin" }, globex: { alice: "admin" } },
  });
  await recordInstallation(prisma(), { id: 7201n, accountLogin: "acme" });
  await recordInstallation(prisma(), { id: 7202n, accountLogin: "globex" });
  const alice = await h.signIn();
  expect((await alice.post("/installations/7201/claim", { _csrf: await alice.csrf("/") })).status).toBe(303);
});
afterAll(async () => h.close());

describe("a person signed in by e-mail", () => {
  it("accepts an invitation to their verified address, and is a member", async () => {
    const alice = await h.signIn();
    const csrf = await alice.csrf("/");
    const created = await alice.post("/orgs/7201/members/invite", { _csrf: csrf, invitee: "GRC-Lead@Example.com", role: "member" });
    const link = new URL(/id="invitation-link" type="text" readonly value="([^"]+)"/.exec(created.text)![1]!).pathname;

    // Another address is refused, nothing changes.
    const { client: other } = await signInByEmail("someone-else@example.com");
    const otherPage = await other.get(link);
    expect(otherPage.status).toBe(200);
    const refused = await other.post(`${link}/accept`, { _csrf: /name="_csrf" value="([^"]+)"/.exec(otherPage.text)![1]! });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("another e-mail address");

    const { client, account } = await signInByEmail("grc-lead@example.com");
    const page = await client.get(link);
    expect(page.text).toContain("Signed in as <strong>grc-lead@example.com</strong>");
    const accepted = await client.post(`${link}/accept`, { _csrf: /name="_csrf" value="([^"]+)"/.exec(page.text)![1]! });
    expect(accepted.status).toBe(303);
    expect(await prisma().organisationMember.findFirst({ where: { accountId: account.id } })).toMatchObject({ role: "member", githubAdmin: false });
    const home = await client.get("/");
    expect(home.text).toContain("acme");
    expect(home.text).toContain('<span class="Label ml-1">member</span>');
    expect((await client.get("/orgs/7201/configuration")).status).toBe(200);
    expect((await client.post("/orgs/7201/plan/overage", { _csrf: /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!, overage: "on" })).status).toBe(403);
    expect((await client.get("/orgs/7202/configuration")).status).toBe(404);
  });

  it("is sent to sign in with GitHub to claim: only GitHub says who administers an installation", async () => {
    const { client } = await signInByEmail("ops@example.com");
    const page = await client.get("/setup?installation_id=7202");
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/sign-in/github?return_to=${encodeURIComponent("/setup?installation_id=7202")}`);
    const claim = await client.post("/installations/7202/claim", { _csrf: await client.csrf("/") });
    expect(claim.status).toBe(303);
    expect(claim.location).toBe(`/sign-in/github?return_to=${encodeURIComponent("/setup?installation_id=7202")}`);
    expect(await prisma().organisation.findUnique({ where: { installationId: 7202n } })).toBeNull();
    // Still signed in by e-mail.
    expect((await client.get("/")).text).toContain("Signed in as <strong>ops@example.com</strong>");
  });
});

describe("GitHub's word for a session signed in another way", () => {
  it("makes a GitHub administrator an owner while fresh, and no longer after GITHUB_ADMIN_TTL_MS", async () => {
    const dave = await h.signInAs(DAVE);
    expect(dave.cookies.has("clearance_session")).toBe(true);
    const daveAccount = await h.accountIdOf(DAVE);
    // Dave's e-mail address is linked to his account (as the e-mail method's link does).
    expect(await linkIdentity(prisma(), daveAccount, { method: "email", subject: "dave@example.com", email: "dave@example.com", displayName: "dave@example.com" }, h.app.clock.now)).toBe("linked");
    const { client, account } = await signInByEmail("dave@example.com");
    expect(account.id).toBe(daveAccount);
    expect((await client.get("/orgs/7201/members")).text).toContain("Invite someone");

    const start = h.app.clock.now;
    h.app.clock.now = new Date(start.getTime() + GITHUB_ADMIN_TTL_MS + 60_000);
    try {
      const later = await signInByEmail("dave@example.com");
      expect((await later.client.get("/orgs/7201/members")).status).toBe(404);
      // Signing in with GitHub again renews it.
      const again = await h.signInAs(DAVE);
      expect((await again.get("/orgs/7201/members")).text).toContain("Invite someone");
    } finally {
      h.app.clock.now = start;
    }
  });
});

describe("the sign-in chooser", () => {
  it("lists every configured method, each carrying where to return", () => {
    const page = renderDocument(
      signInChooser({
        choices: [
          { method: "github", label: "Sign in with GitHub", href: "/sign-in/github" },
          { method: "oidc", label: "Sign in with Okta", href: "/sign-in/oidc" },
        ],
        returnTo: "/orgs/1/plan",
      }),
    );
    expect(page).toContain(`href="/sign-in/github?return_to=${encodeURIComponent("/orgs/1/plan")}"`);
    expect(page).toContain(`href="/sign-in/oidc?return_to=${encodeURIComponent("/orgs/1/plan")}"`);
    expect(page).toContain("Sign in with Okta");
  });
});

describe("an organisation claimed before teams, or by the CLI", () => {
  it("has no explicit owner: GitHub administrators are its owners", async () => {
    await claimInstallation(prisma(), 7202n, h.app.clock.now);
    const alice = await h.signIn();
    const members = await alice.get("/orgs/7202/members");
    expect(members.status).toBe(200);
    expect(members.text).toContain("owner through GitHub");
  });
});

describe("invitation links", () => {
  it("start with BASE_URL when it is set, whatever address the owner reached the console at", async () => {
    const other = await startConsoleHarness({
      installations: [{ id: 7301, account: { id: 9501, login: "initech", type: "Organization" } }],
      memberships: { initech: { alice: "admin" } },
      publicUrl: "https://clearance.example.com",
    });
    try {
      await recordInstallation(other.app.db.prisma, { id: 7301n, accountLogin: "initech" });
      const alice = await other.signIn();
      const csrf = await alice.csrf("/");
      expect((await alice.post("/installations/7301/claim", { _csrf: csrf })).status).toBe(303);
      const page = await alice.post("/orgs/7301/members/invite", { _csrf: csrf, invitee: "bob", role: "member" });
      expect(page.status).toBe(201);
      expect(page.text).toMatch(/value="https:\/\/clearance\.example\.com\/invitations\/[A-Za-z0-9_-]{43}"/);
    } finally {
      await other.close();
    }
  });
});
