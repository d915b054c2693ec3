// The console's whole journey in a real Chromium: GitHub's setup redirect after installing the
// App, sign-in (GitHub stood in on 127.0.0.1, reached through GHE_HOST/GHE_PROTOCOL=http), claim,
// configuration (a rule broken, then saved), an API key shown once and accepted by /v1, revoked
// and refused by /v1 on the next request, review modes, plan and usage, reviews, audit log,
// sign-out. Every console page is checked with axe: no serious or critical violation. The server
// is the real one (startServer, options read from the environment as in production).
import { createHmac, generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import examples from "@octokit/webhooks-examples";
import type { BrowserContext, Page } from "playwright-core";
import { readEnvOptions } from "../../src/config/read-env-options.js";
import { startServer, type RunningServer } from "../../src/server/start-server.js";
import { startGitHubStandIn, type GitHubStandIn } from "../support/github-stand-in.js";
import { captureLogger } from "../support/silent-logger.js";
import { checkAccessibility, launchChromium, seriousOrCritical, type AxeViolation } from "./support/browser.js";

const INSTALLATION_ID = 957387;
const WEBHOOK_SECRET = "journey-webhook-secret";
const dataDir = mkdtempSync(join(tmpdir(), "clearance-journey-"));
// `npm run screenshots` writes them to docs/; a plain test run keeps them out of the tree.
const screenshots = process.env.SCREENSHOTS_DIR ? resolve(process.env.SCREENSHOTS_DIR) : mkdtempSync(join(tmpdir(), "clearance-shots-"));
mkdirSync(screenshots, { recursive: true });

let github: GitHubStandIn;
let server: RunningServer;
let base: string;
let browser: { context: BrowserContext; close(): Promise<void> };
let page: Page;
const axeResults: Record<string, AxeViolation[]> = {};

async function audit(name: string) {
  const violations = await checkAccessibility(page);
  axeResults[name] = violations;
  expect({ page: name, violations: seriousOrCritical(violations) }).toEqual({ page: name, violations: [] });
}

async function shoot(name: string) {
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

function installationWebhook() {
  const example = (examples as unknown as { name: string; examples: { action?: string }[] }[]).find((e) => e.name === "installation")!.examples.find((e) => e.action === "created")!;
  const payload = JSON.parse(JSON.stringify(example));
  payload.installation.id = INSTALLATION_ID;
  payload.installation.account = { ...payload.installation.account, login: "acme", id: 9001, type: "Organization" };
  payload.repositories = [
    { id: 1001, node_id: "R_1001", name: "payments", full_name: "acme/payments", private: true },
    { id: 1002, node_id: "R_1002", name: "website", full_name: "acme/website", private: false },
  ];
  const body = JSON.stringify(payload);
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "installation",
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex")}`,
    },
    body,
  };
}

beforeAll(async () => {
  github = await startGitHubStandIn({
    currentUser: { id: 501, login: "alice" },
    installations: [{ id: INSTALLATION_ID, account: { id: 9001, login: "acme", type: "Organization" } }],
    memberships: { acme: { alice: "admin" } },
  });
  const privateKey = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } }).privateKey;
  const options = readEnvOptions({
    DATA_DIR: dataDir,
    APP_ID: "1",
    PRIVATE_KEY: privateKey,
    WEBHOOK_SECRET,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GHE_HOST: github.host,
    GHE_PROTOCOL: "http",
    LOG_LEVEL: "silent",
  });
  server = await startServer({ ...options, port: 0, host: "127.0.0.1" }, captureLogger().log);
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  github.callbackUrl = `${base}/auth/github/callback`;
  browser = await launchChromium();
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await github?.close();
  rmSync(dataDir, { recursive: true, force: true });
  // The figures the report quotes: every violation axe found, by page (none may be serious or critical).
  console.log(`axe violations by page (serious/critical must be none):\n${JSON.stringify(axeResults, null, 1)}\nscreenshots: ${screenshots}`);
});

