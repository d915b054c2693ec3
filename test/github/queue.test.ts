// The queue: redeliveries do nothing twice, a newer head supersedes older work (never a stale
// review), and queued or half-done work survives a restart.
import { afterEach, describe, expect, it } from "@jest/globals";
import { review as engineReview } from "../../src/engine/index.js";
import type { ReviewFunction } from "../../src/engine/types.js";
import { pino } from "pino";
import { createGitHubSide } from "../../src/github/index.js";
import { claimReviewJob } from "../../src/github/queue/claim-review-job.js";
import { createTestDatabase } from "../support/database.js";
import { claimOrganisation, createHarness, REPO, testOptions, testProbot, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN, FILES_WITH_FINDINGS } from "./support/fixtures.js";

const sha = (c: string) => c.repeat(40);
let harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses) expect(h.github.violations).toEqual([]);
  for (const h of harnesses.reverse()) await h.close();
  harnesses = [];
});
async function harness(options: Parameters<typeof createHarness>[0] = {}) {
  const h = await createHarness(options);
  harnesses.push(h);
  return h;
}

describe("the review queue", () => {
  it("does nothing twice for a redelivered webhook (same X-GitHub-Delivery)", async () => {
    const h = await harness();
    h.github.setPull(REPO, { number: 5, headSha: sha("a"), files: FILES_CLEAN });
    const payload = pullRequestPayload("opened", { number: 5, headSha: sha("a") });
    await h.receive("pull_request", payload, "delivery-1");
    await h.receive("pull_request", payload, "delivery-1");
    expect(await h.db.prisma.reviewJob.count()).toBe(1);
    expect(await h.drain()).toBe(1);
    expect(h.github.checkRuns).toHaveLength(1);
  });

  it("ends concurrent pushes with exactly one completed review, of the newest head", async () => {
    const h = await harness();
    h.github.setPull(REPO, { number: 6, headSha: sha("c"), files: FILES_WITH_FINDINGS });
    await Promise.all([
      h.receive("pull_request", pullRequestPayload("opened", { number: 6, headSha: sha("a") })),
      h.receive("pull_request", pullRequestPayload("synchronize", { number: 6, headSha: sha("b") })),
      h.receive("pull_request", pullRequestPayload("synchronize", { number: 6, headSha: sha("c") })),
    ]);
    await h.drain();
    expect(h.github.checkRuns.filter((r) => r.status === "completed").map((r) => r.head_sha)).toEqual([sha("c")]);
    expect(h.github.reviews.map((r) => r.commit_id)).toEqual([sha("c")]);
    expect(h.github.comments).toHaveLength(1);
    expect(await h.db.prisma.reviewJob.groupBy({ by: ["status"], _count: true, orderBy: { status: "asc" } })).toEqual([
      { status: "completed", _count: 1 },
      { status: "superseded", _count: 2 },
    ]);
  });

  it("keeps an opened review under auto_once when a push supersedes it before it ran", async () => {
    const h = await harness();
    await claimOrganisation(h.db);
    await h.db.prisma.installation.updateMany({ data: { triggerMode: "auto_once" } });
    h.github.setPull(REPO, { number: 7, headSha: sha("b"), files: FILES_CLEAN });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 7, headSha: sha("a") }));
    await h.receive("pull_request", pullRequestPayload("synchronize", { number: 7, headSha: sha("b") }));
    await h.drain();
    expect(h.github.checkRuns.map((r) => [r.head_sha, r.conclusion])).toEqual([[sha("b"), "success"]]);
  });

  it("never lands a review of an older head that a push overtook while it ran", async () => {
    let h!: Harness;
    let pushed = false;
    // The push arrives while the engine works on the first head.
    const reviewDuringPush: ReviewFunction = async (input, configuration, options) => {
      if (!pushed) {
        pushed = true;
        h.github.setPull(REPO, { number: 8, headSha: sha("b") });
        await h.receive("pull_request", pullRequestPayload("synchronize", { number: 8, headSha: sha("b") }));
      }
      return engineReview(input, configuration, options);
    };
    h = await harness({ review: reviewDuringPush });
    h.github.setPull(REPO, { number: 8, headSha: sha("a"), files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 8, headSha: sha("a") }));
    await h.drain();
    expect(h.github.checkRuns.map((r) => [r.head_sha, r.conclusion, r.output?.title])).toEqual([
      [sha("a"), "neutral", "Superseded by a newer review"],
      [sha("b"), "neutral", "2 compliance findings"],
    ]);
    expect(h.github.reviews.map((r) => r.commit_id)).toEqual([sha("b")]);
    expect(h.github.comments).toHaveLength(1);
    expect(h.github.comments[0]!.body).toContain("Commit `bbbbbbb`");
  });

  it("closes the check run of a review that fails after a push superseded it, without retrying it", async () => {
    let h!: Harness;
    let pushed = false;
    const failAfterPush: ReviewFunction = async (input, configuration, options) => {
      if (!pushed) {
        pushed = true;
        h.github.setPull(REPO, { number: 9, headSha: sha("b") });
        await h.receive("pull_request", pullRequestPayload("synchronize", { number: 9, headSha: sha("b") }));
        throw new Error("the engine crashed");
      }
      return engineReview(input, configuration, options);
    };
    h = await harness({ review: failAfterPush });
    h.github.setPull(REPO, { number: 9, headSha: sha("a"), files: FILES_CLEAN });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 9, headSha: sha("a") }));
    await h.drain();
    expect(h.github.checkRuns.map((r) => [r.head_sha, r.status, r.conclusion, r.output?.title])).toEqual([
      [sha("a"), "completed", "neutral", "Superseded by a newer review"],
      [sha("b"), "completed", "success", expect.any(String)],
    ]);
    const jobs = await h.db.prisma.reviewJob.findMany({ orderBy: { createdAt: "asc" } });
    expect(jobs.map((j) => [j.headSha, j.status, j.attempts])).toEqual([
      [sha("a"), "superseded", 1],
      [sha("b"), "completed", 1],
    ]);
  });

  it("shares the queue between instances: each pull request is reviewed once, by one of them", async () => {
    const h = await harness();
    // A second app instance on the same database, with its own worker.
    const second = createGitHubSide({ db: h.db, log: pino({ level: "silent" }), options: testOptions(), admitReview: async () => ({ admitted: true, kind: "public", plan: "free", period: "2026-11" }) });
    await testProbot().load(second.appFn);
    try {
      const numbers = [31, 32, 33, 34, 35, 36];
      for (const number of numbers) {
        h.github.setPull(REPO, { number, headSha: sha(String(number % 10)), files: FILES_WITH_FINDINGS });
        await h.receive("pull_request", pullRequestPayload("opened", { number, headSha: sha(String(number % 10)) }));
      }
      const [first, other] = await Promise.all([h.drain(), second.queue.drain()]);
      expect(first + other).toBe(numbers.length);
      expect(h.github.checkRuns.filter((r) => r.status === "completed")).toHaveLength(numbers.length);
      expect(h.github.reviews.map((r) => r.pullNumber).sort()).toEqual(numbers);
      expect(await h.db.prisma.reviewJob.count({ where: { status: "completed", attempts: 1 } })).toBe(numbers.length);
    } finally {
      await second.stop();
    }
  });

  it("resumes queued work after a restart", async () => {
    const db = await createTestDatabase();
    const first = await createHarness({ db });
    first.github.setPull(REPO, { number: 9, headSha: sha("a"), files: FILES_CLEAN });
    await first.receive("pull_request", pullRequestPayload("opened", { number: 9, headSha: sha("a") }));
    await first.close({ keepDatabase: true }); // stopped before the worker ran
    const second = await harness({ db });
    second.github.setPull(REPO, { number: 9, headSha: sha("a"), files: FILES_CLEAN });
    expect(await second.drain()).toBe(1);
    expect(second.github.checkRuns.map((r) => r.conclusion)).toEqual(["success"]);
  });

  it("takes over a job whose worker died mid-review once its lease ran out, reusing its check run", async () => {
    const db = await createTestDatabase();
    const first = await createHarness({ db });
    first.github.setPull(REPO, { number: 10, headSha: sha("a"), files: FILES_CLEAN });
    await first.receive("pull_request", pullRequestPayload("opened", { number: 10, headSha: sha("a") }));
    const claimed = await claimReviewJob(db.prisma, "dead-worker", new Date(), 60_000);
    await db.prisma.reviewJob.update({ where: { id: claimed!.id }, data: { checkRunId: 77 } });
    await first.close({ keepDatabase: true });

    const later = new Date(Date.now() + 120_000);
    const second = await harness({ db, now: () => later });
    second.github.setPull(REPO, { number: 10, headSha: sha("a"), files: FILES_CLEAN });
    second.github.checkRuns.push({ id: 77, name: "Clearance", head_sha: sha("a"), status: "in_progress", history: ["in_progress"] });
    expect(await second.drain()).toBe(1);
    expect(second.github.checkRuns).toHaveLength(1);
    expect(second.github.checkRuns[0]).toMatchObject({ id: 77, status: "completed", conclusion: "success" });
  });

  it("retries a review GitHub failed, then reports it as a neutral failed check run", async () => {
    let clock = new Date();
    const h = await harness({ now: () => clock });
    h.github.setPull(REPO, { number: 11, headSha: sha("a"), files: FILES_CLEAN });
    h.github.failures.set("pulls/list-files", { status: 500, times: 3 });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 11, headSha: sha("a") }));
    for (let attempt = 0; attempt < 3; attempt++) {
      await h.drain();
      clock = new Date(clock.getTime() + 3_600_000);
    }
    expect(h.github.checkRuns).toHaveLength(1);
    expect(h.github.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "neutral", output: { title: "Review failed" } });
    expect((await h.db.prisma.reviewJob.findFirstOrThrow()).status).toBe("failed");
  });
});
