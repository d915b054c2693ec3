// `clearance installation list`: what exists, for operators.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../src/storage/open-database.js";
import { cliRunner } from "../support/cli-harness.js";
import { createTestDatabase } from "../support/database.js";

let db: Database;
let run: ReturnType<typeof cliRunner>;
beforeAll(async () => {
  db = await createTestDatabase();
  run = cliRunner(db, { now: new Date("2026-11-22T10:00:00Z") });
});
afterAll(async () => db.close());

describe("clearance installation list", () => {
  it("says when there is none", async () => {
    const result = await run("installation", "list");
    expect(result.code).toBe(0);
    expect(result.stdout).toEqual(["No installations recorded."]);
  });

  it("lists each installation: account, type, status, claim, plan, mode and repositories", async () => {
    await run("installation", "add", "42", "--account", "acme");
    await run("installation", "add", "43", "--account", "octocat", "--type", "User");
    await run("claim", "42");
    await run("trigger", "set", "43", "mention_only");
    await db.prisma.repository.create({ data: { id: 1n, installationId: 42n, fullName: "acme/api", private: true } });
    const result = await run("installation", "list");
    expect(result.code).toBe(0);
    const rows = result.stdout.map((line) => line.split("\t"));
    expect(rows[0]).toEqual(["installation", "account", "type", "status", "claimed", "plan", "mode", "repositories"]);
    expect(rows.slice(1).sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
      ["42", "acme", "Organization", "active", "2026-11-22T10:00:00.000Z", "trial", "auto", "1"],
      ["43", "octocat", "User", "active", "no", "free", "mention_only", "0"],
    ]);
  });

  it("takes no arguments", async () => {
    expect((await run("installation", "list", "42")).code).toBe(2);
  });
});
