import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createBillingGate } from "../../src/billing/index.js";
import type { Database } from "../../src/storage/open-database.js";
import { cliRunner } from "../support/cli-harness.js";
import { createTestDatabase } from "../support/database.js";

let db: Database;
let run: ReturnType<typeof cliRunner>;
const clock = { now: new Date("2026-11-03T10:00:00Z") };
beforeAll(async () => {
  db = await createTestDatabase();
  run = cliRunner(db, clock, { BILLING: "on" });
});
afterAll(async () => db.close());

async function reviewPrivate(installationId: bigint, from: number, to: number) {
  const admit = createBillingGate(db.prisma);
  for (let pullNumber = from; pullNumber <= to; pullNumber++) await admit({ installationId, repositoryId: 5n, pullNumber, private: true, now: clock.now });
}

describe("clearance usage, plan set and overage", () => {
  it("follows an installation from bare through trial, Free, overage and a paid plan", async () => {
    clock.now = new Date("2026-11-03T10:00:00Z");
    expect((await run("installation", "add", "7001", "--account", "acme")).code).toBe(0);
    await reviewPrivate(7001n, 1, 2);
    const bare = await run("usage", "7001");
    expect(bare.code).toBe(0);
    expect(bare.stdout).toEqual([
      "Installation 7001 (not claimed)",
      "Plan: Free",
      "Period: 2026-11 (calendar month in UTC, until 2026-12-01T00:00:00.000Z)",
      "Private pull requests: 2 used, 8 remaining of 10",
      "Public pull requests: 0 used, 500 remaining of 500",
      "One-time grant: not used (3 more pull requests the first time the allowance is exceeded)",
      "Overage: off (reviews pause beyond the allowance and grant)",
      "Extras this period: 0, $0.00",
    ]);

    expect((await run("claim", "7001")).code).toBe(0);
    await reviewPrivate(7001n, 3, 20);
    const trial = await run("usage", "7001");
    expect(trial.stdout[1]).toBe("Plan: Trial until 2026-11-17T10:00:00.000Z, then Free");
    expect(trial.stdout[3]).toBe("Private pull requests: 20 reviewed, unlimited during the trial");

    clock.now = new Date("2026-11-17T10:00:00Z"); // the trial's last instant has passed
    await reviewPrivate(7001n, 21, 33);
    expect((await run("overage", "enable", "7001")).stdout).toEqual(["Overage for installation 7001 is on."]);
    await reviewPrivate(7001n, 34, 35);
    const free = await run("usage", "7001");
    expect(free.stdout).toEqual([
      "Installation 7001",
      "Plan: Free (trial ended 2026-11-17T10:00:00.000Z)",
      "Period: 2026-11 (calendar month in UTC, until 2026-12-01T00:00:00.000Z)",
      "Private pull requests: 15 used, 0 remaining of 10 + 3 one-time grant (and 18 reviewed during the trial, not counted)",
      "Public pull requests: 0 used, 500 remaining of 500",
      "One-time grant: used in 2026-11 (3 pull requests)",
      "Overage: on ($0.49 per pull request beyond the allowance and grant)",
      "Extras this period: 2, $0.98",
    ]);

    expect((await run("overage", "disable", "7001")).stdout).toEqual(["Overage for installation 7001 is off."]);
    expect((await run("overage", "disable", "7001")).stdout).toEqual(["Overage for installation 7001 is off (unchanged)."]);
    const upgraded = await run("plan", "set", "7001", "starter");
    expect(upgraded.stdout).toEqual(["Installation 7001 is on Starter (was Free): 100 private pull requests a month, $19.00 a month."]);
    const starter = await run("usage", "7001");
    expect(starter.stdout[1]).toBe("Plan: Starter ($19.00 a month)");
    expect(starter.stdout[3]).toBe("Private pull requests: 15 used, 88 remaining of 100 + 3 one-time grant (and 18 reviewed during the trial, not counted)");
  });

  it("says when a trial still applies after the plan is set to Free", async () => {
    clock.now = new Date("2026-11-03T10:00:00Z");
    await run("installation", "add", "7002", "--account", "beta");
    await run("claim", "7002");
    await run("plan", "set", "7002", "business");
    const back = await run("plan", "set", "7002", "free");
    expect(back.stdout).toEqual([
      "Installation 7002 is on Free (was Business, in its trial until 2026-11-17T10:00:00.000Z): 10 private pull requests a month.",
      "Its trial still applies until 2026-11-17T10:00:00.000Z (unlimited private pull requests); then Free.",
    ]);
  });

  it("says that a paid plan set during the trial replaces it", async () => {
    clock.now = new Date("2026-11-03T10:00:00Z");
    await run("installation", "add", "7005", "--account", "epsilon");
    await run("claim", "7005");
    const paid = await run("plan", "set", "7005", "pro");
    expect(paid.stdout).toEqual([
      "Installation 7005 is on Pro (was Free, in its trial until 2026-11-17T10:00:00.000Z): 500 private pull requests a month, $99.00 a month.",
      "The paid plan replaces the trial from now: private pull requests count against its allowance from this one on.",
    ]);
  });

  it("says billing is off when the instance does not bill (the self-hosted default)", async () => {
    const unbilled = cliRunner(db, clock);
    await unbilled("installation", "add", "7006", "--account", "zeta");
    const set = await unbilled("plan", "set", "7006", "free");
    expect(set.stdout.at(-1)).toBe("Billing is off on this instance (BILLING=off): reviews are unlimited and nothing is billed, whatever the plan.");
    expect((await unbilled("usage", "7006")).stdout.at(-1)).toContain("BILLING=off");
  });

  it("refuses paid plans and overage for an unclaimed installation with exit code 1", async () => {
    await run("installation", "add", "7003", "--account", "gamma");
    for (const argv of [["plan", "set", "7003", "pro"], ["overage", "enable", "7003"]]) {
      const refused = await run(...argv);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/not claimed.*clearance claim 7003/);
    }
    expect((await run("usage", "7404")).code).toBe(1);
  });

  it("refuses bad input with exit code 2 and the usage line", async () => {
    const cases = [
      ["plan", "set", "7003", "enterprise"],
      ["plan", "set", "7003"],
      ["plan", "set", "abc", "pro"],
      ["overage", "enable"],
      ["overage", "enable", "7003", "extra"],
      ["usage"],
      ["usage", "0"],
    ];
    for (const argv of cases) {
      const result = await run(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.stderr).toMatch(/usage: clearance (plan set|overage|usage)/);
    }
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id: 7003n } })).plan).toBe("free");
  });

  it("lists the billing commands in the help text", async () => {
    const help = await run("help");
    for (const usage of ["clearance plan set", "clearance overage enable", "clearance overage disable", "clearance usage"]) expect(help.stdout.join("\n")).toContain(usage);
  });
});
