// BILLING=off (the self-hosted default) admits every review and counts nothing; BILLING=on is
// the hosted service's metered gate.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createBillingGate } from "../../src/billing/index.js";
import { ConfigError, readEnvOptions } from "../../src/config/read-env-options.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";
import { bareInstallation } from "./fixtures.js";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

const NOV = new Date("2026-11-10T12:00:00Z");

describe("the billing switch", () => {
  it("is off unless BILLING says on", () => {
    expect(readEnvOptions({}).billing).toBe(false);
    expect(readEnvOptions({ BILLING: "off" }).billing).toBe(false);
    expect(readEnvOptions({ BILLING: "on" }).billing).toBe(true);
    expect(() => readEnvOptions({ BILLING: "sometimes" })).toThrow(ConfigError);
  });

  it("off: a bare installation's private reviews are never paused, and nothing is recorded", async () => {
    const id = await bareInstallation(db.prisma);
    const admit = createBillingGate(db.prisma, { enabled: false });
    const outcomes = [];
    for (let pr = 1; pr <= 20; pr++) outcomes.push(await admit({ installationId: id, repositoryId: 7n, pullNumber: pr, private: true, now: NOV }));
    expect(outcomes.every((o) => o.admitted && o.kind === "unmetered" && o.plan === null)).toBe(true);
    expect(await db.prisma.usageRecord.count({ where: { installationId: id } })).toBe(0);
  });

  it("on: the same installation pauses after Free's 10 and the 3 of the one-time grant", async () => {
    const id = await bareInstallation(db.prisma);
    const admit = createBillingGate(db.prisma, { enabled: true });
    const outcomes = [];
    for (let pr = 1; pr <= 14; pr++) {
      const a = await admit({ installationId: id, repositoryId: 7n, pullNumber: pr, private: true, now: NOV });
      outcomes.push(a.admitted ? a.kind : a.reason);
    }
    expect(outcomes.slice(10)).toEqual(["grant", "grant", "grant", "allowance_reached"]);
  });
});
