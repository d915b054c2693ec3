// axe on every console page in the states the journey does not reach: the signed-in home, pages
// with data in their tables (reviews, keys of every status, a long audit log, exceptions, the
// queue), the evidence form with an error, the account and team pages, and the 403, 404, 410 and
// 429 pages. No serious or critical violation anywhere.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Page } from "playwright-core";
import { createApiKey, revokeApiKey } from "../../src/domain/api-keys.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import type { Finding } from "../../src/engine/types.js";
import { acceptFinding } from "../../src/evidence/exceptions/accept-finding.js";
import { recordReviewEvidence } from "../../src/evidence/record-review-evidence.js";
import { createInvitation } from "../../src/console/accounts/invitations.js";
import { ALICE, startConsoleHarness, type ConsoleHarness } from "../console/support/console-harness.js";
import { startLocalOidcProvider, type LocalOidcProvider } from "../console/sign-in/support/local-oidc-provider.js";
import { checkAccessibility, launchChromium, seriousOrCritical, type AxeViolation } from "./support/browser.js";

let h: ConsoleHarness;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const found: Record<string, AxeViolation[]> = {};

beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [
      { id: 6001, account: { id: 9601, login: "acme", type: "Organization" } },
      { id: 6002, account: { id: 9602, login: "globex", type: "Organization" } },
    ],
    memberships: { acme: { alice: "admin" }, globex: { alice: "member" } },
    signInPerMinute: 3,
  });
  const prisma = h.app.db.prisma;
  const now = h.app.clock.now;
  await recordInstallation(prisma, { id: 6001n, accountLogin: "acme" });
  await claimInstallation(prisma, 6001n, now);
  await prisma.repository.createMany({ data: [{ id: 11n, installationId: 6001n, fullName: "acme/api", private: true }] });
  await prisma.reviewRun.createMany({
    data: [
      { jobId: "a", installationId: 6001n, repositoryId: 11n, pullNumber: 7, headSha: "0123456789abcdef", outcome: "findings", findingsCount: 2, engine: "analyzer", createdAt: now },
      { jobId: "b", installationId: 6001n, repositoryId: 11n, pullNumber: 8, headSha: "fedcba9876543210", outcome: "success", findingsCount: 0, engine: "analyzer", createdAt: now },
    ],
  });
  await createApiKey(prisma, { installationId: 6001n, name: "expired", expiresInSeconds: 1, now: new Date(now.getTime() - 86_400_000) });
  const revoked = await createApiKey(prisma, { installationId: 6001n, name: "old", now });
  await revokeApiKey(prisma, revoked.id, now);
  // An exception in force, and a backlog with a failure, for the Exceptions and Review queue pages.
  const pr = { installationId: 6001n, repositoryId: 11n, repoFullName: "acme/api", pullNumber: 7 };
  const finding: Finding = { fingerprint: "abcdef0123", ruleId: "logging.audit_disabled", path: "src/app.ts", line: 4, side: "RIGHT", area: "logging", severity: "high", message: "Audit logging is off.", title: "Audit logging off", body: "Audit logging is off.", controls: [{ framework: "ISO_27001", id: "A.8.15", title: "Logging" }], source: "analyzer" };
  await recordReviewEvidence(prisma, pr, "0".repeat(40), [finding], now);
  await acceptFinding(prisma, { ...pr, reference: "abcdef0", reason: "Logged by the gateway instead", until: "2026-12-31", acceptedBy: "octocat", acceptedWith: "admin", now });
  await prisma.reviewJob.createMany({
    data: [
      { installationId: 6001n, repositoryId: 11n, repoFullName: "acme/api", pullNumber: 9, headSha: "1".repeat(40), trigger: "opened", status: "queued", createdAt: new Date(now.getTime() - 90_000) },
      { installationId: 6001n, repositoryId: 11n, repoFullName: "acme/api", pullNumber: 10, headSha: "2".repeat(40), trigger: "opened", status: "failed", attempts: 5, lastError: "GitHub answered 502", updatedAt: now },
    ],
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
  console.log(`axe violations by page (serious/critical must be none):\n${JSON.stringify(found, null, 1)}`);
});

