// npm run bench:queue — one organisation's burst against a quiet one. Starts the real service
// (startServer: Express, Probot with its real throttling, the review queue) against a stand-in
// GitHub served over HTTP the way GHE_HOST reaches one, sends a burst of signed pull_request
// webhooks for one installation, then one for a second installation, and prints:
//   - the webhook answer time (p50/p99) and rate during the burst;
//   - /readyz during the backlog;
//   - the second installation's time from webhook to completed check run;
//   - the drain rate per installation over the measuring window, and what is left queued;
//   - how long a graceful stop takes with the backlog still queued.
// Runs on the embedded database, and also on PostgreSQL when BENCH_DATABASE_URL is set.
// BENCH_QUEUE_BURST (default 1000) sets the burst, BENCH_QUEUE_WINDOW_S (default 30) how long
// draining goes on after the burst's last webhook,
// BENCH_GITHUB_DELAY_MS (default 20) the stand-in GitHub's answer time, BENCH_LOG_LEVEL the server's log (stderr).
import { generateKeyPairSync } from "node:crypto";
import { request as httpRequest } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { readEnvOptions, type AppOptions } from "../src/config/read-env-options.js";
import { reportQueue } from "../src/github/queue/report-queue.js";
import { startServer } from "../src/server/start-server.js";
import { openDatabase } from "../src/storage/open-database.js";
import { freshPostgresDatabase } from "./support/fresh-postgres-database.js";
import { signedPullRequestOpened, type SignedWebhook } from "./support/pull-request-webhook.js";
import { StandInGitHub, type StandInFile } from "./support/stand-in-github.js";

const BURST = Number(process.env.BENCH_QUEUE_BURST ?? 1000);
const WINDOW_S = Number(process.env.BENCH_QUEUE_WINDOW_S ?? 30);
const GITHUB_DELAY_MS = Number(process.env.BENCH_GITHUB_DELAY_MS ?? 20);
const CLIENTS = 32;
const QUIET_TIMEOUT_S = 180;
const SECRET = "bench-webhook-secret";
const BUSY = { installationId: 5001, repositoryId: 900_001, fullName: "burst-org/monorepo" };
const QUIET = { installationId: 5002, repositoryId: 900_002, fullName: "quiet-org/app" };
const files = (JSON.parse(readFileSync(new URL("../fixtures/github/changed-files.json", import.meta.url), "utf8")) as { withFindings: StandInFile[] }).withFindings;
const privateKey = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } }).privateKey;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sha = (installation: number, n: number) => `${installation.toString(16)}${n.toString(16).padStart(8, "0")}`.padEnd(40, "0");

