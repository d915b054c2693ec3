import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../src/storage/open-database.js";
import { cliRunner } from "../support/cli-harness.js";
import { createTestDatabase } from "../support/database.js";

let db: Database;
let run: ReturnType<typeof cliRunner>;
beforeAll(async () => {
  db = await createTestDatabase();
  run = cliRunner(db, { now: new Date("2026-11-22T10:00:00Z") });
  await run("installation", "add", "42", "--account", "acme");
});
afterAll(async () => db.close());

describe("clearance trigger set", () => {
  it("sets the organisation's mode", async () => {
    const result = await run("trigger", "set", "42", "mention_only");
    expect(result.code).toBe(0);
    expect(result.stdout.join("\n")).toContain("mode mention_only");
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id: 42n } })).triggerMode).toBe("mention_only");
  });

  it("sets and changes a per-repository override, stored lower-cased", async () => {
    expect((await run("trigger", "set", "42", "auto_once", "--repo", "Acme/Payments")).code).toBe(0);
    expect((await run("trigger", "set", "42", "auto", "--repo", "acme/payments")).code).toBe(0);
    expect(await db.prisma.repositoryTriggerOverride.findMany({ select: { repoFullName: true, mode: true } })).toEqual([{ repoFullName: "acme/payments", mode: "auto" }]);
  });

  it("refuses bad input with exit code 2 and an unknown installation with 1, changing nothing", async () => {
    for (const args of [["trigger", "set", "42", "sometimes"], ["trigger", "set", "42"], ["trigger", "set", "x", "auto"], ["trigger", "set", "42", "auto", "--repo", "no-slash"]]) {
      const result = await run(...args);
      expect(result.code).toBe(2);
    }
    expect((await run("trigger", "set", "99", "auto")).code).toBe(1);
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id: 42n } })).triggerMode).toBe("mention_only");
  });
});
