// A job that dies after GitHub has its review (or its check run) but before the database knows
// it: the attempt that resumes it finds the App's own review on that head, by this job's marker,
// and the App's own check run, and reuses both; nothing is posted twice. What counts is checked:
// another App's review or check run, or another job's review, is never taken for this job's.
import { beforeEach, describe, expect, it } from "@jest/globals";
import { checkRunExternalId } from "../../src/github/publish/check-run.js";
import { reviewMarker } from "../../src/github/publish/find-posted-review.js";
import { findingMarker } from "../../src/github/review/place-inline-comments.js";
import { readPostedFindings } from "../../src/github/review/posted-findings.js";
import { claimOrganisation, useFileDatabase, REPO, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_WITH_FINDINGS } from "./support/fixtures.js";
import { CLEARANCE_APP_ID } from "./support/fake-github.js";

const SHA = "e".repeat(40);
const NUMBER = 40;
const createHarness = useFileDatabase();
let h: Harness;
let clock: Date;

beforeEach(async () => {
  clock = new Date();
  h = await createHarness({ now: () => clock });
  await claimOrganisation(h.db);
  h.github.setPull(REPO, { number: NUMBER, headSha: SHA, files: FILES_WITH_FINDINGS });
});

/** The pull request's saved state: which findings carry an inline comment. */
async function inlineFindings(): Promise<string[]> {
  const state = await h.db.prisma.pullRequestState.findFirstOrThrow();
  return Object.entries(readPostedFindings(state.postedFindings))
    .filter(([, f]) => f.inline)
    .map(([fingerprint]) => fingerprint)
    .sort();
}

/** Runs the review once, with the summary comment failing: the review is on GitHub, the state never saved. */
async function postThenFailBeforeSaving() {
  await h.receive("pull_request", pullRequestPayload("opened", { number: NUMBER, headSha: SHA }));
  h.github.failures.set("issues/create-comment", { status: 502, times: 1 });
  expect(await h.drain()).toBe(1);
  expect(h.github.reviews).toHaveLength(1);
  expect(await h.db.prisma.pullRequestState.count()).toBe(0);
  return h.db.prisma.reviewJob.findFirstOrThrow();
}

/** The same job as kill -9 leaves it mid-review: running, its worker's lease run out. */
async function leaveAsAfterKill(jobId: string, data: { checkRunId?: bigint | null } = {}) {
  await h.db.prisma.reviewJob.update({ where: { id: jobId }, data: { status: "running", lockedBy: "dead-worker", lockedUntil: clock, ...data } });
  clock = new Date(clock.getTime() + 3_600_000);
}

describe("a resumed review job", () => {
  it("reuses the review its failed attempt posted: one review, one summary, one check run", async () => {
    const job = await postThenFailBeforeSaving();
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    const posted = h.github.reviews[0]!.comments.map((c) => /clearance:finding:([0-9a-f]+)/.exec(c.body)![1]!).sort();

    clock = new Date(clock.getTime() + 3_600_000); // past the retry's back-off
    expect(await h.drain()).toBe(1);
    expect(h.github.reviews).toHaveLength(1);
    expect(h.github.comments).toHaveLength(1);
    expect(h.github.checkRuns.map((r) => [r.status, r.conclusion])).toEqual([["completed", "neutral"]]);
    expect(await h.db.prisma.reviewJob.findFirstOrThrow()).toMatchObject({ status: "completed", attempts: 2 });
    // The findings of the reused review are known as commented on: a later push does not comment them again.
    expect(await inlineFindings()).toEqual(posted);
    expect(posted).toHaveLength(2);
  });

  it("after kill -9 before the check run's id was saved, reuses that check run and the posted review", async () => {
    const job = await postThenFailBeforeSaving();
    await leaveAsAfterKill(job.id, { checkRunId: null });
    h.github.resetLog();

    expect(await h.drain()).toBe(1);
    expect(h.github.callsOf("checks/create")).toHaveLength(0);
    expect(h.github.callsOf("checks/list-for-ref").map((r) => new URLSearchParams(r.query).get("app_id"))).toEqual([String(CLEARANCE_APP_ID)]);
    expect(h.github.callsOf("pulls/create-review")).toHaveLength(0);
    expect(h.github.checkRuns).toHaveLength(1);
    expect(h.github.checkRuns[0]).toMatchObject({ external_id: checkRunExternalId(job.id), status: "completed", conclusion: "neutral" });
    expect(h.github.reviews).toHaveLength(1);
    expect(h.github.comments).toHaveLength(1);
    expect(await h.db.prisma.reviewJob.findFirstOrThrow()).toMatchObject({ status: "completed", checkRunId: BigInt(h.github.checkRuns[0]!.id) });
  });

  it("takes no other App's review or check run, nor another job's review, for its own", async () => {
    await h.receive("pull_request", pullRequestPayload("opened", { number: NUMBER, headSha: SHA }));
    const job = await h.db.prisma.reviewJob.findFirstOrThrow();
    // An earlier attempt ran (attempts 1) and saved no check run; GitHub holds look-alikes only.
    await h.db.prisma.reviewJob.update({ where: { id: job.id }, data: { attempts: 1 } });
    const lookAlike = (body: string, appId: number) => ({
      id: 9000 + h.github.reviews.length,
      repo: REPO.toLowerCase(),
      pullNumber: NUMBER,
      event: "COMMENT",
      body,
      commit_id: SHA,
      comments: [{ path: "src/app.ts", line: 2, body: findingMarker("0123456789abcdef01234567") }],
      appId,
    });
    h.github.reviews.push(lookAlike(`quoted\n\n${reviewMarker(job.id)}`, 2), lookAlike(`an earlier job's\n\n${reviewMarker("another-job")}`, CLEARANCE_APP_ID));
    h.github.checkRuns.push({ id: 9100, name: "Clearance", head_sha: SHA, status: "in_progress", history: ["in_progress"], external_id: checkRunExternalId(job.id), appId: 2 });

    expect(await h.drain()).toBe(1);
    expect(h.github.callsOf("checks/list-for-ref")).toHaveLength(1);
    expect(h.github.callsOf("checks/create")).toHaveLength(1);
    expect(h.github.checkRuns.find((r) => r.id === 9100)).toMatchObject({ status: "in_progress" });
    expect(h.github.reviews).toHaveLength(3);
    expect(h.github.reviews[2]!.body).toContain(reviewMarker(job.id));
    expect(await inlineFindings()).toHaveLength(2);
  });

  it("looks for nothing on a first attempt", async () => {
    await h.receive("pull_request", pullRequestPayload("opened", { number: NUMBER, headSha: SHA }));
    expect(await h.drain()).toBe(1);
    expect(h.github.callsOf("checks/list-for-ref")).toHaveLength(0);
    expect(h.github.callsOf("graphql").filter((r) => /reviews\(/.test((r.body as { query: string }).query))).toHaveLength(0);
    expect(h.github.reviews).toHaveLength(1);
  });
});
