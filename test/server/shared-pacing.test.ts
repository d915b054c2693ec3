// Several instances pace one installation together: with REDIS_URL set, Probot's throttling
// keeps its per-installation limits (one write at a time, a second apart) in Redis through
// Bottleneck, so two instances never double an installation's write rate. Two server processes
// on one PostgreSQL and the local Redis (TEST_DATABASE_URL and TEST_REDIS_URL), a stand-in GitHub
// that answers slowly and records when each write was in flight.
import { afterAll, describe, expect, it } from "@jest/globals";
import { ConfigError, readEnvOptions } from "../../src/config/read-env-options.js";
import { StandInGitHub, type StandInRequest } from "../../bench/support/stand-in-github.js";
import { pullRequestPayload } from "../github/support/payloads.js";
import { FILES_CLEAN } from "../github/support/fixtures.js";
import { serverStore, spawnServer, type ServerStore, type SpawnedServer } from "./support/spawn-server.js";

const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(redisUrl && process.env.TEST_DATABASE_URL);

let github: StandInGitHub | undefined;
let store: ServerStore | undefined;
const servers: SpawnedServer[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.process.kill("SIGTERM");
    await server.exited;
  }
  await github?.stop();
  await store?.remove();
});

/** Pairs of writes of one installation that GitHub was serving at the same time. */
function overlappingWrites(writes: StandInRequest[]): number {
  let overlaps = 0;
  for (let i = 0; i < writes.length; i++) {
    for (let j = i + 1; j < writes.length; j++) {
      const [a, b] = [writes[i]!, writes[j]!];
      if (a.startedAt < b.endedAt! && b.startedAt < a.endedAt!) overlaps++;
    }
  }
  return overlaps;
}

// Registered only where both servers exist (npm test on a bare machine has neither).
if (runs) describe("two instances with REDIS_URL", () => {
  it("share one installation's pacing: its writes never run side by side", async () => {
    github = await new StandInGitHub({ delayMs: 400 }).start();
    store = await serverStore();
    // An installation id of this run only, so no other run's Redis keys pace it.
    const installationId = 700_000 + Math.floor(Math.random() * 100_000);
    const pulls = [1, 2, 3, 4];
    for (const n of pulls) github.setPull("Codertocat/Hello-World", n, { headSha: String(n).repeat(40), files: FILES_CLEAN });
    servers.push(await spawnServer(store, github.host, { REDIS_URL: redisUrl! }));
    servers.push(await spawnServer(store, github.host, { REDIS_URL: redisUrl! }));

    // Each instance takes one job of the installation at a time, so both work on it at once.
    for (const n of pulls) {
      const payload = pullRequestPayload("opened", { number: n, headSha: String(n).repeat(40), installationId });
      expect(await servers[n % 2]!.webhook("pull_request", payload)).toBe(200);
    }
    await github.until(() => pulls.every((n) => github!.completedCheckRun("Codertocat/Hello-World", String(n).repeat(40))));
    await github.until(() => github!.requests.every((r) => r.endedAt !== undefined));

    const db = await store.open();
    const lockedBy = await db.prisma.reviewJob.findMany({ select: { status: true } });
    await db.close();
    expect(lockedBy.map((j) => j.status)).toEqual(pulls.map(() => "completed"));
    const writes = github.requests.filter((r) => r.write && r.installation === String(installationId));
    expect(writes.length).toBeGreaterThanOrEqual(pulls.length * 3); // check run opened and completed, summary
    expect(overlappingWrites(writes)).toBe(0);
  }, 300_000);
});

describe("the queue's and the pacing's settings", () => {
  it("reads REDIS_URL, REVIEW_CONCURRENCY and SHUTDOWN_GRACE_MS, with defaults, and refuses bad numbers", () => {
    expect(readEnvOptions({})).toMatchObject({ redisUrl: undefined, reviewConcurrency: 2, shutdownGraceMs: 25_000 });
    expect(readEnvOptions({ REDIS_URL: "redis://127.0.0.1:6379/5", REVIEW_CONCURRENCY: "4", SHUTDOWN_GRACE_MS: "5000" })).toMatchObject({
      redisUrl: "redis://127.0.0.1:6379/5",
      reviewConcurrency: 4,
      shutdownGraceMs: 5000,
    });
    expect(() => readEnvOptions({ REVIEW_CONCURRENCY: "0" })).toThrow(ConfigError);
    expect(() => readEnvOptions({ SHUTDOWN_GRACE_MS: "soon" })).toThrow("SHUTDOWN_GRACE_MS must be a positive whole number");
  });
});
