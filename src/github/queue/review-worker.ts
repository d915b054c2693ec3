// Takes review jobs from the database one at a time and runs them. Runs in the background in the
// server (woken by new jobs, polling for other instances' jobs), and on demand in tests and the
// bench through processNext()/drain(), which never sleep.
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { ReviewJob } from "../../generated/prisma/client.js";
import type { Prisma } from "../../storage/open-database.js";
import { configurationForInstallation } from "../../domain/configuration/configuration-store.js";
import { messagesFor } from "../messages/index.js";
import type { Messages } from "../messages/types.js";
import { completeCheckRun } from "../publish/check-run.js";
import { runReviewJob, type ReviewJobDependencies, type ReviewJobOutcome } from "../review/run-review-job.js";
import { claimReviewJob } from "./claim-review-job.js";
import { finishReviewJob, isJobSuperseded, retryReviewJobLater } from "./finish-review-job.js";

export interface WorkerOptions {
  /** How long a claimed job stays with its worker before another may take it over. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Polling interval for jobs queued by other instances. */
  pollMs?: number;
  workerId?: string;
}

export interface ReviewWorker {
  processNext(): Promise<{ job: ReviewJob; outcome: ReviewJobOutcome | "retry" | "failed" } | undefined>;
  drain(): Promise<number>;
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createReviewWorker(deps: ReviewJobDependencies, options: WorkerOptions = {}): ReviewWorker {
  const prisma: Prisma = deps.prisma;
  const log: Logger = deps.log;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const pollMs = options.pollMs ?? 2_000;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function processNext() {
    const job = await claimReviewJob(prisma, workerId, deps.now(), leaseMs);
    if (!job) return undefined;
    try {
      const outcome = await runReviewJob(job, deps);
      await finishReviewJob(prisma, job.id, outcome.kind === "superseded" ? "superseded" : "completed");
      log.info({ job: job.id, pr: `${job.repoFullName}#${job.pullNumber}`, outcome }, "review job done");
      return { job, outcome };
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (await isJobSuperseded(prisma, job.id)) {
        // A newer job reviews this pull request: no retry, and this job's check run is closed.
        log.warn({ err: error, job: job.id }, "superseded review job failed; not retried");
        await closeCheckRun(job, "Superseded by a newer review", (messages) => messages.retryHint).catch((err) =>
          log.error({ err, job: job.id }, "could not close the superseded review's check run"),
        );
        await finishReviewJob(prisma, job.id, "superseded", message);
        return { job, outcome: { kind: "superseded" as const } };
      }
      if (job.attempts < maxAttempts) {
        // Back off 30 s, 2 min, 8 min...: GitHub or the model may be having a bad moment.
        const runAfter = new Date(deps.now().getTime() + 30_000 * 4 ** (job.attempts - 1));
        await retryReviewJobLater(prisma, job.id, runAfter, message);
        log.warn({ err: error, job: job.id, attempt: job.attempts }, "review job failed; will retry");
        return { job, outcome: "retry" as const };
      }
      log.error({ err: error, job: job.id }, "review job failed for good");
      await closeCheckRun(job, "Review failed", (messages) => `${messages.reviewFailed} ${messages.retryHint}`).catch((err) =>
        log.error({ err, job: job.id }, "could not report the failed review"),
      );
      await finishReviewJob(prisma, job.id, "failed", message);
      return { job, outcome: "failed" as const };
    }
  }

  /** A job that ends without a review still completes its check run: neutral, with a title that says why. */
  async function closeCheckRun(job: ReviewJob, title: string, summary: (messages: Messages) => string) {
    const current = await prisma.reviewJob.findUnique({ where: { id: job.id }, select: { checkRunId: true } });
    if (!current?.checkRunId) return;
    const messages = messagesFor((await configurationForInstallation(prisma, job.installationId)).review_language);
    const octokit = await deps.octokitFor(job.installationId);
    const [owner, repo] = job.repoFullName.split("/") as [string, string];
    await completeCheckRun(octokit, { owner, repo }, current.checkRunId, { conclusion: "neutral", title, summary: summary(messages) }, deps.now());
  }

  async function drain() {
    let count = 0;
    while (await processNext()) count++;
    return count;
  }

  async function runLoop() {
    while (running) {
      try {
        await drain();
      } catch (error) {
        log.error({ err: error }, "review queue error");
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      clearTimeout(timer);
      wakeUp = undefined;
    }
  }

  return {
    processNext,
    drain,
    wake() {
      wakeUp?.();
    },
    start() {
      if (running) return;
      running = true;
      loop = runLoop();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
