// Sign-in attempts are rate limited per client IP, and cookies are Secure behind HTTPS.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startConsoleHarness, type ConsoleHarness } from "./support/console-harness.js";

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness({ signInPerMinute: 3, trustProxy: true });
});
afterAll(async () => h.close());

describe("sign-in hardening", () => {
  it("marks cookies Secure when the request came over HTTPS (X-Forwarded-Proto behind TRUST_PROXY)", async () => {
    const page = await h.client().get("/sign-in", { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" });
    expect(page.status).toBe(303);
    expect(page.setCookies.find((c) => c.startsWith("clearance_sign_in="))).toMatch(/; Secure/);
  });

  it("answers the fourth sign-in attempt in a minute from one IP with 429 and Retry-After; other IPs are unaffected", async () => {
    const ip = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < 3; i++) expect((await h.client().get("/sign-in", ip)).status).toBe(303);
    const limited = await h.client().get("/sign-in", ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.text).toContain("Too many sign-in attempts");
    const callback = await h.client().get("/auth/github/callback?code=x&state=y", ip);
    expect(callback.status).toBe(429);
    expect((await h.client().get("/sign-in", { "x-forwarded-for": "198.51.100.8" })).status).toBe(303);
  });
});

describe("without OAuth credentials", () => {
  it("still serves the home page, saying how to set sign-in up", async () => {
    const { startHarness } = await import("../support/api-harness.js");
    const bare = await startHarness();
    try {
      const home = await fetch(`${bare.baseUrl}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET");
      expect((await fetch(`${bare.baseUrl}/sign-in`, { redirect: "manual" })).status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
