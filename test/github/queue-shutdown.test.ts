// The worker's side of a shutdown: stop() claims nothing more on any path, gives a running job
// its grace, then hands it back (queued, attempt not counted, check run left in progress) and
// makes the released job's later GitHub calls fail, so nothing of it lands after the hand-back.
import { afterEach, describe, expect, it } from "@jest/globals";
import { review as engineReview } from "../../src/engine/index.js";
import type { ReviewFunction } from "../../src/engine/types.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";
import { createHarness, REPO, type Harness, type HarnessOptions } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_WITH_FINDINGS } from "./support/fixtures.js";

const sha = (c: string) => c.repeat(40);
let harnesses: Harness[] = [];
const databases: Database[] = [];
afterEach(async () => {
  for (const h of harnesses) expect(h.github.violations).toEqual([]);
  for (const h of harnesses.splice(0).reverse()) await h.close({ keepDatabase: true });
  for (const db of databases.splice(0)) await db.close();
});
async function harness(options: HarnessOptions = {}) {
  const h = await createHarness(options);
  harnesses.push(h);
  if (!databases.includes(h.db)) databases.push(h.db);
  return h;
}

describe("stopping the review worker", () => {
  it("hands a job back when the stop comes while it is being claimed", async () => {
    const h = await harness();
    h.github.setPull(REPO, { number: 1, headSha: sha("a"), files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 1, headSha: sha("a") }));
    const claiming = h.side.queue.processNext();
    await h.side.stop(50);
    expect(await claiming).toBeUndefined();
    expect(await h.side.queue.processNext()).toBeUndefined();
    expect(await h.db.prisma.reviewJob.findFirstOrThrow()).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
    expect(h.github.requests).toEqual([]);
  });

  it("releases a job still running after the grace; the released job writes nothing more and the next worker completes it in the same check run", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reviewing = false;
    const stuckReview: ReviewFunction = async (input, configuration, options) => {
      reviewing = true;
      await gate;
      return engineReview(input, configuration, options);
    };
    const db = await createTestDatabase();
    const first = await harness({ db, review: stuckReview });
    first.github.setPull(REPO, { number: 2, headSha: sha("b"), files: FILES_WITH_FINDINGS });
    await first.receive("pull_request", pullRequestPayload("opened", { number: 2, headSha: sha("b") }));
    await first.receive("pull_request", pullRequestPayload("opened", { number: 3, headSha: sha("c") }));
    first.side.start(first.probot);
    while (!reviewing) await new Promise((resolve) => setTimeout(resolve, 10));

    await first.side.stop(100);
    const jobs = await db.prisma.reviewJob.findMany({ orderBy: { pullNumber: "asc" } });
    expect(jobs.map((j) => [j.pullNumber, j.status, j.attempts, j.lockedBy])).toEqual([
      [2, "queued", 0, null],
      [3, "queued", 0, null],
    ]);
    expect(jobs[0]!.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    // The engine finishes after the hand-back: none of its results reach GitHub.
    const callsAtRelease = first.github.requests.length;
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(first.github.requests.length).toBe(callsAtRelease);
    expect(first.github.reviews).toEqual([]);
    expect(first.github.checkRuns.map((r) => [r.head_sha, r.status])).toEqual([[sha("b"), "in_progress"]]);
    expect(await db.prisma.reviewJob.findFirstOrThrow({ where: { pullNumber: 2 } })).toMatchObject({ status: "queued", attempts: 0 });

    // The next worker (another instance or the next start) takes it over at once.
    await first.close({ keepDatabase: true });
    harnesses = harnesses.filter((h) => h !== first);
    const second = await harness({ db });
    second.github.setPull(REPO, { number: 2, headSha: sha("b"), files: FILES_WITH_FINDINGS });
    second.github.setPull(REPO, { number: 3, headSha: sha("c"), files: FILES_WITH_FINDINGS });
    second.github.checkRuns.push({ ...first.github.checkRuns[0]!, history: ["in_progress"] });
    expect(await second.drain()).toBe(2);
    expect(second.github.checkRuns.map((r) => [r.head_sha, r.status, r.conclusion])).toEqual([
      [sha("b"), "completed", "neutral"],
      [sha("c"), "completed", "neutral"],
    ]);
    expect(second.github.reviews.map((r) => r.pullNumber)).toEqual([2, 3]);
    expect((await db.prisma.reviewJob.findMany()).map((j) => [j.status, j.attempts])).toEqual([
      ["completed", 1],
      ["completed", 1],
    ]);
  });
});