describe("the console journey in Chromium", () => {
  let key = "";

  it("1. home: / offers Sign in with GitHub", async () => {
    await page.goto(`${base}/`);
    await expect(page.getByRole("link", { name: "Sign in with GitHub" }).isVisible()).resolves.toBe(true);
    await audit("home");
    await shoot("home");
  });

  it("2. the installation webhook records the installation and its repositories", async () => {
    const response = await fetch(`${base}/api/github/webhooks`, installationWebhook());
    expect(response.status).toBe(200);
  });

  it("3. GitHub's setup redirect leads through sign-in to the claim page", async () => {
    await page.goto(`${base}/setup?installation_id=${INSTALLATION_ID}&setup_action=install`);
    // The stand-in GitHub's authorize page: the user authorises the App.
    expect(page.url()).toContain(`${github.baseUrl}/login/oauth/authorize`);
    await page.getByRole("link", { name: "Authorize" }).click();
    await page.waitForURL(`${base}/setup?installation_id=${INSTALLATION_ID}`);
    await expect(page.getByRole("heading", { name: "Claim acme" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Signed in as alice").isVisible()).resolves.toBe(true);
    await audit("setup");
    await shoot("claim");
  });

  it("4. claiming starts the trial and opens the configuration", async () => {
    await page.getByRole("button", { name: "Claim and start the trial" }).click();
    await page.waitForURL(`${base}/orgs/${INSTALLATION_ID}/configuration?claimed=1`);
    await expect(page.getByText("The 14-day trial has started").isVisible()).resolves.toBe(true);
    await audit("configuration");
  });

  it("5. configuration: search the catalogue, break a rule (shown by the field), then save", async () => {
    // While typing, the list filters itself (script); the Search button searches on the server.
    await page.getByLabel("Search the framework catalogue").fill("nis 2 germany");
    await expect(page.locator("#fw-NIS_2_DE").isVisible()).resolves.toBe(true);
    await expect(page.locator("#fw-SOC_2").isVisible()).resolves.toBe(false);
    await page.getByLabel("Search the framework catalogue").fill("gdpr");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("#fw-SOC_2").count()).resolves.toBe(0);
    await page.locator("#fw-GDPR").check();
    await page.getByLabel("Profile (JSON)").fill('{"company": "Acme", "a": {"b": {"c": {"d": {"e": 1}}}}}');
    await page.getByLabel("Review language").selectOption("de");
    await page.getByRole("button", { name: "Save configuration" }).click();
    const error = page.locator("#profile-error");
    await expect(error.textContent()).resolves.toContain("invalid_profile: profile must be a JSON object of at most 16384 bytes, nested at most 4 levels");
    await audit("configuration-error");
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("Nothing was saved.");
    await page.locator("#profile").locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' Box ')][1]").screenshot({ path: join(screenshots, "configuration-error.png") });

    await page.getByLabel("Profile (JSON)").fill('{"company": "Acme", "hosting": "eu-central-1", "data_handled": "customer emails"}');
    await page.getByLabel("EU inference").check();
    await page.getByLabel("Logging: implementation").fill("Audit logs are kept for 400 days");
    await page.getByLabel("Logging: source").fill("ISMS policy 4.2");
    await page.getByRole("button", { name: "Save configuration" }).click();
    await page.waitForURL(/saved=1/);
    await expect(page.getByText("Configuration saved.").isVisible()).resolves.toBe(true);
    await page.goto(`${base}/orgs/${INSTALLATION_ID}/configuration`);
    await shoot("configuration");
  });

  it("6. API keys: a key is shown once with a copy button, and /v1 accepts it", async () => {
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByLabel("Name").fill("ci");
    await page.getByLabel("Expiry").selectOption("90");
    await page.getByRole("button", { name: "Create key" }).click();
    key = await page.locator("#new-key").inputValue();
    expect(key).toMatch(/^clr_[A-Za-z0-9_-]{43}$/);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied to the clipboard.").waitFor(); // the clipboard write is asynchronous
    await expect(page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).resolves.toBe(key);
    await audit("api-keys-created");
    await shoot("api-keys");

    const config = await fetch(`${base}/v1/config`, { headers: { authorization: `Bearer ${key}` } });
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({
      profile: { company: "Acme", hosting: "eu-central-1", data_handled: "customer emails" },
      frameworks: ["GDPR"],
      eu_inference: true,
      review_language: "de",
      commitments: [{ area: "logging", implementation: "Audit logs are kept for 400 days", source: "ISMS policy 4.2" }],
    });

    // The key lived only in the POST's response (never stored, even encrypted): listed, it is not shown.
    await page.goto(`${base}/orgs/${INSTALLATION_ID}/api-keys`);
    expect(await page.content()).not.toContain(key);
    await expect(page.getByRole("cell", { name: "ci", exact: true }).isVisible()).resolves.toBe(true);
    await audit("api-keys");
  });

  it("7. revoking the key: /v1 refuses it on the next request", async () => {
    await page.getByRole("button", { name: "Revoke ci" }).click();
    await page.waitForURL(/revoked=1/);
    await expect(page.getByText("Key revoked.").isVisible()).resolves.toBe(true);
    const refused = await fetch(`${base}/v1/config`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("8. review modes: organisation mode and a repository override", async () => {
    await page.getByRole("link", { name: "Review modes" }).click();
    await audit("review-modes");
    await page.getByLabel("Organisation mode").selectOption("auto_once");
    await page.getByLabel("Mode for acme/payments").selectOption("mention_only");
    await page.getByRole("button", { name: "Save review modes" }).click();
    await page.waitForURL(/saved=1/);
    await expect(page.getByLabel("Organisation mode").inputValue()).resolves.toBe("auto_once");
    await expect(page.getByLabel("Mode for acme/payments").inputValue()).resolves.toBe("mention_only");
    await expect(page.getByLabel("Mode for acme/website").inputValue()).resolves.toBe("");
    await shoot("review-modes");
  });

  it("9. plan and usage: the trial, and overage turned on", async () => {
    await page.getByRole("link", { name: "Plan and usage" }).click();
    await expect(page.getByRole("rowheader", { name: "Trial", exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("unlimited during the trial").isVisible()).resolves.toBe(true);
    await audit("plan");
    await page.getByRole("button", { name: "Turn overage on" }).click();
    await page.waitForURL(/saved=1/);
    await expect(page.getByRole("button", { name: "Turn overage off" }).isVisible()).resolves.toBe(true);
    await shoot("plan");
  });

  it("10. recent reviews and the audit log, with who did what", async () => {
    await page.getByRole("link", { name: "Recent reviews" }).click();
    await expect(page.getByText("No reviews yet").isVisible()).resolves.toBe(true);
    await audit("reviews");
    await page.getByRole("link", { name: "Audit log" }).click();
    const text = await page.locator("main").textContent();
    for (const what of ["Installation claimed", "Configuration changed", "API key created", "API key revoked", "Organisation review mode changed", "Repository review mode changed", "Overage changed"]) {
      expect(text).toContain(what);
    }
    expect(text).toContain("alice (console)");
    await audit("audit-log");
    await shoot("audit-log");
  });

  it("11. another organisation's id is a 404 page", async () => {
    const response = await page.goto(`${base}/orgs/123456/configuration`);
    expect(response?.status()).toBe(404);
    await audit("not-found");
  });

  it("12. sign-out ends the session", async () => {
    await page.goto(`${base}/`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${base}/`);
    await expect(page.getByRole("link", { name: "Sign in with GitHub" }).isVisible()).resolves.toBe(true);
    const response = await page.goto(`${base}/orgs/${INSTALLATION_ID}/configuration`);
    expect(page.url()).toContain(`${github.baseUrl}/login/oauth/authorize`);
    expect(response?.status()).toBe(200);
  });
});
