// Console sign-in over real HTTP against the GitHub stand-in: the state is random, single-use and
// bound to the browser; the code is exchanged server-side; sessions end on sign-out.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { matchOperation } from "../github/support/openapi-validator.js";
import { ALICE, startConsoleHarness, type ConsoleHarness } from "./support/console-harness.js";

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [{ id: 7001, account: { id: 9001, login: "acme", type: "Organization" } }],
    memberships: { acme: { alice: "admin" } },
  });
});
afterAll(async () => h.close());

const sessionCount = () => h.app.db.prisma.consoleSession.count();

describe("the console's home", () => {
  it("offers Sign in with GitHub, with security headers and a CSP", async () => {
    const page = await h.client().get("/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("Sign in with GitHub");
    expect(page.text).toContain('href="/console/assets/primer.css"');
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("serves Primer CSS from node_modules and leaves the API's responses as they were", async () => {
    const css = await h.client().get("/console/assets/primer.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
    expect(css.text).toContain(".btn-primary");
    const api = await h.client().get("/v1/frameworks");
    expect(api.status).toBe(200);
    expect(api.headers.get("content-security-policy")).toBeNull();
  });
});

describe("sign-in", () => {
  it("redirects to GitHub's authorize page with the client id and a random state, set in an HttpOnly SameSite=Lax cookie", async () => {
    const client = h.client();
    const first = await client.get("/sign-in");
    expect(first.status).toBe(303);
    const url = new URL(first.location!);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`${h.github.baseUrl}/login/oauth/authorize`);
    expect(url.searchParams.get("client_id")).toBe(h.github.clientId);
    const state = url.searchParams.get("state")!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = first.setCookies.find((c) => c.startsWith("clearance_sign_in="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    const second = await h.client().get("/sign-in");
    expect(new URL(second.location!).searchParams.get("state")).not.toBe(state);
  });

  it("exchanges the code server-side, creates a session and returns where the user was going", async () => {
    const client = await h.signIn(undefined, "/setup?installation_id=7001");
    const exchange = h.github.requests.filter((r) => r.path === "/login/oauth/access_token");
    expect(exchange.length).toBeGreaterThan(0);
    const session = [...client.cookies.keys()];
    expect(session).toContain("clearance_session");
    const home = await client.get("/");
    expect(home.text).toContain(`Signed in as <strong>${ALICE.login}</strong>`);
    expect(home.text).toContain("acme");
    // The GitHub calls were made with the user's token.
    expect(h.github.requests.some((r) => r.path === "/api/v3/user/memberships/orgs/acme" && /^token ghu_/.test(r.authorization ?? ""))).toBe(true);
  });

  it("refuses a forged state, a state from another browser, a replayed state and a missing code with 403, creating no session", async () => {
    const before = await sessionCount();
    const client = h.client();
    const start = await client.get("/sign-in");
    const state = new URL(start.location!).searchParams.get("state")!;

    const forged = await client.get(`/auth/github/callback?code=${h.github.issueCode()}&state=forged-${state.slice(7)}`);
    expect(forged.status).toBe(403);
    expect(forged.text).toContain("Sign-in refused");

    const elsewhere = await h.client().get(`/auth/github/callback?code=${h.github.issueCode()}&state=${state}`);
    expect(elsewhere.status).toBe(403);

    const other = h.client();
    const otherStart = await other.get("/sign-in");
    const otherState = new URL(otherStart.location!).searchParams.get("state")!;
    const missingCode = await other.get(`/auth/github/callback?state=${otherState}`);
    expect(missingCode.status).toBe(403);
    expect(missingCode.text).toContain("no authorisation code");

    const third = h.client();
    const thirdStart = await third.get("/sign-in");
    const thirdState = new URL(thirdStart.location!).searchParams.get("state")!;
    const cookie = third.cookies.get("clearance_sign_in")!;
    const ok = await third.get(`/auth/github/callback?code=${h.github.issueCode()}&state=${thirdState}`);
    expect(ok.status).toBe(303);
    third.cookies.set("clearance_sign_in", cookie);
    const replay = await third.get(`/auth/github/callback?code=${h.github.issueCode()}&state=${thirdState}`);
    expect(replay.status).toBe(403);
    expect(replay.text).toContain("already used or has expired");
    expect(await sessionCount()).toBe(before + 1);
  });

  it("refuses a code GitHub does not accept with 403", async () => {
    const client = h.client();
    const start = await client.get("/sign-in");
    const state = new URL(start.location!).searchParams.get("state")!;
    const page = await client.get(`/auth/github/callback?code=not-a-code&state=${state}`);
    expect(page.status).toBe(403);
    expect(page.text).toContain("did not accept the sign-in code");
    expect(client.cookies.has("clearance_session")).toBe(false);
  });

  it("never redirects off the site after sign-in", async () => {
    const client = h.client();
    const start = await client.get("/sign-in?return_to=//evil.example/x");
    const state = new URL(start.location!).searchParams.get("state")!;
    const done = await client.get(`/auth/github/callback?code=${h.github.issueCode()}&state=${state}`);
    expect(done.location).toBe("/");
  });

  it("sends an install-time authorisation (no state of ours) to the setup page, which signs in with a state", async () => {
    const page = await h.client().get("/auth/github/callback?code=abc&installation_id=7001&setup_action=install");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/setup?installation_id=7001");
    const setup = await h.client().get("/setup?installation_id=7001");
    expect(setup.status).toBe(303);
    expect(setup.location).toBe(`/sign-in?return_to=${encodeURIComponent("/setup?installation_id=7001")}`);
  });
});

describe("when GitHub fails", () => {
  it("answers with an error page naming the request id, logs it with context, and creates no session", async () => {
    const before = await sessionCount();
    const client = h.client();
    const start = await client.get("/sign-in");
    const state = new URL(start.location!).searchParams.get("state")!;
    h.github.apiDown = true;
    try {
      const page = await client.get(`/auth/github/callback?code=${h.github.issueCode()}&state=${state}`);
      expect(page.status).toBe(500);
      expect(page.headers.get("content-type")).toContain("text/html");
      const requestId = page.headers.get("x-request-id")!;
      expect(page.text).toContain(`request id ${requestId}`);
      expect(page.text).not.toMatch(/at .*\.ts:\d+/);
      expect(h.app.logLines.some((l) => l.msg === "unexpected error in the console" && l.requestId === requestId && l.path === "/auth/github/callback")).toBe(true);
    } finally {
      h.github.apiDown = false;
    }
    expect(await sessionCount()).toBe(before);
  });
});

describe("what the console sends to GitHub", () => {
  it("uses only operations GitHub's OpenAPI description documents, with the user's token", async () => {
    await h.signIn();
    const apiCalls = h.github.requests.filter((r) => r.path.startsWith("/api/v3/"));
    expect(apiCalls.length).toBeGreaterThan(0);
    const operations = new Set<string>();
    for (const call of apiCalls) {
      const match = matchOperation(call.method, call.path.slice("/api/v3".length), undefined);
      expect({ call: `${call.method} ${call.path}`, documented: Boolean(match) }).toEqual({ call: `${call.method} ${call.path}`, documented: true });
      operations.add(match!.operationId);
      expect(call.authorization).toMatch(/^token ghu_/);
    }
    expect([...operations].sort()).toEqual(["apps/list-installations-for-authenticated-user", "orgs/get-membership-for-authenticated-user", "users/get-authenticated", "users/list-emails-for-authenticated-user"]);
  });
});

describe("sign-out", () => {
  it("ends the session: the old cookie no longer signs anyone in", async () => {
    const client = await h.signIn();
    const cookie = client.cookies.get("clearance_session")!;
    const csrf = await client.csrf("/");
    const out = await client.post("/sign-out", { _csrf: csrf });
    expect(out.status).toBe(303);
    expect(client.cookies.has("clearance_session")).toBe(false);
    const replay = h.client();
    replay.cookies.set("clearance_session", cookie);
    const home = await replay.get("/");
    expect(home.text).toContain("Sign in with GitHub");
    expect(home.text).not.toContain("Signed in as");
  });

  it("refuses a sign-out without the CSRF token, keeping the session", async () => {
    const client = await h.signIn();
    const out = await client.post("/sign-out", {});
    expect(out.status).toBe(403);
    expect((await client.get("/")).text).toContain("Signed in as");
  });
});
