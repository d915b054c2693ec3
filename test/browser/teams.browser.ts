// Teams in a real Chromium, one browser per person (GitHub stood in on 127.0.0.1): alice claims and
// invites bob by GitHub login; bob opens the link, signs in and accepts; bob, demoted to member
// while a form was open, is refused the change (403) and nothing changes; alice removes bob and
// bob's next click finds him signed out. Every page on the way is checked with axe: no violation of any impact.
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Page } from "playwright-core";
import { recordInstallation } from "../../src/domain/installations.js";
import { ALICE, BOB, startConsoleHarness, type ConsoleHarness } from "../console/support/console-harness.js";
import { checkAccessibility, launchChromium, type AxeViolation } from "./support/browser.js";

let h: ConsoleHarness;
let alicesBrowser: Awaited<ReturnType<typeof launchChromium>>;
let bobsBrowser: Awaited<ReturnType<typeof launchChromium>>;
let alice: Page;
let bob: Page;
const found: Record<string, AxeViolation[]> = {};
// `npm run screenshots` writes them to docs/; a plain test run keeps them out of the tree.
const screenshots = process.env.SCREENSHOTS_DIR ? resolve(process.env.SCREENSHOTS_DIR) : mkdtempSync(join(tmpdir(), "clearance-shots-"));
mkdirSync(screenshots, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

/** The team pages are new: no axe violation at all, of any impact. */
async function audit(page: Page, name: string) {
  const violations = await checkAccessibility(page);
  found[name] = violations;
  expect({ page: name, violations }).toEqual({ page: name, violations: [] });
}

/** On the stand-in GitHub's authorize page, as `user`: authorise, and GitHub sends the browser back. */
async function authorizeAs(page: Page, user: typeof ALICE) {
  expect(page.url()).toContain(`${h.github.baseUrl}/login/oauth/authorize`);
  h.github.currentUser = user;
  // The code is issued when the page is served: reload it as this user.
  await page.reload();
  await page.getByRole("link", { name: "Authorize" }).click();
}

beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [{ id: 5101, account: { id: 9501, login: "acme", type: "Organization" } }],
    memberships: { acme: { alice: "admin" } },
  });
  await recordInstallation(h.app.db.prisma, { id: 5101n, accountLogin: "acme" });
  alicesBrowser = await launchChromium();
  bobsBrowser = await launchChromium();
  alice = await alicesBrowser.context.newPage();
  bob = await bobsBrowser.context.newPage();
  alice.setDefaultTimeout(20_000);
  bob.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await alicesBrowser?.close();
  await bobsBrowser?.close();
  await h?.close();
  console.log(`axe violations by page (none of any impact allowed):\n${JSON.stringify(found, null, 1)}`);
});

describe("a team in Chromium", () => {
  let link = "";

  it("alice claims acme and creates an invitation link for bob", async () => {
    await alice.goto(`${h.app.baseUrl}/`);
    await alice.getByRole("link", { name: "Sign in with GitHub" }).click();
    await authorizeAs(alice, ALICE);
    await alice.waitForURL(`${h.app.baseUrl}/`);
    await alice.getByRole("button", { name: "Claim and start the trial" }).click();
    await alice.waitForURL(/\/orgs\/5101\/configuration\?claimed=1$/);
    await alice.getByRole("link", { name: "Members" }).click();
    await alice.getByLabel("E-mail address or GitHub login").fill("bob");
    await alice.getByLabel("Member: sees everything, changes nothing").check();
    await alice.getByRole("button", { name: "Create invitation link" }).click();
    await expect(alice.getByText("Invitation created").isVisible()).resolves.toBe(true);
    link = await alice.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${h.app.baseUrl}/invitations/[A-Za-z0-9_-]{43}$`));
    await audit(alice, "members (invitation link shown)");
    await shoot(alice, "members-invitation");
  });

  it("bob opens the link, signs in with GitHub and accepts: he is a member", async () => {
    await bob.goto(link);
    await authorizeAs(bob, BOB);
    await bob.waitForURL(link);
    await expect(bob.getByRole("heading", { name: "Join acme" }).isVisible()).resolves.toBe(true);
    await audit(bob, "invitation");
    await shoot(bob, "invitation");
    await bob.getByRole("button", { name: "Accept and join acme" }).click();
    await bob.waitForURL(/\/orgs\/5101\/configuration\?joined=1$/);
    await expect(bob.getByText("Invitation accepted: you are a member of acme.").isVisible()).resolves.toBe(true);
    await expect(bob.getByRole("button", { name: "Save configuration" }).count()).resolves.toBe(0);
    await audit(bob, "configuration (member)");
    const bobAccount = await h.accountIdOf(BOB);
    const row = await h.app.db.prisma.organisationMember.findFirstOrThrow({ where: { accountId: bobAccount } });
    expect(row.role).toBe("member");
    await alice.goto(`${h.app.baseUrl}/orgs/5101/members`);
    await expect(alice.getByRole("rowheader", { name: "bob" }).isVisible()).resolves.toBe(true);
    await audit(alice, "members (two people)");
    await shoot(alice, "members");
  });

  it("bob, made a member again while the review-modes form was open, is refused the change and nothing changes", async () => {
    // Alice makes bob an owner; he opens the form; she makes him a member again; he submits.
    await alice.getByLabel("Role of bob", { exact: true }).selectOption("owner");
    await alice.getByRole("button", { name: "Change role of bob" }).click();
    await alice.waitForURL(/\?done=role$/);
    await bob.goto(`${h.app.baseUrl}/orgs/5101/review-modes`);
    await bob.getByLabel("Organisation mode").selectOption("mention_only");
    await alice.getByLabel("Role of bob", { exact: true }).selectOption("member");
    await alice.getByRole("button", { name: "Change role of bob" }).click();
    await alice.waitForURL(/\?done=role$/);
    const response = await Promise.all([bob.waitForResponse((r) => r.url().endsWith("/orgs/5101/review-modes") && r.request().method() === "POST"), bob.getByRole("button", { name: "Save review modes" }).click()]);
    expect(response[0].status()).toBe(403);
    await expect(bob.getByRole("heading", { name: "Owners only" }).isVisible()).resolves.toBe(true);
    await audit(bob, "403 owners only");
    await shoot(bob, "member-refused");
    expect((await h.app.db.prisma.installation.findUniqueOrThrow({ where: { id: 5101n } })).triggerMode).toBe("auto");
  });

  it("alice removes bob: his next click finds him signed out", async () => {
    await bob.goto(`${h.app.baseUrl}/orgs/5101/configuration`);
    await expect(bob.getByText("Signed in as bob").isVisible()).resolves.toBe(true);
    await alice.getByRole("button", { name: "Remove bob" }).click();
    await alice.waitForURL(/\?done=removed$/);
    await expect(alice.getByText("Their console sessions have ended").isVisible()).resolves.toBe(true);
    await audit(alice, "members (after removal)");

    await bob.getByRole("link", { name: "Plan and usage" }).click();
    // Signed out: the console sends him to sign in (straight on to GitHub, the one method).
    await bob.waitForURL(/\/login\/oauth\/authorize/);
    expect(await h.app.db.prisma.consoleSession.count({ where: { accountId: await h.accountIdOf(BOB) } })).toBe(0);
    await bob.goto(`${h.app.baseUrl}/`);
    await expect(bob.getByRole("link", { name: "Sign in with GitHub" }).isVisible()).resolves.toBe(true);
    await expect(bob.getByText("Signed in as").count()).resolves.toBe(0);
  });
});
