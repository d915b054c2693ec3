import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { verifyApiKey } from "../../src/domain/api-keys.js";
import type { Database } from "../../src/storage/open-database.js";
import { cliRunner } from "../support/cli-harness.js";
import { createTestDatabase } from "../support/database.js";

let db: Database;
let run: ReturnType<typeof cliRunner>;
const clock = { now: new Date("2026-11-22T10:00:00Z") };
beforeAll(async () => {
  db = await createTestDatabase();
  run = cliRunner(db, clock);
});
afterAll(async () => db.close());

describe("clearance installation add and claim", () => {
  it("records an installation and claims it, starting the trial", async () => {
    expect((await run("installation", "add", "42", "--account", "acme")).code).toBe(0);
    const claimed = await run("claim", "42");
    expect(claimed.code).toBe(0);
    expect(claimed.stdout.join("\n")).toContain("trial until 2026-12-06T10:00:00.000Z");
    const installation = await db.prisma.installation.findUniqueOrThrow({ where: { id: 42n }, include: { organisation: { include: { configuration: true } } } });
    expect(installation.accountType).toBe("Organization");
    expect(installation.trialStartedAt).toEqual(clock.now);
    expect(installation.organisation?.configuration?.reviewLanguage).toBe("en");
  });

  it("records a user installation with --type User", async () => {
    expect((await run("installation", "add", "43", "--account", "octocat", "--type", "User")).code).toBe(0);
    expect((await db.prisma.installation.findUniqueOrThrow({ where: { id: 43n } })).accountType).toBe("User");
  });

  it("refuses bad input clearly with exit code 2, changing nothing", async () => {
    const cases = [
      ["installation", "add", "abc", "--account", "acme"],
      ["installation", "add", "44"],
      ["installation", "add", "44", "--account", "acme", "--type", "Team"],
      ["installation", "add", "44", "--account", "-bad-"],
      ["installation", "add", "44", "--account", "acme", "--colour", "red"],
      ["claim"],
      ["claim", "0"],
      ["key", "create", "42", "--scope", "admin"],
      ["key", "create", "42", "--expires-in", "-5"],
      ["key", "create", "42", "--expires-in", "1.5"],
    ];
    for (const argv of cases) {
      const result = await run(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.stderr).toMatch(/^clearance: [^]+\nusage: clearance /);
    }
    expect(await db.prisma.installation.findUnique({ where: { id: 44n } })).toBeNull();
  });

  it("refuses what the rules forbid with exit code 1 and a message", async () => {
    const unknown = await run("claim", "999");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No installation 999");
    const twice = await run("claim", "42");
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("already claimed");
  });

  it("prints usage: on stderr with exit code 2 for no command, on stdout with 0 for help; refuses an unknown command", async () => {
    const bare = await run();
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^usage: clearance <command>/);
    expect(bare.stderr).toContain("clearance key create");
    for (const help of [["--help"], ["-h"], ["help"]]) {
      const result = await run(...help);
      expect(result.code).toBe(0);
      expect(result.stdout.join("\n")).toMatch(/^usage: clearance <command>[^]*clearance key revoke/);
    }
    const commandHelp = await run("key", "create", "--help");
    expect(commandHelp.code).toBe(0);
    expect(commandHelp.stdout.join("\n")).toContain("usage: clearance key create <installation-id>");
    const unknown = await run("frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    expect(unknown.stderr).toContain("clearance key create");
  });

  it("claiming an unknown installation gives the same hint as the other commands", async () => {
    const claim = await run("claim", "991");
    const trigger = await run("trigger", "set", "991", "auto");
    expect(claim.code).toBe(1);
    expect(claim.stderr).toBe(trigger.stderr);
    expect(claim.stderr).toContain('add it with "clearance installation add"');
  });

  it("answers a negative or malformed --expires-in with a plain message", async () => {
    for (const value of ["-5", "-1.5", "abc", "1e3", "0"]) {
      const result = await run("key", "create", "42", "--expires-in", value);
      expect({ value, code: result.code }).toEqual({ value, code: 2 });
      expect(result.stderr).toContain(`--expires-in must be a positive whole number of seconds (for example 86400 for a day), got "${value}"`);
      expect(result.stderr).not.toContain("ambiguous");
    }
  });
});

