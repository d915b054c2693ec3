// Takes review jobs from the database and runs them: in the background in the server, up to
// `concurrency` at once and at most `perInstallation` of one installation (woken by new jobs,
// polling for other instances' jobs), and on demand in tests and the bench through
// processNext()/drain(), which never sleep. stop() claims nothing more, lets running jobs finish
// within a grace, and hands the rest back to the queue.
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { ProbotOctokit } from "probot";
import type { ReviewJob } from "../../generated/prisma/client.js";
import type { Prisma } from "../../storage/open-database.js";
import { configurationForInstallation } from "../../domain/configuration/configuration-store.js";
import { messagesFor } from "../messages/index.js";
import type { Messages } from "../messages/types.js";
import { completeCheckRun } from "../publish/check-run.js";
import { runReviewJob, type ReviewJobDependencies, type ReviewJobOutcome } from "../review/run-review-job.js";
import { claimReviewJob } from "./claim-review-job.js";
import { finishReviewJob, isJobSuperseded, retryReviewJobLater } from "./finish-review-job.js";
import { releaseReviewJob } from "./release-review-job.js";
import { renewReviewJobLease } from "./renew-review-job-lease.js";

export interface WorkerOptions {
  /** How long a claimed job stays with its worker unless renewed; renewed every third of it while the job runs. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Polling interval for jobs queued by other instances. */
  pollMs?: number;
  workerId?: string;
  /** Jobs the background loop runs at once (REVIEW_CONCURRENCY). */
  concurrency?: number;
  /** Jobs of one installation this worker runs at once: GitHub paces each installation's writes, so more would only wait. */
  perInstallation?: number;
  /** How long stop() lets running jobs finish before handing them back (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs?: number;
}

export type JobResult = { job: ReviewJob; outcome: ReviewJobOutcome | "retry" | "failed" | "released" };

export interface ReviewWorker {
  processNext(): Promise<JobResult | undefined>;
  drain(): Promise<number>;
  /** A job was queued (for this installation, when given): claim now if a slot can take it. */
  wake(installationId?: bigint): void;
  start(): void;
  /** Claims nothing more; waits up to graceMs for running jobs, then releases them to the queue. */
  stop(graceMs?: number): Promise<void>;
  /** Jobs this worker runs now. */
  runningJobs(): ReviewJob[];
}

/** Thrown into a released job's GitHub calls, so it stops writing once its lease is handed back. */
export class JobReleasedError extends Error {
  constructor() {
    super("the review job was handed back to the queue at shutdown");
    this.name = "JobReleasedError";
  }
}

interface ActiveJob {
  job: ReviewJob;
  released: boolean;
  abort: AbortController;
  done?: Promise<JobResult>;
}

