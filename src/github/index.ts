// The GitHub side of Clearance: thin webhook handlers that record and queue, and the review
// worker that takes jobs from the database and publishes the results on GitHub.
import type { ApplicationFunction, Probot, ProbotOctokit } from "probot";
import type { Logger } from "pino";
import { createBillingGate } from "../billing/index.js";
import type { AdmitReview } from "../billing/types.js";
import type { AppOptions } from "../config/read-env-options.js";
import { review as engineReview } from "../engine/index.js";
import type { ReviewFunction } from "../engine/types.js";
import type { Database } from "../storage/open-database.js";
import { onInstallation, onInstallationRepositories } from "./handlers/on-installation.js";
import { onIssueComment } from "./handlers/on-issue-comment.js";
import { onMarketplacePurchase } from "./handlers/on-marketplace-purchase.js";
import { onPullRequest } from "./handlers/on-pull-request.js";
import { createReviewWorker, type ReviewWorker, type WorkerOptions } from "./queue/review-worker.js";

export interface GitHubDependencies {
  db: Database;
  log: Logger;
  options: AppOptions;
  now?: () => Date;
  /** The review engine; the real one by default. */
  review?: ReviewFunction;
  /** The billing gate; the real one on this database by default. */
  admitReview?: AdmitReview;
  worker?: WorkerOptions;
}

export interface GitHubSide {
  appFn: ApplicationFunction;
  /** Starts background work (the review queue) once Probot exists. */
  start(probot: Probot): void;
  /** Claims no more review jobs; running ones get graceMs (SHUTDOWN_GRACE_MS) to finish, then go back to the queue. */
  stop(graceMs?: number): Promise<void>;
  /** The review queue, for tests and the bench: processNext()/drain() run jobs now. */
  queue: ReviewWorker;
}

export function createGitHubSide(deps: GitHubDependencies): GitHubSide {
  const prisma = deps.db.prisma;
  const now = deps.now ?? (() => new Date());
  let probot: Probot | undefined;

  const queue = createReviewWorker(
    {
      prisma,
      log: deps.log.child({ name: "review-queue" }),
      async octokitFor(installationId) {
        if (!probot) throw new Error("the review queue ran before the GitHub App was loaded");
        return (await probot.auth(Number(installationId))) as ProbotOctokit;
      },
      review: deps.review ?? engineReview,
      admitReview: deps.admitReview ?? createBillingGate(prisma),
      engineOptions: { model: deps.options.model, euModel: deps.options.euModel },
      now,
      appId: deps.options.github.appId ? Number(deps.options.github.appId) : undefined,
    },
    { concurrency: deps.options.reviewConcurrency, shutdownGraceMs: deps.options.shutdownGraceMs, ...deps.worker },
  );

  const appFn: ApplicationFunction = (app) => {
    probot = app;
    app.on("pull_request", async (context) => {
      const result = await onPullRequest(prisma, context, now());
      context.log.debug({ result }, "pull_request handled");
      if (result.status === "enqueued") queue.wake(installationOf(context.payload));
    });
    app.on("issue_comment", async (context) => {
      const result = await onIssueComment(prisma, context, now());
      context.log.debug({ result }, "issue_comment handled");
      if (result.status === "enqueued") queue.wake(installationOf(context.payload));
    });
    app.on("installation", (context) => onInstallation(prisma, context, now()));
    app.on("installation_repositories", (context) => onInstallationRepositories(prisma, context, now()));
    app.on("marketplace_purchase", (context) => onMarketplacePurchase(prisma, context, now(), deps.options));
  };

  return {
    appFn,
    queue,
    start(instance) {
      probot ??= instance;
      queue.start();
    },
    stop: (graceMs) => queue.stop(graceMs),
  };
}

function installationOf(payload: unknown): bigint | undefined {
  const id = (payload as { installation?: { id?: number } }).installation?.id;
  return typeof id === "number" ? BigInt(id) : undefined;
}
