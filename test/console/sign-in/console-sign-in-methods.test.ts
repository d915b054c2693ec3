// OpenID Connect and e-mail sign-in inside the real console (createApp, its sessions and accounts):
// both on the /sign-in chooser, each ending in a console session, and each linkable from the
// Account page to an account signed in another way. Over real HTTP, with the local OpenID
// provider and SMTP server.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ALICE, type ConsoleClient, type ConsoleHarness } from "../support/console-harness.js";
import { startConsoleWithSignInMethods, type ConsoleWithSignInMethods } from "./support/console-with-sign-in-methods.js";
import type { LocalOidcProvider } from "./support/local-oidc-provider.js";
import type { LocalSmtpServer } from "./support/local-smtp-server.js";

let h: ConsoleHarness;
let provider: LocalOidcProvider;
let smtp: LocalSmtpServer;
let started: ConsoleWithSignInMethods;
beforeAll(async () => {
  started = await startConsoleWithSignInMethods({ installationId: 7301, accountId: 9301 });
  ({ h, provider, smtp } = started);
});
afterAll(async () => started.close());

const prisma = () => h.app.db.prisma;
const relative = (url: string | URL) => {
  const u = new URL(url, h.app.baseUrl);
  return `${u.pathname}${u.search}`;
};

/** From the console's OIDC start (a path with return_to) through the provider's pages, back to the console. */
async function throughProvider(client: ConsoleClient, startPath: string, login: string) {
  const start = await client.get(startPath);
  expect(start.status).toBe(303);
  const back = await provider.authorize(start.location!, login);
  return client.get(relative(back));
}

async function emailLink(client: ConsoleClient, address: string, returnTo = "/") {
  const form = await client.get(`/sign-in/email?return_to=${encodeURIComponent(returnTo)}`);
  const token = /name="_form" value="([^"]+)"/.exec(form.text)![1]!;
  const sent = await client.post("/sign-in/email", { _form: token, return_to: returnTo, email: address });
  expect(sent.status).toBe(200);
  const link = /https?:\/\/\S+/.exec(smtp.lastMailTo(address).text!)![0];
  return client.get(relative(link));
}

describe("the console's sign-in methods", () => {
  it("offers GitHub, the identity provider and e-mail on the /sign-in chooser and the signed-out home", async () => {
    for (const path of ["/sign-in?return_to=%2Faccount", "/"]) {
      const page = await h.client().get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Sign in with GitHub");
      expect(page.text).toContain("Sign in with Acme SSO");
      expect(page.text).toContain("Sign in by e-mail");
    }
    const chooser = await h.client().get("/sign-in?return_to=%2Faccount");
    expect(chooser.text).toContain('href="/sign-in/oidc?return_to=%2Faccount"');
    // The methods' pages are console pages: the console's CSP and headers.
    const form = await h.client().get("/sign-in/email");
    expect(form.headers.get("content-security-policy")).toContain("default-src 'self'");
    // A form may lead to the providers (the Account page's Link redirects there); nowhere else.
    expect(form.headers.get("content-security-policy")).toContain(`form-action 'self' ${h.github.baseUrl} ${provider.issuer};`);
  });

  it("signs in with the identity provider to a console account and session", async () => {
    const client = h.client();
    const done = await throughProvider(client, "/sign-in/oidc?return_to=%2Faccount", "grace");
    expect(done.status).toBe(303);
    expect(done.location).toBe("/account");
    expect(client.cookies.has("clearance_session")).toBe(true);
    const account = await client.get("/account");
    expect(account.text).toContain("Signed in as <strong>Grace Hopper</strong>");
    expect(account.text).toContain("Single sign-on (OpenID Connect)");
    const identity = await prisma().consoleIdentity.findFirstOrThrow({ where: { method: "oidc" } });
    expect(identity.subject).toBe(`${provider.issuer} grace`);
  });

  it("signs in by e-mail while signed out (the form's own token, not a session's, protects it)", async () => {
    const client = h.client();
    const done = await emailLink(client, "erin@example.com", "/account");
    expect(done.status).toBe(303);
    expect(done.location).toBe("/account");
    const account = await client.get("/account");
    expect(account.text).toContain("Signed in as <strong>erin@example.com</strong>");
    expect(account.text).toContain("E-mail link");
  });

  it("links the identity provider and an e-mail address from the Account page to a GitHub account", async () => {
    const alice = await h.signInAs(ALICE);
    const aliceAccount = await h.accountIdOf(ALICE);
    const csrf = await alice.csrf("/account");
    const account = await alice.get("/account");
    expect(account.text).toContain("Link: Sign in with Acme SSO");
    expect(account.text).toContain("Link: Sign in by e-mail");

    const oidc = await alice.post("/account/link", { _csrf: csrf, method: "oidc" });
    expect(oidc.location).toBe(`/sign-in/oidc?return_to=${encodeURIComponent("/account")}`);
    const linkedOidc = await throughProvider(alice, oidc.location!, "mallory");
    expect(linkedOidc.location).toBe("/account?linked=oidc");

    const email = await alice.post("/account/link", { _csrf: csrf, method: "email" });
    expect(email.location).toBe(`/sign-in/email?return_to=${encodeURIComponent("/account")}`);
    const linkedEmail = await emailLink(alice, "alice@example.com", "/account");
    expect(linkedEmail.location).toBe("/account?linked=email");

    const identities = await prisma().consoleIdentity.findMany({ where: { accountId: aliceAccount }, orderBy: { method: "asc" } });
    expect(identities.map((i) => [i.method, i.subject])).toEqual([
      ["email", "alice@example.com"],
      ["github", String(ALICE.id)],
      ["oidc", `${provider.issuer} mallory`],
    ]);
    // Either new method now signs in to alice's account.
    const again = h.client();
    await throughProvider(again, "/sign-in/oidc", "mallory");
    expect((await again.get("/account")).text).toContain("@alice");
  });
});