async function check(name: string, path: string, status = 200) {
  const response = await page.goto(`${h.app.baseUrl}${path}`);
  expect(response?.status()).toBe(status);
  const violations = await checkAccessibility(page);
  found[name] = violations;
  expect({ page: name, violations: seriousOrCritical(violations) }).toEqual({ page: name, violations: [] });
}

describe("accessibility of every console page", () => {
  it("signed-in pages with data", async () => {
    await page.goto(`${h.app.baseUrl}/sign-in`);
    await page.getByRole("link", { name: "Authorize" }).click();
    await page.waitForURL(`${h.app.baseUrl}/`);
    await check("home (signed in)", "/");
    await check("setup (already claimed)", "/setup?installation_id=6001");
    await check("configuration", "/orgs/6001/configuration");
    await check("configuration (searched)", "/orgs/6001/configuration?q=nis");
    await check("api keys (active, expired, revoked)", "/orgs/6001/api-keys");
    await check("review modes", "/orgs/6001/review-modes");
    await check("plan and usage", "/orgs/6001/plan");
    await check("recent reviews (with reviews)", "/orgs/6001/reviews");
    await check("audit log", "/orgs/6001/audit-log");
    await check("exceptions (one in force)", "/orgs/6001/exceptions");
    await check("evidence export form", "/orgs/6001/evidence");
    await check("evidence export (bad period)", "/orgs/6001/evidence?kind=month&month=November&format=csv", 400);
    await check("review queue (backlog and a failure)", "/orgs/6001/queue");
    await check("account (linked sign-in methods)", "/account");
  });

  it("team pages: members with a pending invitation, an invitation link, an unusable link", async () => {
    // Alice administers acme on GitHub: an owner of the organisation the domain claimed.
    const organisationId = (await h.app.db.prisma.organisation.findUniqueOrThrow({ where: { installationId: 6001n } })).id;
    const { token } = await createInvitation(h.app.db.prisma, { organisationId, invitee: { email: "grc-lead@example.com" }, role: "member", invitedBy: await h.accountIdOf(ALICE), actor: "cli", now: h.app.clock.now });
    await check("members (owner, a pending invitation)", "/orgs/6001/members");
    await check("invitation", `/invitations/${token}`);
    await check("410: invitation not valid", `/invitations/${"A".repeat(43)}`, 410);
  });

  it("refusal pages", async () => {
    await check("403: not your installation", "/setup?installation_id=6002", 403);
    await check("404: another organisation", "/orgs/6002/configuration", 404);
    await check("404: no such installation id", "/setup?installation_id=x", 404);
  });

  it("signed-out and rate-limited pages", async () => {
    await page.context().clearCookies();
    await check("home (signed out)", "/");
    await check("403: forged sign-in state", "/auth/github/callback?code=x&state=forged", 403);
    for (let i = 0; i < 3; i++) await page.goto(`${h.app.baseUrl}/sign-in`).catch(() => undefined);
    await check("429: too many sign-in attempts", "/sign-in", 429);
  });

  it("sign-in methods' pages: the chooser, the e-mail form, refused links and callbacks", async () => {
    // A console with OpenID Connect (the local provider) and e-mail (development: links logged).
    // The form's answers after a POST are checked in sign-in-methods.browser.ts.
    let provider: LocalOidcProvider | undefined;
    const methods = await startConsoleHarness({
      signInMethods: async (baseUrl) => {
        provider = await startLocalOidcProvider({ redirectUri: `${baseUrl}/auth/oidc/callback` });
        return { oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: "Acme SSO" }, email: { delivery: { kind: "log" }, perAddressPerHour: 5, perIpPerHour: 20 } };
      },
    });
    const main = h;
    h = methods;
    try {
      await page.context().clearCookies();
      await check("sign-in chooser (GitHub, OpenID Connect, e-mail)", "/sign-in");
      await check("e-mail sign-in form", "/sign-in/email");
      await check("403: e-mail link not valid", `/auth/email/callback?token=${"A".repeat(43)}`, 403);
      await check("403: OpenID Connect state refused", `/auth/oidc/callback?code=x&state=${"B".repeat(43)}`, 403);
    } finally {
      h = main;
      await methods.close();
      await provider?.close();
    }
  });
});
