// `clearance queue`: the backlog per installation, its oldest wait, what runs, and failures.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../src/storage/open-database.js";
import { cliRunner } from "../support/cli-harness.js";
import { createTestDatabase } from "../support/database.js";

const NOW = new Date("2026-11-22T10:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
let db: Database;
let run: ReturnType<typeof cliRunner>;
beforeAll(async () => {
  db = await createTestDatabase();
  run = cliRunner(db, { now: NOW });
});
afterAll(async () => db.close());

async function job(installationId: bigint, pullNumber: number, data: { status: string; createdAt: Date; attempts?: number; lockedUntil?: Date; lastError?: string }) {
  await db.prisma.reviewJob.create({
    data: { installationId, repositoryId: installationId * 10n, repoFullName: `org${installationId}/repo`, pullNumber, headSha: "a".repeat(40), trigger: "opened", runAfter: data.createdAt, ...data },
  });
}

describe("clearance queue", () => {
  it("says so when nothing waits", async () => {
    const result = await run("queue");
    expect(result).toMatchObject({ code: 0, stdout: ["The review queue is empty."] });
  });

  it("shows queued and running jobs per installation, the oldest wait first, retries, stalls and failures", async () => {
    await run("installation", "add", "101", "--account", "burst-org");
    for (let n = 1; n <= 3; n++) await job(101n, n, { status: "queued", createdAt: ago(3_725_000) });
    await job(101n, 4, { status: "running", createdAt: ago(3_800_000), attempts: 1, lockedUntil: new Date(NOW.getTime() + 60_000) });
    await job(202n, 1, { status: "queued", createdAt: ago(42_000), attempts: 1, lastError: "GitHub answered 502" });
    await job(202n, 2, { status: "running", createdAt: ago(90_000), attempts: 1, lockedUntil: ago(1_000) });
    // Written last: the newest error is the one shown.
    await job(202n, 3, { status: "failed", createdAt: ago(100_000), attempts: 3, lastError: "GitHub answered 502\n(three times)" });
    await job(202n, 4, { status: "completed", createdAt: ago(100_000), attempts: 1 });

    const result = await run("queue");
    expect(result.code).toBe(0);
    expect(result.stdout.map((line) => line.split(/\s{2,}/))).toEqual([
      ["INSTALLATION", "ACCOUNT", "QUEUED", "RUNNING", "STALLED", "RETRYING", "FAILED 24H", "OLDEST WAIT"],
      ["101", "burst-org", "3", "1", "0", "0", "0", "1h 2m"],
      ["202", "(unknown)", "1", "1", "1", "1", "1", "42s"],
      ["4 queued, 2 running across 2 installations."],
      ["last error, installation 202: GitHub answered 502 (three times)"],
    ]);

    const json = await run("queue", "--json");
    expect(JSON.parse(json.stdout.join(""))).toEqual({
      installations: [
        { installation_id: 101, account: "burst-org", queued: 3, running: 1, stalled: 0, retrying: 0, failed_last_day: 0, oldest_wait_seconds: 3725, last_error: null },
        { installation_id: 202, account: null, queued: 1, running: 1, stalled: 1, retrying: 1, failed_last_day: 1, oldest_wait_seconds: 42, last_error: "GitHub answered 502\n(three times)" },
      ],
    });
  });

  it("refuses unknown options and arguments with exit code 2", async () => {
    expect((await run("queue", "--all")).code).toBe(2);
    expect((await run("queue", "101")).code).toBe(2);
  });
});
