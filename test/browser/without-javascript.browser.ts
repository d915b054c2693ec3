// The console works with JavaScript switched off: sign-in, claim, configuration and a new key
// (shown, with the copy button staying hidden, the one thing that needs a script).
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Page } from "playwright-core";
import { startConsoleHarness, type ConsoleHarness } from "../console/support/console-harness.js";
import { launchChromium } from "./support/browser.js";

let h: ConsoleHarness;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [{ id: 4242, account: { id: 501, login: "alice", type: "User" } }],
  });
  browser = await launchChromium({ javaScriptEnabled: false });
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe("the console without JavaScript", () => {
  it("signs in, claims the user's own installation, saves the configuration and creates a key", async () => {
    await page.goto(`${h.app.baseUrl}/setup?installation_id=4242&setup_action=install`);
    await page.getByRole("link", { name: "Authorize" }).click();
    await page.waitForURL(`${h.app.baseUrl}/setup?installation_id=4242`);
    await page.getByRole("button", { name: "Claim and start the trial" }).click();
    await page.waitForURL(/\/orgs\/4242\/configuration\?claimed=1$/);

    await page.locator("#fw-ISO_27001").check();
    await page.getByLabel("Review language").selectOption("fr");
    await page.getByRole("button", { name: "Save configuration" }).click();
    await page.waitForURL(/saved=1/);
    await expect(page.locator("#fw-ISO_27001").isChecked()).resolves.toBe(true);
    await expect(page.getByLabel("Review language").inputValue()).resolves.toBe("fr");

    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByLabel("Name").fill("no-js");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = await page.locator("#new-key").inputValue();
    expect(key).toMatch(/^clr_/);
    await expect(page.locator(".js-copy").isVisible()).resolves.toBe(false);

    const config = await h.app.request("GET", "/v1/config", { headers: { authorization: `Bearer ${key}` } });
    expect(config.body).toMatchObject({ frameworks: ["ISO_27001"], review_language: "fr" });
  });
});