describe("clearance key", () => {
  it("creates a key with both scopes by default, printed alone on the last line, once", async () => {
    const result = await run("key", "create", "42", "--name", "ci");
    expect(result.code).toBe(0);
    const key = result.stdout.at(-1)!;
    expect(key).toMatch(/^clr_[A-Za-z0-9_-]{43}$/);
    expect(result.stdout.slice(0, -1).join("\n")).not.toContain(key);
    const check = await verifyApiKey(db.sql, key, clock.now);
    expect(check).toMatchObject({ ok: true, scopes: ["config:read", "config:write"] });
    const listing = await run("key", "list", "42");
    expect(listing.stdout.join("\n")).not.toContain(key);
    expect(listing.stdout.join("\n")).toContain(key.slice(0, 10));
  });

  it("creates a read-only key that expires", async () => {
    const result = await run("key", "create", "42", "--scope", "config:read", "--expires-in", "3600");
    const check = await verifyApiKey(db.sql, result.stdout.at(-1)!, clock.now);
    expect(check).toMatchObject({ ok: true, scopes: ["config:read"] });
    expect(await verifyApiKey(db.sql, result.stdout.at(-1)!, new Date(clock.now.getTime() + 3_600_000))).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a key for an unclaimed installation", async () => {
    await run("installation", "add", "50", "--account", "bare");
    const result = await run("key", "create", "50");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("not claimed");
    expect(result.stdout).toEqual([]);
  });

  it("revokes by key id and by the key itself, and lists the state", async () => {
    const first = (await run("key", "create", "42")).stdout.at(-1)!;
    const second = (await run("key", "create", "42")).stdout.at(-1)!;
    const firstCheck = await verifyApiKey(db.sql, first);
    if (!firstCheck.ok) throw new Error("expected a valid key");
    expect((await run("key", "revoke", firstCheck.keyId)).code).toBe(0);
    expect((await run("key", "revoke", second)).code).toBe(0);
    expect(await verifyApiKey(db.sql, first)).toEqual({ ok: false, reason: "revoked" });
    expect(await verifyApiKey(db.sql, second)).toEqual({ ok: false, reason: "revoked" });
    expect((await run("key", "list", "42")).stdout.filter((l) => l.includes("revoked")).length).toBe(2);
    const unknown = await run("key", "revoke", "clr_" + "z".repeat(43));
    expect(unknown.code).toBe(1);
  });

  it("says so when a key was already revoked, and changes nothing", async () => {
    const key = (await run("key", "create", "42")).stdout.at(-1)!;
    const first = await run("key", "revoke", key);
    expect(first.stdout[0]).toMatch(/^Revoked API key /);
    const revokedAt = clock.now.toISOString();
    clock.now = new Date(clock.now.getTime() + 60_000);
    const again = await run("key", "revoke", key);
    expect(again.code).toBe(0);
    expect(again.stdout).toEqual([expect.stringMatching(new RegExp(`^API key \\S+ \\(clr_\\S+…\\) was already revoked at ${revokedAt.replace(/\./g, "\\.")}; nothing changed\\.$`))]);
  });
});

describe("the audit trail of operator actions", () => {
  it("records the claim, every key created and every key revoked, never the key itself", async () => {
    await run("installation", "add", "60", "--account", "audited");
    await run("claim", "60");
    const key = (await run("key", "create", "60", "--scope", "config:read", "--name", "reporting")).stdout.at(-1)!;
    await run("key", "revoke", key);
    await run("key", "revoke", key); // a second revocation changes nothing and records nothing
    const organisation = await db.prisma.organisation.findUniqueOrThrow({ where: { installationId: 60n } });
    const records = await db.prisma.auditRecord.findMany({ where: { organisationId: organisation.id } });
    expect(records.map((r) => `${r.actor} ${r.action}`).sort()).toEqual(["cli api_key.create", "cli api_key.revoke", "cli installation.claim"]);
    expect(records.find((r) => r.action === "api_key.create")!.after).toMatchObject({ scopes: ["config:read"], name: "reporting", expires_at: null });
    expect(JSON.stringify(records)).not.toContain(key.slice(10));
  });
});
