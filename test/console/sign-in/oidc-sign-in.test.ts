// OpenID Connect sign-in against a real OpenID provider (oidc-provider) on 127.0.0.1, its login
// and consent pages walked over HTTP. The answers a correct provider never gives (a token signed
// with an unpublished key, another issuer, another audience) come from a hand-made provider whose
// tokens jose signs. Every refusal is a 403 page and signs nobody in.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ConsoleClient } from "../support/console-harness.js";
import { startHandMadeProvider, type HandMadeProvider } from "./support/hand-made-oidc-provider.js";
import { startLocalOidcProvider, type LocalOidcProvider } from "./support/local-oidc-provider.js";
import { startSignInMethodsApp, type SignInMethodsApp } from "./support/sign-in-methods-app.js";

let app: SignInMethodsApp;
let provider: LocalOidcProvider;
beforeAll(async () => {
  app = await startSignInMethodsApp(async (baseUrl) => {
    provider = await startLocalOidcProvider({ redirectUri: `${baseUrl}/auth/oidc/callback` });
    return { oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: "Acme SSO" }, signInPerMinute: 1000 };
  });
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

async function start(client: ConsoleClient, returnTo = "/"): Promise<URL> {
  const page = await client.get(`/sign-in/oidc?return_to=${encodeURIComponent(returnTo)}`);
  expect(page.status).toBe(303);
  return new URL(page.location!);
}

/** The callback URL as the provider sends it, made relative to the app. */
const callbackPath = (url: URL) => `${url.pathname}${url.search}`;

describe("OpenID Connect sign-in", () => {
  it("sends the browser to the provider with the code flow, PKCE S256, a state and a nonce, bound by an HttpOnly cookie; only hashes are stored", async () => {
    const client = app.client();
    const page = await client.get("/sign-in/oidc");
    const url = new URL(page.location!);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe(provider.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(`${app.baseUrl}/auth/oidc/callback`);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const state = url.searchParams.get("state")!;
    const nonce = url.searchParams.get("nonce")!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = page.setCookies.find((c) => c.startsWith("clearance_oidc="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth\/oidc/);
    const rows = JSON.stringify(await app.db.prisma.consoleOidcSignIn.findMany());
    const browserSecret = client.cookies.get("clearance_oidc")!;
    for (const secret of [state, nonce, browserSecret, url.searchParams.get("code_challenge")!]) expect(rows).not.toContain(secret);
  });

  it("signs in through the provider's login and consent pages: subject `<issuer> <sub>`, the verified address, the name, and where the user was going", async () => {
    const client = app.client();
    const before = app.signedIn.length;
    const back = await provider.authorize((await start(client, "/orgs/7/plan")).href, "grace");
    expect(back.origin + back.pathname).toBe(`${app.baseUrl}/auth/oidc/callback`);
    const done = await client.get(callbackPath(back));
    expect(done.status).toBe(303);
    expect(done.location).toBe("/orgs/7/plan");
    expect(app.signedIn.slice(before)).toEqual([
      { identity: { method: "oidc", subject: `${provider.issuer} grace`, email: "grace@example.com", displayName: "Grace Hopper" }, returnTo: "/orgs/7/plan" },
    ]);
    expect(client.cookies.has("clearance_oidc")).toBe(false);
  });

  it("passes no address the provider has not verified", async () => {
    const client = app.client();
    const back = await provider.authorize((await start(client)).href, "mallory");
    expect((await client.get(callbackPath(back))).status).toBe(303);
    expect(app.signedIn.at(-1)!.identity).toEqual({ method: "oidc", subject: `${provider.issuer} mallory`, email: null, displayName: "Mallory" });
  });

  it("refuses a replayed callback", async () => {
    const client = app.client();
    const back = await provider.authorize((await start(client)).href, "grace");
    expect((await client.get(callbackPath(back))).status).toBe(303);
    const before = app.signedIn.length;
    const replay = await client.get(callbackPath(back));
    expect(replay.status).toBe(403);
    expect(replay.text).toContain("already used, has expired, or was never issued");
    expect(app.signedIn.length).toBe(before);
  });

  it("refuses a callback after the attempt expired (10 minutes)", async () => {
    const client = app.client();
    const back = await provider.authorize((await start(client)).href, "grace");
    const started = app.clock.now;
    app.clock.now = new Date(started.getTime() + 10 * 60 * 1000 + 1);
    try {
      const before = app.signedIn.length;
      const late = await client.get(callbackPath(back));
      expect(late.status).toBe(403);
      expect(late.text).toContain("has expired");
      expect(app.signedIn.length).toBe(before);
    } finally {
      app.clock.now = started;
    }
  });

  it("refuses the callback in another browser, which leaves the attempt to the browser that started it", async () => {
    const starter = app.client();
    const back = await provider.authorize((await start(starter)).href, "grace");
    const before = app.signedIn.length;
    const other = await app.client().get(callbackPath(back));
    expect(other.status).toBe(403);
    expect(other.text).toContain("started in another browser");
    // A forged cookie does not pass either.
    const forger = app.client();
    forger.cookies.set("clearance_oidc", "A".repeat(43));
    expect((await forger.get(callbackPath(back))).status).toBe(403);
    expect(app.signedIn.length).toBe(before);
    expect((await starter.get(callbackPath(back))).status).toBe(303);
    expect(app.signedIn.length).toBe(before + 1);
  });

  it("refuses an ID token whose nonce is not this browser's (the authorization request's nonce was swapped)", async () => {
    const client = app.client();
    const url = await start(client);
    url.searchParams.set("nonce", "a-nonce-from-somebody-else");
    const back = await provider.authorize(url.href, "grace");
    const before = app.signedIn.length;
    const page = await client.get(callbackPath(back));
    expect(page.status).toBe(403);
    expect(page.text).toContain("could not be verified");
    expect(app.signedIn.length).toBe(before);
  });

  it("refuses a code whose PKCE challenge is not this browser's (the provider refuses the exchange)", async () => {
    const client = app.client();
    const url = await start(client);
    url.searchParams.set("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    const back = await provider.authorize(url.href, "grace");
    const before = app.signedIn.length;
    const page = await client.get(callbackPath(back));
    expect(page.status).toBe(403);
    expect(page.text).toContain("invalid_grant");
    expect(app.signedIn.length).toBe(before);
  });

  it("says so when the person cancels at the provider, and signs nobody in", async () => {
    const client = app.client();
    const back = await provider.authorize((await start(client)).href, "grace", { cancel: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    const before = app.signedIn.length;
    const page = await client.get(callbackPath(back));
    expect(page.status).toBe(403);
    expect(page.text).toContain("Acme SSO did not sign you in (access_denied)");
    expect(app.signedIn.length).toBe(before);
  });

  it("refuses a state it never issued", async () => {
    const page = await app.client().get(`/auth/oidc/callback?code=x&state=${"B".repeat(43)}`);
    expect(page.status).toBe(403);
    expect((await app.client().get("/auth/oidc/callback")).status).toBe(403);
  });
});

describe("ID tokens a correct provider never sends", () => {
  let liar: HandMadeProvider;
  let liarApp: SignInMethodsApp;
  beforeAll(async () => {
    liar = await startHandMadeProvider();
    liarApp = await startSignInMethodsApp(() => ({ oidc: { issuer: liar.issuer, clientId: liar.clientId, clientSecret: liar.clientSecret, name: "Liar" }, signInPerMinute: 1000 }));
  });
  afterAll(async () => {
    await liarApp.close();
    await liar.close();
  });

  async function callbackWith(nextToken: HandMadeProvider["nextToken"]) {
    const client = liarApp.client();
    const url = new URL((await client.get("/sign-in/oidc")).location!);
    liar.nonce = url.searchParams.get("nonce")!;
    liar.nextToken = nextToken;
    return client.get(`/auth/oidc/callback?code=any&state=${url.searchParams.get("state")}`);
  }

  it("accepts the hand-made provider's honest token (the cases below differ in one thing only)", async () => {
    const page = await callbackWith({});
    expect(page.status).toBe(303);
    expect(liarApp.signedIn.at(-1)!.identity.subject).toBe(`${liar.issuer} user-1`);
  });

  it.each([
    ["signed with a key the provider does not publish (a forged signature)", { signWith: "unpublished" as const }],
    ["naming another issuer", { claims: { iss: "https://elsewhere.example.com" } }],
    ["for another audience", { claims: { aud: "another-client" } }],
    ["with another nonce", { claims: { nonce: "not-this-browsers" } }],
  ])("refuses an ID token %s", async (_case, nextToken) => {
    const before = liarApp.signedIn.length;
    const page = await callbackWith(nextToken);
    expect(page.status).toBe(403);
    expect(page.text).toContain("Liar&#39;s answer could not be verified");
    expect(page.text).toContain("Nothing was changed");
    expect(liarApp.signedIn.length).toBe(before);
  });
});

describe("when the provider is away or not configured", () => {
  it("answers 503 when discovery fails, and 404 when OpenID Connect is not set up", async () => {
    const away = await startSignInMethodsApp(() => ({ oidc: { issuer: "http://127.0.0.1:9", clientId: "x", clientSecret: "y", name: "Away" }, signInPerMinute: 1000 }));
    const none = await startSignInMethodsApp(() => ({ signInPerMinute: 1000 }));
    try {
      const page = await away.client().get("/sign-in/oidc");
      expect(page.status).toBe(503);
      expect(page.text).toContain("Away could not be reached");
      expect((await none.client().get("/sign-in/oidc")).status).toBe(404);
    } finally {
      await away.close();
      await none.close();
    }
  });
});
