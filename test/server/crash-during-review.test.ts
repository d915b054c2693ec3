// kill -9 during a review: the job survives in the database, and once its lease has run out the
// next start takes it over, reuses the check run the dead process opened, and leaves exactly one
// review on the pull request.
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
});