export function createReviewWorker(deps: ReviewJobDependencies, options: WorkerOptions = {}): ReviewWorker {
  const prisma: Prisma = deps.prisma;
  const log: Logger = deps.log;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const pollMs = options.pollMs ?? 2_000;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const concurrency = options.concurrency ?? 2;
  const perInstallation = options.perInstallation ?? 1;
  const defaultGraceMs = options.shutdownGraceMs ?? 25_000;
  const active = new Map<string, ActiveJob>();
  let running = false;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  /** Installations this worker already runs its bound of: the claim skips them. */
  function fullInstallations(): bigint[] {
    const counts = new Map<bigint, number>();
    for (const { job } of active.values()) counts.set(job.installationId, (counts.get(job.installationId) ?? 0) + 1);
    return [...counts].filter(([, n]) => n >= perInstallation).map(([id]) => id);
  }

  async function claim(): Promise<ReviewJob | undefined> {
    if (stopping) return undefined;
    const job = await claimReviewJob(prisma, workerId, deps.now(), leaseMs, fullInstallations());
    if (job && stopping) {
      // The shutdown began while this claim was under way: the job goes straight back.
      await releaseReviewJob(prisma, job.id, workerId, deps.now());
      return undefined;
    }
    return job;
  }

  async function processNext(): Promise<JobResult | undefined> {
    const job = await claim();
    return job ? runClaimed(job) : undefined;
  }

  function runClaimed(job: ReviewJob): Promise<JobResult> {
    const entry: ActiveJob = { job, released: false, abort: new AbortController() };
    active.set(job.id, entry);
    entry.done = execute(entry).finally(() => {
      active.delete(job.id);
      wake();
    });
    return entry.done;
  }

  async function execute(entry: ActiveJob): Promise<JobResult> {
    const { job } = entry;
    const renewal = setInterval(() => {
      if (entry.released) return;
      renewReviewJobLease(prisma, job.id, workerId, new Date(deps.now().getTime() + leaseMs)).then(
        (ours) => {
          if (!ours && !entry.released) log.warn({ job: job.id }, "the review job's lease was lost; another worker may run it");
        },
        (error: unknown) => log.warn({ err: error, job: job.id }, "could not renew the review job's lease"),
      );
    }, Math.max(1, Math.floor(leaseMs / 3)));
    const jobDeps: ReviewJobDependencies = {
      ...deps,
      octokitFor: async (installationId) => stopWhenReleased(await deps.octokitFor(installationId), entry.abort.signal),
    };
    try {
      const outcome = await runReviewJob(job, jobDeps);
      if (entry.released) return { job, outcome: "released" };
      await finishReviewJob(prisma, job.id, outcome.kind === "superseded" ? "superseded" : "completed");
      log.info({ job: job.id, pr: `${job.repoFullName}#${job.pullNumber}`, outcome }, "review job done");
      return { job, outcome };
    } catch (error) {
      if (entry.released) {
        // Shutdown handed the job back; its check run stays in progress for the next attempt.
        log.info({ job: job.id, reason: (error as Error).message }, "released review job stopped");
        return { job, outcome: "released" };
      }
      return await handleFailure(job, error);
    } finally {
      clearInterval(renewal);
    }
  }

  async function handleFailure(job: ReviewJob, error: unknown): Promise<JobResult> {
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

  function wake(installationId?: bigint) {
    // A burst in an installation this worker already runs its bound of would make every webhook
    // start a claim that cannot take anything; its next job is claimed when the running one ends.
    if (installationId !== undefined && fullInstallations().includes(installationId)) return;
    woken = true;
    wakeUp?.();
  }

  async function runLoop() {
    while (running) {
      woken = false;
      try {
        while (running && active.size < concurrency) {
          const job = await claim();
          if (!job) break;
          void runClaimed(job).catch((error: unknown) => log.error({ err: error, job: job.id }, "review job crashed"));
        }
      } catch (error) {
        log.error({ err: error }, "review queue error");
      }
      if (!running) break;
      if (woken) continue; // a job finished or was queued while this round claimed
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  async function shutdown(graceMs: number) {
    stopping = true;
    running = false;
    wakeUp?.();
    await loop;
    const pending = [...active.values()].map((entry) => entry.done);
    if (pending.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(pending), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    for (const entry of active.values()) {
      entry.released = true;
      entry.abort.abort();
      try {
        await releaseReviewJob(prisma, entry.job.id, workerId, deps.now());
        log.info({ job: entry.job.id, pr: `${entry.job.repoFullName}#${entry.job.pullNumber}` }, "shutdown: review job handed back to the queue");
      } catch (error) {
        log.error({ err: error, job: entry.job.id }, "shutdown: could not hand the review job back; it resumes when its lease runs out");
      }
    }
  }

  return {
    processNext,
    drain,
    wake,
    start() {
      if (running || stopping) return;
      running = true;
      loop = runLoop();
    },
    stop(graceMs = defaultGraceMs) {
      return (stopped ??= shutdown(graceMs));
    },
    runningJobs: () => [...active.values()].map((entry) => entry.job),
  };
}

/** Every GitHub call of a released job fails at once, so nothing lands after the hand-back. */
function stopWhenReleased(octokit: ProbotOctokit, signal: AbortSignal): ProbotOctokit {
  octokit.hook.before("request", () => {
    if (signal.aborted) throw new JobReleasedError();
  });
  return octokit;
}
