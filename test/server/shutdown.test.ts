// Shutdown that ends: after SIGTERM no review job is claimed; a running job finishes within
// SHUTDOWN_GRACE_MS or is handed back to the queue (check run left in progress, attempt not
// counted) and the next start completes it; the process exits 0 with the database closed,
// whatever the backlog. The server runs as its own process against a slow stand-in GitHub.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { StandInGitHub } from "../../bench/support/stand-in-github.js";
import { pullRequestPayload, REPO } from "../github/support/payloads.js";
import { FILES_CLEAN, FILES_WITH_FINDINGS } from "../github/support/fixtures.js";
import { serverStore, spawnServer, type ServerStore, type SpawnedServer } from "./support/spawn-server.js";

// GitHub paces each installation's notification writes (3 s apart): few pulls, most without findings.
const PULLS = [1, 2, 3];
const head = (n: number) => String(n).repeat(40);
const touches = (path: string, n: number) => path.includes(`/pulls/${n}/`) || path.endsWith(`/pulls/${n}`) || path.includes(`/issues/${n}/`);

let github: StandInGitHub;
let store: ServerStore;
beforeAll(async () => {
  github = await new StandInGitHub({ delayMs: 50 }).start();
  for (const n of PULLS) github.setPull(REPO, n, { headSha: head(n), files: n === 2 ? FILES_WITH_FINDINGS : FILES_CLEAN });
  store = await serverStore();
});
afterAll(async () => {
  await github?.stop();
  await store?.remove();
});

async function jobs() {
  const db = await store.open();
  try {
    return await db.prisma.reviewJob.findMany({ orderBy: { pullNumber: "asc" }, select: { pullNumber: true, status: true, attempts: true, lockedBy: true, checkRunId: true } });
  } finally {
    await db.close();
  }
}

async function sigterm(server: SpawnedServer) {
  const sentAt = performance.now();
  server.process.kill("SIGTERM");
  const exit = await server.exited;
  return { ...exit, sentAt };
}

describe("SIGTERM with a backlog of reviews", () => {
  it("claims nothing more, lets the running review finish or hands it back, exits 0, and the next start completes the rest", async () => {
    // 1. A backlog of reviews; the first one's file listing waits on GitHub. The grace leaves
    // room for GitHub's pacing of the review's writes (one per second, notifications one per 3 s).
    let grace = 60_000; // a cap: the process exits as soon as the review is done
    let held = github.hold((method, path) => method === "GET" && path.endsWith("/pulls/1/files"));
    let server = await spawnServer(store, github.host, { SHUTDOWN_GRACE_MS: String(grace) });
    for (const n of PULLS) expect(await server.webhook("pull_request", pullRequestPayload("opened", { number: n, headSha: head(n) }))).toBe(200);
    await github.until(() => github.requests.some((r) => r.path.endsWith("/pulls/1/files")));
    // A backlog is no reason to take the instance out of the load balancer.
    expect(await fetch(`${server.url}/readyz`).then((r) => r.status)).toBe(200);

    // SIGTERM while review 1 runs; GitHub answers soon after, within the grace: review 1 finishes.
    let stopping = sigterm(server);
    setTimeout(() => github.release(held), 300);
    let exit = await stopping;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(server.output.join("")).toContain("shutdown complete");
    expect(github.completedCheckRun(REPO, head(1))?.conclusion).toBe("success");
    // Nothing else was claimed: GitHub never heard of the other pulls, and their jobs are untouched.
    expect(github.requests.filter((r) => PULLS.slice(1).some((n) => touches(r.path, n)))).toEqual([]);
    expect(await jobs()).toEqual([
      { pullNumber: 1, status: "completed", attempts: 1, lockedBy: null, checkRunId: expect.any(BigInt) },
      ...PULLS.slice(1).map((n) => ({ pullNumber: n, status: "queued", attempts: 0, lockedBy: null, checkRunId: null })),
    ]);

    // 2. Next start: review 2 is stuck on GitHub past the grace, so it is handed back.
    grace = 1_500;
    held = github.hold((method, path) => method === "GET" && path.endsWith("/pulls/2/files"));
    server = await spawnServer(store, github.host, { SHUTDOWN_GRACE_MS: String(grace) });
    await github.until(() => github.requests.some((r) => r.path.endsWith("/pulls/2/files")));
    stopping = sigterm(server);
    exit = await stopping;
    github.release(held);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(server.output.join("")).toContain("handed back to the queue");
    const afterRelease = await jobs();
    expect(afterRelease[1]).toEqual({ pullNumber: 2, status: "queued", attempts: 0, lockedBy: null, checkRunId: expect.any(BigInt) });
    expect(afterRelease.slice(2).map((j) => [j.status, j.attempts])).toEqual([["queued", 0]]);
    // Its check run is left in progress for the next attempt, not completed as failed.
    expect(github.checkRuns.filter((r) => r.headSha === head(2)).map((r) => r.status)).toEqual(["in_progress"]);
    expect(github.requests.filter((r) => r.startedAt > exit.sentAt && PULLS.slice(2).some((n) => touches(r.path, n)))).toEqual([]);

    // 3. A second worker takes the handed-back review over at once and completes everything.
    server = await spawnServer(store, github.host, { SHUTDOWN_GRACE_MS: String(grace) });
    await github.until(() => PULLS.every((n) => github.completedCheckRun(REPO, head(n))));
    exit = await sigterm(server);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(github.checkRuns.filter((r) => r.headSha === head(2)).map((r) => [r.status, r.conclusion])).toEqual([["completed", "neutral"]]);
    expect(github.reviews.map((r) => r.pullNumber)).toEqual([2]);
    expect((await jobs()).map((j) => [j.status, j.attempts])).toEqual(PULLS.map(() => ["completed", 1]));
  }, 300_000);
});
