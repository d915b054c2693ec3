// Rate limits shared through Redis by several instances, and an API that keeps answering when
// Redis is away. The two-instance test needs PostgreSQL and Redis: it runs when TEST_DATABASE_URL
// and TEST_REDIS_URL are set (e.g. redis://127.0.0.1:6379/4).
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "@jest/globals";
import { createRedisRateLimits } from "../../src/api/rate-limit.js";
import { openDatabase, type Database } from "../../src/storage/open-database.js";
import { bearer, startHarness } from "../support/api-harness.js";
import { freshTestPostgres } from "../support/database.js";
import { captureLogger } from "../support/silent-logger.js";

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** One fresh PostgreSQL database, opened twice: two instances' worth of pools and clients. */
async function sharedPostgres(): Promise<[Database, Database]> {
  const postgres = await freshTestPostgres("rl");
  const first = await openDatabase({ databaseUrl: postgres.url });
  const second = await openDatabase({ databaseUrl: postgres.url });
  cleanups.push(async () => {
    await first.close();
    await second.close();
    await postgres.drop();
  });
  return [first, second];
}

// Registered only where both servers exist (npm test on a bare machine has neither).
if (adminUrl && redisUrl) describe("two instances sharing Redis", () => {
  it("admit at most 60 of 130 requests of one key alternating between them", async () => {
    const [dbA, dbB] = await sharedPostgres();
    const keyPrefix = `clearance-test-${randomBytes(6).toString("hex")}`; // unique per run: no counts from earlier runs
    const { log } = captureLogger();
    const limits = () => createRedisRateLimits({ perIpPerMinute: 100_000, perKeyPerMinute: 60, redisUrl: redisUrl!, log, keyPrefix });
    const limitsA = limits();
    const limitsB = limits();
    const a = await startHarness({ db: dbA, rateLimits: limitsA });
    const b = await startHarness({ db: dbB, rateLimits: limitsB });
    cleanups.push(async () => {
      await a.close();
      await b.close();
      await limitsA.close!();
      await limitsB.close!();
    });
    const org = await a.organisation();

    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) {
      const res = await (i % 2 === 0 ? a : b).request("GET", "/v1/config", { headers: bearer(org.key) });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    expect(statuses.filter((s) => s === 200).length).toBe(60); // and not fewer: both instances count one quota
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(limitsA.store!()).toBe("redis");
  }, 90_000);

  it("count the console's sign-in attempts once across both instances", async () => {
    const [dbA, dbB] = await sharedPostgres();
    const keyPrefix = `clearance-test-${randomBytes(6).toString("hex")}`;
    const { log } = captureLogger();
    const limits = () => createRedisRateLimits({ perIpPerMinute: 100_000, perKeyPerMinute: 60, redisUrl: redisUrl!, log, keyPrefix });
    const limitsA = limits();
    const limitsB = limits();
    const overrides = { console: { signInPerMinute: 4 } };
    const a = await startHarness({ db: dbA, rateLimits: limitsA, overrides });
    const b = await startHarness({ db: dbB, rateLimits: limitsB, overrides });
    cleanups.push(async () => {
      await a.close();
      await b.close();
      await limitsA.close!();
      await limitsB.close!();
    });
    // Until its Redis connection is ready an instance counts in memory (the insurance limiter).
    while (limitsA.store!() !== "redis" || limitsB.store!() !== "redis") await new Promise((resolve) => setTimeout(resolve, 10));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await (i % 2 === 0 ? a : b).request("GET", "/sign-in")).status);
    // No sign-in method is configured (503) until the shared quota of 4 is spent (429).
    expect(statuses).toEqual([503, 503, 503, 503, 429, 429, 429, 429]);
  }, 90_000);
});

describe("Redis unreachable", () => {
  it("keeps answering, limits per instance in memory, logs it, and /readyz says degraded with 200", async () => {
    const { log, lines } = captureLogger();
    // Port 1 on loopback: nothing listens, so every connection attempt fails at once.
    const rateLimits = createRedisRateLimits({ perIpPerMinute: 100_000, perKeyPerMinute: 3, redisUrl: "redis://127.0.0.1:1/0", log, keyPrefix: "unreachable" });
    const h = await startHarness({ rateLimits, overrides: { log } });
    cleanups.push(async () => {
      await h.close();
      await rateLimits.close!();
    });
    const org = await h.organisation();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).status);
    // The insurance limiter still counts, per instance.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const ready = await h.request("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "degraded", rateLimits: "degraded" });
    expect(lines.some((line) => line.level === 50 && String(line.msg).includes("Redis for rate limits is unreachable"))).toBe(true);
  }, 90_000);
});
