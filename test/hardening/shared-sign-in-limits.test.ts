// The console's e-mail sign-in limits shared through Redis: two instances together send an address
// no more links than one would. Needs Redis: runs when TEST_REDIS_URL is set (e.g.
// redis://127.0.0.1:6379/4), like the API's shared limits.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "@jest/globals";
import { createRedisRateLimits } from "../../src/api/rate-limit.js";
import { startLocalSmtpServer } from "../console/sign-in/support/local-smtp-server.js";
import { startSignInMethodsApp } from "../console/sign-in/support/sign-in-methods-app.js";
import { captureLogger } from "../support/silent-logger.js";

const redisUrl = process.env.TEST_REDIS_URL;

// Registered only where Redis exists (npm test on a bare machine has none).
if (redisUrl) describe("two instances sharing Redis", () => {
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
