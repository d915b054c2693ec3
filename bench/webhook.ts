// npm run bench:webhook — serves the real app (Express + Probot middleware + review queue) on
// loopback, on the embedded database, or on PostgreSQL when BENCH_DATABASE_URL is set, with GitHub faked in-process (nock), and measures:
//   1. the time to answer a signed pull_request webhook under load (the webhook only records and queues);
//   2. the time from webhook to completed check run with the built-in analyzer (queue worker running).
import { performance } from "node:perf_hooks";
import nock from "nock";
import { pino } from "pino";
import { createGitHubSide } from "../src/github/index.js";
import { openDatabase } from "../src/storage/open-database.js";
import { freshPostgresDatabase } from "./support/fresh-postgres-database.js";
import { FakeGitHub } from "./support/github/fake-github.js";
import { testOptions, testProbot } from "./support/github/stand-in-app.js";
import { pullRequestPayload, REPO } from "./support/github/payloads.js";
import { serveApp, signedWebhook, WEBHOOK_PATH } from "./support/github/serve-app.js";
import { FILES_WITH_FINDINGS } from "./support/github/fixtures.js";

// BENCH_SCALE (0 < s <= 1) shrinks the run; CI uses a tiny one to prove the script still runs.
const scale = Math.min(1, Math.max(0.001, Number(process.env.BENCH_SCALE ?? 1)));
const LOAD_REQUESTS = Math.max(32, Math.round(2000 * scale));
const LOAD_CONCURRENCY = 32;
const END_TO_END_REVIEWS = Math.max(2, Math.round(100 * scale));
const SINGLE_REQUESTS = Math.max(5, Math.round(200 * scale));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  nock.disableNetConnect();
  nock.enableNetConnect("127.0.0.1");
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const db = await openDatabase(postgres ? { databaseUrl: postgres.url } : { inMemory: true });
  const github = new FakeGitHub().start();
  github.addRepo(REPO);
  const side = createGitHubSide({ db, log: pino({ level: "silent" }), options: testOptions(), worker: { pollMs: 50 } });
  const probot = testProbot();
  const server = await serveApp(db, side, probot);
  const url = `${server.url}${WEBHOOK_PATH}`;

  // Warm-up: first requests compile code paths and open the database's caches.
  for (let i = 0; i < 20; i++) await fetch(url, signedWebhook("pull_request", pullRequestPayload("opened", { number: 100_000 + i })));

  // 1a. Answer time one request at a time: the cost of one webhook.
  const single: number[] = [];
  for (let i = 0; i < SINGLE_REQUESTS; i++) {
    const request = signedWebhook("pull_request", pullRequestPayload("synchronize", { number: 200_000 + i }));
    const t0 = performance.now();
    await fetch(url, request).then((r) => r.arrayBuffer());
    single.push(performance.now() - t0);
  }
  single.sort((a, b) => a - b);

  // 1b. Answer time under load: LOAD_CONCURRENCY clients, LOAD_REQUESTS webhooks, each a new pull request.
  const answers: number[] = [];
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      while (sent < LOAD_REQUESTS) {
        const n = sent++;
        const request = signedWebhook("pull_request", pullRequestPayload("synchronize", { number: 1 + n, headSha: n.toString(16).padStart(40, "a") }));
        const t0 = performance.now();
        const response = await fetch(url, request);
        await response.arrayBuffer();
        answers.push(performance.now() - t0);
        if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
      }
    }),
  );
  const loadSeconds = (performance.now() - started) / 1000;
  answers.sort((a, b) => a - b);
  const queued = await db.prisma.reviewJob.count({ where: { status: "queued" } });
  await db.prisma.reviewJob.deleteMany({}); // measured the answer only; these are not reviewed

  // 2. Webhook to completed check run, worker running in the background as in the server.
  side.start(probot);
  const endToEnd: number[] = [];
  for (let i = 0; i < END_TO_END_REVIEWS; i++) {
    const number = 50_000 + i;
    const headSha = i.toString(16).padStart(40, "e");
    github.setPull(REPO, { number, headSha, files: FILES_WITH_FINDINGS });
    const t0 = performance.now();
    await fetch(url, signedWebhook("pull_request", pullRequestPayload("opened", { number, headSha }))).then((r) => r.arrayBuffer());
    while (!github.checkRuns.some((r) => r.head_sha === headSha && r.status === "completed")) await new Promise((resolve) => setImmediate(resolve));
    endToEnd.push(performance.now() - t0);
  }
  endToEnd.sort((a, b) => a - b);
  const calls = github.apiCalls().length / END_TO_END_REVIEWS;

  console.log(`database: ${db.description}; GitHub: faked in-process with nock; engine: built-in analyzer (no model)`);
  console.log(`signed pull_request webhook, ${SINGLE_REQUESTS} requests one at a time: p50 ${ms(percentile(single, 50))}, p99 ${ms(percentile(single, 99))}`);
  console.log(`signed pull_request webhook, ${LOAD_REQUESTS} requests, ${LOAD_CONCURRENCY} concurrent clients: p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}, max ${ms(answers.at(-1)!)}, ${(LOAD_REQUESTS / loadSeconds).toFixed(0)} webhooks/s (${queued} jobs queued)`);
  console.log(`webhook to completed check run, ${END_TO_END_REVIEWS} reviews one after another (2 findings each): p50 ${ms(percentile(endToEnd, 50))}, p99 ${ms(percentile(endToEnd, 99))}, max ${ms(endToEnd.at(-1)!)}; ${calls.toFixed(1)} GitHub API calls per review`);

  await side.stop();
  await server.close();
  github.stop();
  await db.close();
  await postgres?.drop();
}

await main();
