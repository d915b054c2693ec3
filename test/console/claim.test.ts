// Claiming from GitHub's setup URL: only an administrator of the installation's account (their
// own user account, or an organisation where GitHub says their role is admin) may claim; the
// claim is the same domain call as `clearance claim`, starting the 14-day trial.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { trialEndsAt } from "../../src/billing/index.js";
import { recordInstallation } from "../../src/domain/installations.js";
import { ALICE, startConsoleHarness, type ConsoleHarness } from "./support/console-harness.js";

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [
      { id: 7001, account: { id: 9001, login: "acme", type: "Organization" } },
      { id: 7002, account: { id: 9002, login: "globex", type: "Organization" } },
      { id: 7003, account: { id: ALICE.id, login: "alice", type: "User" } },
      { id: 7004, account: { id: 9004, login: "initech", type: "Organization" } },
    ],
    // alice owns acme, is a plain member of globex, and not a member of initech.
    memberships: { acme: { alice: "admin" }, globex: { alice: "member" } },
  });
  await recordInstallation(h.app.db.prisma, { id: 7001n, accountLogin: "acme" });
  await recordInstallation(h.app.db.prisma, { id: 7002n, accountLogin: "globex" });
  await recordInstallation(h.app.db.prisma, { id: 7004n, accountLogin: "initech" });
});
afterAll(async () => h.close());

const organisation = (id: bigint) => h.app.db.prisma.organisation.findUnique({ where: { installationId: id } });

describe("the setup page", () => {
  it("after sign-in, offers an organisation owner to claim the installation", async () => {
    const client = h.client();
    const first = await client.get("/setup?installation_id=7001&setup_action=install");
    expect(first.status).toBe(303);
    await h.signIn(client, new URLSearchParams(first.location!.split("?")[1]).get("return_to")!);
    const page = await client.get("/setup?installation_id=7001&setup_action=install");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Claim acme");
    expect(page.text).toContain("14-day trial");
  });

  it("claims with the CSRF token: organisation, trial and audit record written by the same function as `clearance claim`", async () => {
    const client = await h.signIn();
    const csrf = await client.csrf("/setup?installation_id=7001");
    const claimed = await client.post("/installations/7001/claim", { _csrf: csrf });
    expect(claimed.status).toBe(303);
    expect(claimed.location).toBe("/orgs/7001/configuration?claimed=1");
    const org = await organisation(7001n);
    expect(org).not.toBeNull();
    const installation = await h.app.db.prisma.installation.findUniqueOrThrow({ where: { id: 7001n } });
    expect(installation.trialStartedAt).toEqual(h.app.clock.now);
    const audit = await h.app.db.prisma.auditRecord.findMany({ where: { organisationId: org!.id } });
    const alice = await h.accountIdOf(ALICE);
    expect(audit).toEqual([expect.objectContaining({ action: "installation.claim", actor: `console:${alice}` })]);
    // The claimer is the organisation's owner, explicitly and through GitHub.
    expect(await h.app.db.prisma.organisationMember.findMany({ where: { organisationId: org!.id } })).toEqual([expect.objectContaining({ accountId: alice, role: "owner", githubAdmin: true })]);
    const page = await client.get(claimed.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain("The 14-day trial has started");
    expect(trialEndsAt(installation.trialStartedAt!).toISOString()).toBe("2026-12-06T10:00:00.000Z");
  });

  it("lets a user claim an installation on their own user account, recording it if the webhook has not arrived yet", async () => {
    const client = await h.signIn();
    const page = await client.get("/setup?installation_id=7003");
    expect(page.status).toBe(200);
    expect(page.text).toContain("user account");
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    expect((await client.post("/installations/7003/claim", { _csrf: csrf })).status).toBe(303);
    expect((await h.app.db.prisma.installation.findUniqueOrThrow({ where: { id: 7003n } })).accountType).toBe("User");
    expect(await organisation(7003n)).not.toBeNull();
  });

  it("refuses a plain member, a non-member and an unknown installation with 403, claiming nothing", async () => {
    const client = await h.signIn();
    for (const id of ["7002", "7004", "7999"]) {
      const page = await client.get(`/setup?installation_id=${id}`);
      expect(page.status).toBe(403);
      expect(page.text).toContain("Not your installation");
      expect(page.text).toContain("Nothing was changed");
    }
    const csrf = await client.csrf("/");
    for (const id of ["7002", "7004"]) {
      const refused = await client.post(`/installations/${id}/claim`, { _csrf: csrf });
      expect(refused.status).toBe(403);
      expect(await organisation(BigInt(id))).toBeNull();
    }
    expect(await h.app.db.prisma.installation.findUnique({ where: { id: 7999n } })).toBeNull();
  });

  it("refuses a claim without or with a wrong CSRF token with 403, claiming nothing", async () => {
    const client = await h.signIn();
    h.github.memberships.globex = { alice: "admin" };
    try {
      expect((await client.post("/installations/7002/claim", {})).status).toBe(403);
      const wrong = await client.post("/installations/7002/claim", { _csrf: "x".repeat(43) });
      expect(wrong.status).toBe(403);
      expect(wrong.text).toContain("security token");
      expect(await organisation(7002n)).toBeNull();
      // A signed-out browser gets the same refusal.
      expect((await h.client().post("/installations/7002/claim", { _csrf: "x" })).status).toBe(403);
      expect(await organisation(7002n)).toBeNull();
    } finally {
      h.github.memberships.globex = { alice: "member" };
    }
  });

  it("sends a user whose GitHub token no longer works to sign in again, ending the session and claiming nothing", async () => {
    const client = await h.signIn();
    const csrf = await client.csrf("/");
    h.github.revokeTokens();
    const page = await client.get("/setup?installation_id=7002");
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/sign-in?return_to=${encodeURIComponent("/setup?installation_id=7002")}`);
    expect((await client.get("/")).text).toContain("Sign in with GitHub");
    const claim = await client.post("/installations/7002/claim", { _csrf: csrf });
    expect(claim.status).toBe(403);
    expect(await organisation(7002n)).toBeNull();
  });

  it("answers an invalid installation id with 404", async () => {
    const client = await h.signIn();
    expect((await client.get("/setup?installation_id=abc")).status).toBe(404);
    expect((await client.get("/setup")).status).toBe(404);
  });

  it("shows a claimed installation as set up, and a second claim changes nothing", async () => {
    const client = await h.signIn();
    const page = await client.get("/setup?installation_id=7001");
    expect(page.text).toContain("already claimed");
    const before = await h.app.db.prisma.auditRecord.count();
    const again = await client.post("/installations/7001/claim", { _csrf: await client.csrf("/") });
    expect(again.location).toBe("/orgs/7001/configuration");
    expect(await h.app.db.prisma.auditRecord.count()).toBe(before);
  });
});
