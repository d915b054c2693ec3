// A fair queue: installations take turns, one worker runs at most one job of an installation at a
// time (GitHub paces each installation's writes, so more would only wait), REVIEW_CONCURRENCY jobs
// run at once, a long review keeps its lease, and superseded work is dropped before it is claimed.
import { afterEach, describe, expect, it } from "@jest/globals";
import { pino } from "pino";
import { review as engineReview } from "../../src/engine/index.js";
import type { ReviewFunction } from "../../src/engine/types.js";
import { createGitHubSide } from "../../src/github/index.js";
import { createHarness, INSTALLATION_ID, REPO, testOptions, testProbot, type Harness, type HarnessOptions } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN, FILES_WITH_FINDINGS } from "./support/fixtures.js";

const sha = (c: string) => c.repeat(40);
const OTHER = { installationId: 4242, repositoryId: 777001, fullName: "Other-Org/service" };
const THIRD = { installationId: 4343, repositoryId: 777002, fullName: "Third-Org/app" };
const FIRST = { installationId: INSTALLATION_ID, repositoryId: 186853002, fullName: REPO };
type Installation = typeof FIRST;
/** Several reviews per test: room for a machine shared with other work. */
const SLOW_MS = 120_000;

let harnesses: Harness[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const h of harnesses) expect(h.github.violations).toEqual([]);
  for (const h of harnesses.reverse()) await h.close();
  harnesses = [];
});
async function harness(options: HarnessOptions = {}) {
  const h = await createHarness(options);
  harnesses.push(h);
  return h;
}

/** GitHub's pull_request example, moved to another installation's repository. */
function pullIn(installation: Installation, action: "opened" | "synchronize", number: number, headSha: string) {
  const payload = pullRequestPayload(action, { number, headSha, installationId: installation.installationId });
  const [owner, name] = installation.fullName.split("/") as [string, string];
  payload.repository.id = installation.repositoryId;
  payload.repository.full_name = installation.fullName;
  payload.repository.name = name;
  payload.repository.owner.login = owner;
  return payload;
}

async function open(h: Harness, installation: Installation, number: number, files = FILES_CLEAN) {
  const headSha = (number * 7919).toString(16).padStart(40, "0");
  h.github.setPull(installation.fullName, { number, headSha, files });
  await h.receive("pull_request", pullIn(installation, "opened", number, headSha));
}

/** Waits for a condition the background worker brings about; the test's timeout bounds it. */
async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("a fair review queue", () => {
  it("takes installations in turn, oldest turn first, however much one of them queued first", async () => {
    const h = await harness();
    for (const number of [1, 2, 3]) await open(h, FIRST, number);
    for (const number of [1, 2]) await open(h, OTHER, number);
    await open(h, THIRD, 1);
    const order: string[] = [];
    for (let result = await h.side.queue.processNext(); result; result = await h.side.queue.processNext()) {
      order.push(`${result.job.repoFullName}#${result.job.pullNumber}`);
    }
    expect(order).toEqual([`${REPO}#1`, `${OTHER.fullName}#1`, `${THIRD.fullName}#1`, `${REPO}#2`, `${OTHER.fullName}#2`, `${REPO}#3`]);
    expect(h.github.checkRuns.filter((r) => r.conclusion === "success")).toHaveLength(6);
  }, SLOW_MS);

  it("runs REVIEW_CONCURRENCY jobs at once but never two of one installation in one worker", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const runningNow = new Map<string, number>();
    let mostOfOneInstallation = 0;
    const gatedReview: ReviewFunction = async (input, configuration, options) => {
      started.push(input.repository);
      const count = (runningNow.get(input.repository) ?? 0) + 1;
      runningNow.set(input.repository, count);
      mostOfOneInstallation = Math.max(mostOfOneInstallation, count);
      await gate;
      runningNow.set(input.repository, count - 1);
      return engineReview(input, configuration, options);
    };
    const h = await harness({ review: gatedReview, worker: { concurrency: 2, pollMs: 20 } });
    for (const number of [1, 2, 3]) await open(h, FIRST, number);
    h.side.start(h.probot);
    await until(() => started.length === 1);
    // A second slot is free, but the only waiting work belongs to the installation already running.
    await open(h, OTHER, 1);
    await until(() => started.length === 2);
    expect(started).toEqual([REPO, OTHER.fullName]);
    expect(h.side.queue.runningJobs().map((job) => Number(job.installationId)).sort()).toEqual([OTHER.installationId, FIRST.installationId].sort());
    release();
    await until(async () => (await h.db.prisma.reviewJob.count({ where: { status: "completed", attempts: 1 } })) === 4);
    expect(mostOfOneInstallation).toBe(1);
    expect(h.github.checkRuns.filter((r) => r.conclusion === "success")).toHaveLength(4);
  }, SLOW_MS);

  it("renews the lease of a long review, so another instance does not take it over", async () => {
    let reviewing = false;
    let finish!: () => void;
    const slowReview: ReviewFunction = async (input, configuration, options) => {
      reviewing = true;
      await new Promise<void>((resolve) => (finish = resolve));
      return engineReview(input, configuration, options);
    };
    const leaseMs = 150;
    const h = await harness({ review: slowReview, worker: { leaseMs } });
    const other = createGitHubSide({ db: h.db, log: pino({ level: "silent" }), options: testOptions(), worker: { leaseMs } });
    await testProbot().load(other.appFn);
    cleanups.push(() => other.stop());
    await open(h, FIRST, 12, FILES_WITH_FINDINGS);

    const first = h.side.queue.processNext();
    await until(() => reviewing);
    // Several lease lengths pass while the review runs; the other instance keeps trying to claim.
    const deadline = Date.now() + 6 * leaseMs;
    while (Date.now() < deadline) {
      expect(await other.queue.processNext()).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, leaseMs / 3));
    }
    finish();
    expect((await first)?.outcome).toMatchObject({ kind: "published", outcome: "findings" });
    expect(h.github.reviews).toHaveLength(1);
    expect(await h.db.prisma.reviewJob.findFirstOrThrow()).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("drops a pull request's older queued jobs before any is claimed: a burst of pushes costs one review", async () => {
    const h = await harness();
    const heads = ["a", "b", "c", "d", "e"].map(sha);
    h.github.setPull(REPO, { number: 20, headSha: heads.at(-1)!, files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 20, headSha: heads[0] }));
    for (const headSha of heads.slice(1)) await h.receive("pull_request", pullRequestPayload("synchronize", { number: 20, headSha }));
    expect(await h.db.prisma.reviewJob.count({ where: { status: "queued" } })).toBe(1);

    expect(await h.drain()).toBe(1);
    expect(h.github.checkRuns.map((r) => [r.head_sha, r.conclusion])).toEqual([[heads.at(-1), "neutral"]]);
    expect(h.github.reviews).toHaveLength(1);
    const jobs = await h.db.prisma.reviewJob.findMany({ orderBy: { createdAt: "asc" } });
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([
      ["superseded", 0],
      ["superseded", 0],
      ["superseded", 0],
      ["superseded", 0],
      ["completed", 1],
    ]);
    // The opened trigger survives in the job that ran (auto_once still reviews it).
    expect(jobs.at(-1)!.trigger).toBe("opened");
  });
});