async function run(label: string, database: { databaseUrl: string } | { dataDir: string }) {
  const github = await new StandInGitHub({ delayMs: GITHUB_DELAY_MS }).start();
  for (let n = 1; n <= BURST; n++) github.setPull(BUSY.fullName, n, { headSha: sha(BUSY.installationId, n), files });
  github.setPull(QUIET.fullName, 1, { headSha: sha(QUIET.installationId, 1), files });
  const base = readEnvOptions({});
  const options: AppOptions = {
    ...base,
    ...database,
    port: 0,
    host: "127.0.0.1",
    logLevel: "error",
    github: { ...base.github, appId: "1", privateKey, webhookSecret: SECRET, gheHost: github.host, gheProtocol: "http" },
  };
  const server = await startServer(options, pino({ level: process.env.BENCH_LOG_LEVEL ?? "error" }, pino.destination(2)));
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}${options.github.webhookPath}`;

  // The burst: CLIENTS senders, one new pull request per webhook.
  const answers: number[] = [];
  let next = 1;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next <= BURST) {
        const n = next++;
        const request = signedPullRequestOpened({ ...BUSY, number: n, headSha: sha(BUSY.installationId, n) }, SECRET);
        const t0 = performance.now();
        try {
          const status = await deliver(url, request);
          answers.push(performance.now() - t0);
          if (status >= 300) failures++;
        } catch (error) {
          // Counted, not hidden: GitHub would redeliver such a webhook.
          failures++;
          if (failures <= 3) console.error(`webhook ${n}: ${(error as Error).message} (${String((error as Error).cause ?? "")})`);
        }
      }
    }),
  );
  const burstSeconds = (performance.now() - started) / 1000;
  answers.sort((a, b) => a - b);

  // The quiet installation's one pull request, behind the whole backlog.
  const quietSha = sha(QUIET.installationId, 1);
  const quietSent = performance.now();
  const quietStatus = await deliver(url, signedPullRequestOpened({ ...QUIET, number: 1, headSha: quietSha }, SECRET));
  const readyz = await fetch(url.replace(options.github.webhookPath, "/readyz"));
  const readyzText = `${readyz.status} ${JSON.stringify(await readyz.json())}`;
  const quietDone = await Promise.race([
    github.until(() => Boolean(github.completedCheckRun(QUIET.fullName, quietSha))).then(() => performance.now() - quietSent),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), QUIET_TIMEOUT_S * 1000).unref()),
  ]);

  // Keep draining until the window has passed since the burst ended (its jobs' bookkeeping settles).
  const windowEnd = started + burstSeconds * 1000 + WINDOW_S * 1000;
  if (performance.now() < windowEnd) await new Promise((resolve) => setTimeout(resolve, windowEnd - performance.now()));
  const elapsed = (performance.now() - started) / 1000;
  const completed = (repo: string) => github.checkRuns.filter((r) => r.repo === repo && r.status === "completed").length;
  const busyDone = completed(BUSY.fullName);
  const writes = github.requests.filter((r) => r.write && r.installation === String(BUSY.installationId)).length;

  const report = await readQueueReport(database);
  const stopStarted = performance.now();
  await server.close();
  const stopSeconds = (performance.now() - stopStarted) / 1000;
  await github.stop();

  console.log(`\n== ${label}`);
  console.log(`burst: ${BURST} signed pull_request webhooks for one installation, ${CLIENTS} concurrent senders: p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}, max ${ms(answers.at(-1)!)}, ${(BURST / burstSeconds).toFixed(0)} webhooks/s, ${failures} not answered 2xx`);
  console.log(`/readyz during the backlog: ${readyzText}`);
  console.log(
    `second installation, one pull request sent after the burst (webhook ${quietStatus}): completed check run after ${quietDone === undefined ? `more than ${QUIET_TIMEOUT_S} s` : `${(quietDone / 1000).toFixed(1)} s`}`,
  );
  console.log(`drain over ${elapsed.toFixed(0)} s: ${BUSY.fullName} ${busyDone} reviews (${((busyDone / elapsed) * 60).toFixed(1)}/min, ${writes} writes), ${QUIET.fullName} ${completed(QUIET.fullName)} review`);
  console.log(`left in the queue: ${report}`);
  console.log(`graceful stop with the backlog queued: ${stopSeconds.toFixed(1)} s (SHUTDOWN_GRACE_MS ${options.shutdownGraceMs})`);
}

/** One delivery on its own connection, as GitHub sends webhooks (no keep-alive to race the server's idle timeout). */
function deliver(url: string, webhook: SignedWebhook): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: webhook.method, headers: { ...webhook.headers, "content-length": Buffer.byteLength(webhook.body) }, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(webhook.body);
  });
}

/** What `clearance queue` would show, read before the stop. */
async function readQueueReport(database: { databaseUrl: string } | { dataDir: string }): Promise<string> {
  if (!("databaseUrl" in database)) return "(embedded database: read by the running server only; see the drain figures)";
  const db = await openDatabase(database, { migrate: false });
  try {
    const rows = await reportQueue(db.prisma, new Date());
    return rows.map((r) => `installation ${r.installationId}: ${r.queued} queued, ${r.running} running, oldest wait ${Math.round((r.oldestWaitMs ?? 0) / 1000)} s`).join("; ") || "empty";
  } finally {
    await db.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "clearance-bench-queue-"));
try {
  await run("embedded database (PGlite)", { dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL) {
  const postgres = await freshPostgresDatabase(process.env.BENCH_DATABASE_URL);
  try {
    await run(`PostgreSQL (${new URL(process.env.BENCH_DATABASE_URL).host})`, { databaseUrl: postgres.url });
  } finally {
    await postgres.drop();
  }
} else {
  console.log("\n(PostgreSQL: set BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres to run the same burst there)");
}
process.exit(0);
