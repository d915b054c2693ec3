// E-mail magic links, sent over SMTP to a real SMTP server on 127.0.0.1 (smtp-server) and read
// from there: a link works once, for 15 minutes, in the browser that asked; requests are limited
// per address and per IP; and the answer is the same whether or not the address has an account.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createRedisRateLimits } from "../../../src/api/rate-limit.js";
import type { ConsoleClient, Page } from "../support/console-harness.js";
import { startLocalSmtpServer, type LocalSmtpServer } from "./support/local-smtp-server.js";
import { startSignInMethodsApp, type SignInMethodsApp } from "./support/sign-in-methods-app.js";
import { captureLogger } from "../../support/silent-logger.js";

let smtp: LocalSmtpServer;
let app: SignInMethodsApp;
let nextIp = 1;
/** A fresh client IP per request unless a test says otherwise, so only the limit under test binds. */
const freshIp = () => `203.0.113.${nextIp++}`;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  app = await startSignInMethodsApp(() => ({
    email: { delivery: { kind: "smtp", smtpUrl: smtp.url, from: "Clearance <clearance@example.com>" }, perAddressPerHour: 3, perIpPerHour: 4 },
    signInPerMinute: 1000,
  }));
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function askForLink(client: ConsoleClient, address: string, options: { ip?: string; returnTo?: string } = {}): Promise<Page> {
  const form = await client.get(`/sign-in/email?return_to=${encodeURIComponent(options.returnTo ?? "/")}`);
  expect(form.status).toBe(200);
  const token = /name="_form" value="([^"]+)"/.exec(form.text)![1]!;
  const returnTo = /name="return_to" value="([^"]*)"/.exec(form.text)![1]!;
  return client.post("/sign-in/email", { _form: token, return_to: returnTo.replace(/&#39;/g, "'"), email: address }, { "x-forwarded-for": options.ip ?? freshIp() });
}

/** The link in the newest mail to `address`, as a path on the app. */
function linkIn(address: string): string {
  const mail = smtp.lastMailTo(address);
  const link = new URL(/https?:\/\/\S+/.exec(mail.text!)![0]);
  expect(link.origin).toBe(app.baseUrl);
  return `${link.pathname}${link.search}`;
}

describe("e-mail magic links", () => {
  it("sends a link over SMTP that signs the address in once, returning where the user was going; only the token's hash is stored", async () => {
    const client = app.client();
    const answer = await askForLink(client, " Ada@Example.com ", { returnTo: "/orgs/7/plan" });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Check your e-mail");
    expect(client.cookies.get("clearance_email_browser")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mail = smtp.lastMailTo("ada@example.com");
    expect(mail.from!.text).toContain("clearance@example.com");
    expect(mail.subject).toBe("Your Clearance sign-in link");
    const path = linkIn("ada@example.com");
    const token = new URL(path, app.baseUrl).searchParams.get("token")!;
    expect(JSON.stringify(await app.db.prisma.consoleEmailSignIn.findMany())).not.toContain(token);

    const before = app.signedIn.length;
    const done = await client.get(path);
    expect(done.status).toBe(303);
    expect(done.location).toBe("/orgs/7/plan");
    expect(app.signedIn.slice(before)).toEqual([{ identity: { method: "email", subject: "ada@example.com", email: "ada@example.com", displayName: "ada@example.com" }, returnTo: "/orgs/7/plan" }]);

    const replay = await client.get(path);
    expect(replay.status).toBe(403);
    expect(replay.text).toContain("already used, has expired");
    expect(app.signedIn.length).toBe(before + 1);
  });

  it("sets the browser's cookie HttpOnly and SameSite=Lax with the form", async () => {
    const form = await app.client().get("/sign-in/email");
    const cookie = form.setCookies.find((c) => c.startsWith("clearance_email_browser="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("refuses a link after 15 minutes", async () => {
    const client = app.client();
    await askForLink(client, "late@example.com");
    const path = linkIn("late@example.com");
    const asked = app.clock.now;
    app.clock.now = new Date(asked.getTime() + 15 * 60 * 1000);
    try {
      const before = app.signedIn.length;
      const page = await client.get(path);
      expect(page.status).toBe(403);
      expect(page.text).toContain("links last 15 minutes");
      expect(app.signedIn.length).toBe(before);
    } finally {
      app.clock.now = asked;
    }
  });

  it("refuses a link opened in another browser (or by a mail scanner), and it still works in the browser that asked", async () => {
    const asker = app.client();
    await askForLink(asker, "two-browsers@example.com");
    const path = linkIn("two-browsers@example.com");
    const before = app.signedIn.length;
    const other = await app.client().get(path);
    expect(other.status).toBe(403);
    expect(other.text).toContain("asked for in another browser");
    const forger = app.client();
    forger.cookies.set("clearance_email_browser", "C".repeat(43));
    expect((await forger.get(path)).status).toBe(403);
    expect(app.signedIn.length).toBe(before);
    expect((await asker.get(path)).status).toBe(303);
    expect(app.signedIn.at(-1)!.identity.subject).toBe("two-browsers@example.com");
  });

  it("refuses a token it never sent", async () => {
    expect((await app.client().get(`/auth/email/callback?token=${"D".repeat(43)}`)).status).toBe(403);
    expect((await app.client().get("/auth/email/callback?token=short")).status).toBe(403);
    expect((await app.client().get("/auth/email/callback")).status).toBe(403);
  });

  it("sends nothing for a form not issued to this browser (a cross-site post), or without its token", async () => {
    const sent = smtp.inbox.length;
    const victim = app.client();
    const attacker = app.client();
    const attackerForm = await attacker.get("/sign-in/email");
    const token = /name="_form" value="([^"]+)"/.exec(attackerForm.text)![1]!;
    await victim.get("/sign-in/email");
    const crossSite = await victim.post("/sign-in/email", { _form: token, email: "attacker@example.com" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toContain("Form expired");
    expect((await victim.post("/sign-in/email", { email: "attacker@example.com" })).status).toBe(403);
    expect((await app.client().post("/sign-in/email", { _form: token, email: "attacker@example.com" })).status).toBe(403);
    expect(smtp.inbox.length).toBe(sent);
    expect(await app.db.prisma.consoleEmailSignIn.count({ where: { email: "attacker@example.com" } })).toBe(0);
  });

  it("answers 400 with the form again for something that is not an address, and sends nothing", async () => {
    const sent = smtp.inbox.length;
    for (const bad of ["", "no-at-sign", "a@b", "two@@example.com", "a b@example.com", "x@example.com\r\nBcc: y@example.com", `${"a".repeat(250)}@example.com`]) {
      const page = await askForLink(app.client(), bad);
      expect(page.status).toBe(400);
      expect(page.text).toContain("Enter an e-mail address such as name@example.com.");
    }
    expect(smtp.inbox.length).toBe(sent);
  });

  it("limits links per address, whatever the client IP (3 an hour here)", async () => {
    const address = "limited@example.com";
    for (let i = 0; i < 3; i++) expect((await askForLink(app.client(), address)).status).toBe(200);
    const sent = smtp.inbox.length;
    const refused = await askForLink(app.client(), address);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many sign-in links were sent to this address");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(smtp.inbox.length).toBe(sent);
    expect((await askForLink(app.client(), "someone-else@example.com")).status).toBe(200);
  });

  it("limits links per client IP, whatever the address (4 an hour here)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await askForLink(app.client(), `ip-${i}@example.com`, { ip })).status).toBe(200);
    const refused = await askForLink(app.client(), "ip-4@example.com", { ip });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("from your network");
    expect(() => smtp.lastMailTo("ip-4@example.com")).toThrow();
    expect((await askForLink(app.client(), "ip-4@example.com")).status).toBe(200);
  });

  it("gives the same answer whether or not the address has an account", async () => {
    // known@example.com has signed in before (an account); unknown@example.com never has.
    const first = app.client();
    await askForLink(first, "known@example.com");
    expect((await first.get(linkIn("known@example.com"))).status).toBe(303);
    expect(app.signedIn.some((s) => s.identity.subject === "known@example.com")).toBe(true);

    const known = await askForLink(app.client(), "known@example.com");
    const unknown = await askForLink(app.client(), "unknown@example.com");
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    const headers = (page: Page) => [...page.headers.keys()].filter((name) => !["date", "set-cookie", "etag", "content-length"].includes(name)).map((name) => `${name}: ${page.headers.get(name)}`);
    expect(headers(unknown)).toEqual(headers(known));
    expect(smtp.lastMailTo("unknown@example.com").subject).toBe(smtp.lastMailTo("known@example.com").subject);
  });

  it("answers 503 and keeps no link when the mail cannot be handed to the SMTP server", async () => {
    const broken = await startSignInMethodsApp(() => ({
      email: { delivery: { kind: "smtp", smtpUrl: "smtp://127.0.0.1:9", from: "clearance@example.com" }, perAddressPerHour: 10, perIpPerHour: 10 },
      signInPerMinute: 1000,
    }));
    try {
      const page = await askForLink(broken.client(), "nobody@example.com");
      expect(page.status).toBe(503);
      expect(page.text).toContain("could not be sent");
      expect(await broken.db.prisma.consoleEmailSignIn.count()).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe("without SMTP", () => {
  it("in development writes the link to the log, and it works", async () => {
    const dev = await startSignInMethodsApp(() => ({ email: { delivery: { kind: "log" }, perAddressPerHour: 10, perIpPerHour: 10 }, signInPerMinute: 1000 }));
    try {
      const client = dev.client();
      const form = await client.get("/sign-in/email");
      const token = /name="_form" value="([^"]+)"/.exec(form.text)![1]!;
      expect((await client.post("/sign-in/email", { _form: token, email: "dev@example.com" })).status).toBe(200);
      const line = dev.logLines.find((l) => typeof l.link === "string" && l.to === "dev@example.com")!;
      expect(String(line.msg)).toContain("SMTP_URL is not set");
      const link = new URL(String(line.link));
      expect((await client.get(`${link.pathname}${link.search}`)).status).toBe(303);
      expect(dev.signedIn.at(-1)!.identity.subject).toBe("dev@example.com");
    } finally {
      await dev.close();
    }
  });

  it("is not offered at all otherwise (404)", async () => {
    const none = await startSignInMethodsApp(() => ({ signInPerMinute: 1000 }));
    try {
      expect((await none.client().get("/sign-in/email")).status).toBe(404);
      expect((await none.client().post("/sign-in/email", { email: "a@example.com" })).status).toBe(404);
      expect((await none.client().get(`/auth/email/callback?token=${"E".repeat(43)}`)).status).toBe(404);
    } finally {
      await none.close();
    }
  });
});

// Two instances together send an address no more links than one would (the same Redis as the
// API's shared limits).
const redisUrl = process.env.TEST_REDIS_URL;

// Registered only where Redis exists (npm test on a bare machine has none).
if (redisUrl) describe("e-mail sign-in limits shared by two instances through Redis", () => {
  it("send one address at most its hourly links, whichever instance is asked", async () => {
    const smtp = await startLocalSmtpServer();
    const keyPrefix = `clearance-test-${randomBytes(6).toString("hex")}`; // unique per run: no counts from earlier runs
    const limits = () => createRedisRateLimits({ perIpPerMinute: 1000, perKeyPerMinute: 1000, redisUrl, log: captureLogger().log, keyPrefix });
    const limitsA = limits();
    const limitsB = limits();
    const options = () => ({ email: { delivery: { kind: "smtp" as const, smtpUrl: smtp.url, from: "c@example.com" }, perAddressPerHour: 3, perIpPerHour: 100 }, signInPerMinute: 1000 });
    const a = await startSignInMethodsApp(options, limitsA);
    const b = await startSignInMethodsApp(options, limitsB);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const client = (i % 2 === 0 ? a : b).client();
        const form = await client.get("/sign-in/email");
        const token = /name="_form" value="([^"]+)"/.exec(form.text)![1]!;
        statuses.push((await client.post("/sign-in/email", { _form: token, email: "shared@example.com" }, { "x-forwarded-for": `198.51.100.${i}` })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      expect(smtp.inbox.length).toBe(3);
    } finally {
      await a.close();
      await b.close();
      await limitsA.close!();
      await limitsB.close!();
      await smtp.close();
    }
  });
});
