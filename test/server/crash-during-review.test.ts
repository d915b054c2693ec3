// kill -9 during a review: the job survives in the database, and once its lease has run out the
// next start takes it over, reuses the check run the dead process opened, and leaves exactly one
// review on the pull request, also when the process died after posting the review but before
// saving the pull request's state.
import { afterAll, describe, expect, it } from "@jest/globals";
import { StandInGitHub } from "../../bench/support/stand-in-github.js";
import { pullRequestPayload, REPO } from "../github/support/payloads.js";
import { FILES_WITH_FINDINGS } from "../github/support/fixtures.js";
import { serverStore, spawnServer, type ServerStore, type SpawnedServer } from "./support/spawn-server.js";

let github: StandInGitHub | undefined;
let store: ServerStore | undefined;
let server: SpawnedServer | undefined;
afterAll(async () => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill("SIGTERM");
    await server.exited;
  }
  await github?.stop();
  await store?.remove();
});

describe("kill -9 during a review", () => {
  it("leaves exactly one review on the pull request after the restart, in the check run the dead process opened", async () => {
    github = await new StandInGitHub().start();
    store = await serverStore();
    const headSha = "c".repeat(40);
    github.setPull(REPO, 21, { headSha, files: FILES_WITH_FINDINGS });
    // The review is under way (check run opened) when the process dies: its file listing waits.
    const held = github.hold((method, path) => method === "GET" && path.endsWith("/pulls/21/files"));
    server = await spawnServer(store, github.host);
    expect(await server.webhook("pull_request", pullRequestPayload("opened", { number: 21, headSha }))).toBe(200);
    await github.until(() => github!.requests.some((r) => r.path.endsWith("/pulls/21/files")));
    server.process.kill("SIGKILL");
    expect(await server.exited).toMatchObject({ signal: "SIGKILL" });
    github.release(held);
    expect(github.checkRuns.map((r) => [r.headSha, r.status])).toEqual([[headSha, "in_progress"]]);

    // The dead worker's lease would run out after its 5 minutes; here it is moved to now.
    const db = await store.open();
    const [job] = await db.prisma.reviewJob.findMany();
    expect(job).toMatchObject({ status: "running", attempts: 1, checkRunId: BigInt(github.checkRuns[0]!.id) });
    await db.prisma.reviewJob.update({ where: { id: job!.id }, data: { lockedUntil: new Date() } });
    await db.close();

    server = await spawnServer(store, github.host);
    await github.until(() => Boolean(github!.completedCheckRun(REPO, headSha)));
    server.process.kill("SIGTERM");
    expect(await server.exited).toMatchObject({ code: 0 });

    expect(github.reviews.map((r) => [r.pullNumber, r.commitId])).toEqual([[21, headSha]]);
    expect(github.checkRuns.map((r) => [r.headSha, r.status, r.conclusion])).toEqual([[headSha, "completed", "neutral"]]);
    expect(github.comments).toHaveLength(1);
    const after = await store.open();
    expect(await after.prisma.reviewJob.findMany({ select: { status: true, attempts: true } })).toEqual([{ status: "completed", attempts: 2 }]);
    await after.close();
  }, 300_000);

  it("posts no second review when the process died after posting it, before saving the state", async () => {
    const headSha = "d".repeat(40);
    github!.setPull(REPO, 22, { headSha, files: FILES_WITH_FINDINGS });
    // The review is on GitHub; the summary comment (the last write before the state is saved) waits.
    const held = github!.hold((method, path) => method === "POST" && path.endsWith("/issues/22/comments"));
    server = await spawnServer(store!, github!.host);
    expect(await server.webhook("pull_request", pullRequestPayload("opened", { number: 22, headSha }))).toBe(200);
    await github!.until(() => github!.requests.some((r) => r.method === "POST" && r.path.endsWith("/issues/22/comments")));
    server.process.kill("SIGKILL");
    expect(await server.exited).toMatchObject({ signal: "SIGKILL" });
    expect(github!.reviews.filter((r) => r.pullNumber === 22).map((r) => r.commitId)).toEqual([headSha]);
    github!.release(held); // GitHub may well have written the comment the dead process asked for

    const db = await store!.open();
    const job = await db.prisma.reviewJob.findFirstOrThrow({ where: { pullNumber: 22 } });
    expect(job).toMatchObject({ status: "running", attempts: 1 });
    expect(await db.prisma.pullRequestState.count({ where: { pullNumber: 22 } })).toBe(0);
    await db.prisma.reviewJob.update({ where: { id: job.id }, data: { lockedUntil: new Date() } });
    await db.close();

    server = await spawnServer(store!, github!.host);
    await github!.until(() => Boolean(github!.completedCheckRun(REPO, headSha)));
    server.process.kill("SIGTERM");
    expect(await server.exited).toMatchObject({ code: 0 });

    expect(github!.reviews.filter((r) => r.pullNumber === 22).map((r) => r.commitId)).toEqual([headSha]);
    expect(github!.comments.filter((c) => c.issueNumber === 22)).toHaveLength(1);
    expect(github!.checkRuns.filter((r) => r.headSha === headSha).map((r) => [r.status, r.conclusion])).toEqual([["completed", "neutral"]]);
    const after = await store!.open();
    const state = await after.prisma.pullRequestState.findFirstOrThrow({ where: { pullNumber: 22 } });
    expect(Object.values(state.postedFindings as Record<string, { inline: boolean }>).filter((f) => f.inline)).toHaveLength(2);
    await after.close();
  }, 300_000);
});
