// OpenID Connect and e-mail sign-in in a real Chromium: through the local OpenID provider's own
// login and consent pages (oidc-provider on 127.0.0.1), and with a magic link read from the local
// SMTP server. Linking both methods from the Account page of a GitHub account. axe on the
// methods' pages: no serious or critical violation.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Page } from "playwright-core";
import { ALICE, type ConsoleHarness } from "../console/support/console-harness.js";
import { startConsoleWithSignInMethods, type ConsoleWithSignInMethods } from "../console/sign-in/support/console-with-sign-in-methods.js";
import type { LocalOidcProvider } from "../console/sign-in/support/local-oidc-provider.js";
import type { LocalSmtpServer } from "../console/sign-in/support/local-smtp-server.js";
import { checkAccessibility, launchChromium, seriousOrCritical, type AxeViolation } from "./support/browser.js";

let h: ConsoleHarness;
let provider: LocalOidcProvider;
let smtp: LocalSmtpServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const found: Record<string, AxeViolation[]> = {};

let started: ConsoleWithSignInMethods | undefined;

beforeAll(async () => {
  started = await startConsoleWithSignInMethods({ installationId: 7401, accountId: 9401 });
  ({ h, provider, smtp } = started);
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
  await started?.close();
  console.log(`axe violations by page (serious/critical must be none):\n${JSON.stringify(found, null, 1)}`);
});

async function audit(name: string) {
  const violations = await checkAccessibility(page);
  found[name] = violations;
  expect({ page: name, violations: seriousOrCritical(violations) }).toEqual({ page: name, violations: [] });
}

/** The provider's development login and consent pages, as a person fills them in. */
async function atTheProvider(login: string) {
  // Waits for the form, not for "load": the provider's development pages ask for a web font this
  // machine cannot reach.
  await page.locator('input[name="login"]').waitFor();
  expect(page.url().startsWith(`${provider.issuer}/interaction/`)).toBe(true);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function signOut() {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${h.app.baseUrl}/`);
}

describe("sign-in methods in Chromium", () => {
  it("signs in with the identity provider, through its login and consent pages", async () => {
    await page.goto(`${h.app.baseUrl}/sign-in?return_to=%2Faccount`);
    await audit("sign-in chooser");
    await page.getByRole("link", { name: "Sign in with Acme SSO" }).click();
    await atTheProvider("grace");
    await page.waitForURL(`${h.app.baseUrl}/account`);
    await expect(page.locator("header").getByText("Signed in as Grace Hopper").isVisible()).resolves.toBe(true);
    await audit("account (OpenID Connect)");
    await signOut();
    // And out of the provider too (its session cookies start with "_"), so the next visit there
    // asks who is signing in rather than answering at once for grace.
    await browser.context.clearCookies({ name: /^_/ });
  });

  it("signs in with a magic link read from the SMTP server", async () => {
    await page.goto(`${h.app.baseUrl}/sign-in`);
    await page.getByRole("link", { name: "Sign in by e-mail" }).click();
    await page.waitForURL(`${h.app.baseUrl}/sign-in/email`);
    await audit("e-mail form");
    await page.getByLabel("E-mail address").fill("not an address");
    await page.getByLabel("E-mail address").evaluate((input) => input.removeAttribute("required"));
    await page.getByLabel("E-mail address").evaluate((input) => input.setAttribute("type", "text"));
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.getByText("Enter an e-mail address such as name@example.com.").isVisible()).resolves.toBe(true);
    await audit("e-mail form (error)");
    await page.getByLabel("E-mail address").fill("Erin@Example.com");
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" }).isVisible()).resolves.toBe(true);
    await audit("e-mail sent");
    const link = /https?:\/\/\S+/.exec(smtp.lastMailTo("erin@example.com").text!)![0];
    await page.goto(link);
    await page.waitForURL(`${h.app.baseUrl}/`);
    await expect(page.locator("header").getByText("Signed in as erin@example.com").isVisible()).resolves.toBe(true);
    // The same link again: refused, with a page that says so.
    const again = await page.goto(link);
    expect(again?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Link not valid" }).isVisible()).resolves.toBe(true);
    await audit("e-mail link refused");
    await page.goto(`${h.app.baseUrl}/`);
    await signOut();
  });

  it("links the identity provider and an e-mail address from the Account page of a GitHub account", async () => {
    await page.goto(`${h.app.baseUrl}/sign-in`);
    await page.getByRole("link", { name: "Sign in with GitHub" }).click();
    await page.getByRole("link", { name: "Authorize" }).click();
    await page.waitForURL(`${h.app.baseUrl}/`);
    await page.goto(`${h.app.baseUrl}/account`);
    await page.getByRole("button", { name: "Link: Sign in with Acme SSO" }).click();
    await atTheProvider("mallory");
    await page.waitForURL(`${h.app.baseUrl}/account?linked=oidc`);
    await expect(page.getByText("Linked: you can now sign in with").isVisible()).resolves.toBe(true);

    await page.getByRole("button", { name: "Link: Sign in by e-mail" }).click();
    await page.getByLabel("E-mail address").fill("alice@example.com");
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page.goto(/https?:\/\/\S+/.exec(smtp.lastMailTo("alice@example.com").text!)![0]);
    await page.waitForURL(`${h.app.baseUrl}/account?linked=email`);
    const methods = await page.locator("tbody tr td:first-child").allTextContents();
    expect(methods.sort()).toEqual(["E-mail link", "GitHub", "Single sign-on (OpenID Connect)"]);
    expect((await h.app.db.prisma.consoleIdentity.findMany({ where: { accountId: await h.accountIdOf(ALICE) } })).length).toBe(3);
  });
});
