// One review job from start to finish, as a list of steps: read the pull request and the
// repository's configuration (one request), decide whether the mode wants it, open the check run,
// ask the billing gate, read the changed files, call the engine, and publish the outcome (inline
// comments, the summary, the completed check run) unless a newer job has superseded this one.
import type { Logger } from "pino";
import type { ProbotOctokit } from "probot";
import type { AdmitReview } from "../../billing/types.js";
import { configurationForInstallation } from "../../domain/configuration/configuration-store.js";
import { EuInferenceError, type EngineOptions, type ReviewFunction } from "../../engine/types.js";
import { findingReference } from "../../evidence/finding-reference.js";
import { recordReviewEvidence } from "../../evidence/record-review-evidence.js";
import { renderEvidenceSummary } from "../../evidence/render-evidence-summary.js";
import type { ReviewJob } from "../../generated/prisma/client.js";
import type { Prisma } from "../../storage/open-database.js";
import { messagesFor } from "../messages/index.js";
import { pausedNotice } from "../messages/paused-notice.js";
import { startCheckRun } from "../publish/check-run.js";
import { publishOutcome, type PublishTarget } from "../publish/publish-outcome.js";
import { resolveFixedThreads } from "../publish/resolve-fixed-threads.js";
import { isJobSuperseded } from "../queue/finish-review-job.js";
import { modeReviewsTrigger } from "../trigger/mode-reviews-trigger.js";
import { resolveTriggerMode, storedTriggerModes } from "../trigger/resolve-trigger-mode.js";
import type { ReviewTrigger } from "../types.js";
import { listChangedFiles } from "./list-changed-files.js";
import { placeInlineComments } from "./place-inline-comments.js";
import { readPostedFindings, updatePostedFindings } from "./posted-findings.js";
import { readPullRequestContext } from "./read-pull-request-context.js";
import { selectReviewableFiles } from "./select-reviewable-files.js";

export interface ReviewJobDependencies {
  prisma: Prisma;
  log: Logger;
  octokitFor(installationId: bigint): Promise<ProbotOctokit>;
  review: ReviewFunction;
  admitReview: AdmitReview;
  engineOptions: EngineOptions;
  now(): Date;
  /** The App's id (APP_ID): a resumed job looks for its check run among the App's own. */
  appId?: number;
}

export type ReviewJobOutcome =
  | { kind: "not_reviewed"; why: string } // nothing published: mode, closed, draft, inactive, already reviewed
  | { kind: "superseded" }
  | { kind: "published"; outcome: "success" | "findings" | "skipped" | "paused" | "failed"; findings: number };

export async function runReviewJob(job: ReviewJob, deps: ReviewJobDependencies): Promise<ReviewJobOutcome> {
  const { prisma } = deps;
  const trigger = job.trigger as ReviewTrigger;
  const installation = await prisma.installation.findUnique({ where: { id: job.installationId } });
  if (!installation || installation.status !== "active") return { kind: "not_reviewed", why: `installation ${installation?.status ?? "unknown"}` };
  const repository = await prisma.repository.findUnique({ where: { id: job.repositoryId } });
  if (!repository || repository.removedAt) return { kind: "not_reviewed", why: "repository not in the installation" };

  const [owner, repo] = job.repoFullName.split("/") as [string, string];
  const ref = { owner, repo };
  const octokit = await deps.octokitFor(job.installationId);
  const state = await prisma.pullRequestState.findUnique({ where: { repositoryId_pullNumber: { repositoryId: job.repositoryId, pullNumber: job.pullNumber } } });

  // The pull request as it is now (closed ones are not reviewed; the newest head is), and the
  // summary comment to edit when the database does not know it yet.
  const context = await readPullRequestContext(octokit, ref, job.pullNumber, { findSummary: state?.summaryCommentId == null });
  const fileConfig = context.config;
  const modes = await storedTriggerModes(prisma, job.installationId, job.repoFullName);
  const mode = resolveTriggerMode({ organisation: modes.organisation, file: fileConfig.mode, override: modes.override });
  if (!modeReviewsTrigger(mode, trigger)) return { kind: "not_reviewed", why: `mode ${mode} does not review on ${trigger}` };
  const { pull } = context;
  if (!pull.open) return { kind: "not_reviewed", why: "pull request closed" };
  if (pull.draft && trigger !== "command" && trigger !== "ready_for_review") return { kind: "not_reviewed", why: "draft" };
  const headSha = pull.headSha;
  if (trigger !== "command" && state?.lastReviewedSha === headSha) return { kind: "not_reviewed", why: "head already reviewed" };

  // An earlier attempt of this job ran (a retry, a takeover after a crash, a job handed back at
  // shutdown): it may have opened a check run or posted a review it never saved; find them, never post twice.
  const resumed = job.attempts > 1 || job.checkRunId !== null;
  // A new head forgets the old head's check run in the same write, so a crash in between never pairs them.
  if (job.headSha !== headSha) await prisma.reviewJob.update({ where: { id: job.id }, data: { headSha, checkRunId: null } });
  const existingId = job.headSha === headSha ? job.checkRunId : null;
  const checkRunId = await startCheckRun(octokit, ref, headSha, { jobId: job.id, existingId, resumed, appId: deps.appId }, deps.now());
  await prisma.reviewJob.update({ where: { id: job.id }, data: { checkRunId } });

  const configuration = await configurationForInstallation(prisma, job.installationId);
  const messages = messagesFor(configuration.review_language);
  const target: PublishTarget = {
    prisma,
    octokit,
    job,
    ref,
    headSha,
    checkRunId,
    resumed,
    summaryCommentId: state?.summaryCommentId ?? context.summaryCommentId ?? null,
    messages,
    now: deps.now,
    isSuperseded: () => isJobSuperseded(prisma, job.id),
  };
  const summaryBase = { messages, headSha, webUrl: context.webUrl, configProblem: fileConfig.problem };

  const admission = await deps.admitReview({
    installationId: job.installationId,
    repositoryId: job.repositoryId,
    pullNumber: job.pullNumber,
    private: repository.private,
    now: deps.now(),
  });
  if (!admission.admitted) {
    const notice = pausedNotice(messages, admission);
    return publishOutcome(target, { outcome: "paused", reviewed: false, summary: { ...summaryBase, notice }, check: { conclusion: "neutral", title: admission.title, summary: notice } });
  }

  const { files, truncated } = await listChangedFiles(octokit, owner, repo, job.pullNumber);
  const { reviewable, skipped } = selectReviewableFiles(files, fileConfig.ignore);
  const reviewed = { ...summaryBase, reviewedFiles: reviewable.length, skipped, filesTruncated: truncated };
  if (reviewable.length === 0) {
    const notice = messages.nothingToReview;
    return publishOutcome(target, { outcome: "skipped", reviewed: true, summary: { ...reviewed, notice }, check: { conclusion: "neutral", title: "Skipped: no reviewable files", summary: notice } });
  }

  let result;
  try {
    result = await deps.review({ repository: job.repoFullName, pullNumber: job.pullNumber, headSha, title: pull.title, files: reviewable }, configuration, deps.engineOptions);
  } catch (error) {
    if (!(error instanceof EuInferenceError)) throw error;
    deps.log.warn({ err: error, job: job.id }, "EU model call failed; the review fails without fallback");
    const notice = `${messages.euInferenceFailed} ${messages.retryHint}`;
    return publishOutcome(target, {
      outcome: "failed",
      reviewed: false,
      engine: "eu_model",
      summary: { ...reviewed, notice },
      check: { conclusion: "neutral", title: "Review failed: EU inference unavailable", summary: notice },
    });
  }

  // Evidence (src/evidence/): record the findings; those accepted on this pull request are not raised.
  const evidence = await recordReviewEvidence(prisma, job, headSha, result.findings, deps.now());
  const raised = evidence.raised;
  const previous = readPostedFindings(state?.postedFindings);
  const postedInline = new Set(Object.entries(previous).filter(([, p]) => p.inline && p.state === "open").map(([fingerprint]) => fingerprint));
  const placement = placeInlineComments(raised, reviewable, postedInline);
  const count = raised.length;
  const update = (postedInlineNow: Set<string>) => updatePostedFindings(previous, result.findings, postedInlineNow);
  return publishOutcome(target, {
    outcome: count === 0 ? "success" : "findings",
    reviewed: true,
    findingsCount: count,
    engine: result.summary.engine,
    usage: result.usage,
    inline: { placement, body: messages.reviewBody(placement.inline.length) },
    summary: {
      ...reviewed,
      review: {
        findings: raised,
        configuration,
        referenceFor: (f) => findingReference(f.fingerprint),
        baseline: result.summary.baseline ?? false,
        notes: result.summary.notes,
        notOnDiff: new Set(placement.notOnDiff.map((f) => f.fingerprint)),
        overLimit: new Set(placement.overLimit.map((f) => f.fingerprint)),
      },
      evidenceMarkdown: renderEvidenceSummary(configuration.review_language, evidence),
      euLine: configuration.eu_inference ? (result.summary.euNote ?? messages.euInferenceFooter) : undefined,
    },
    postedFindings: (postedInlineNow) => update(postedInlineNow).next,
    beforeSummary: async (postedInlineNow) => {
      const { next, newlyFixed } = update(postedInlineNow);
      try {
        await resolveFixedThreads(octokit, ref, job.pullNumber, newlyFixed.filter((fingerprint) => previous[fingerprint]?.inline));
      } catch (error) {
        // Resolving is a courtesy; the summary still says what was fixed.
        deps.log.warn({ err: error, job: job.id }, "could not resolve the review threads of fixed findings");
      }
      return { fixed: Object.values(next).filter((p) => p.state === "fixed") };
    },
    check: {
      conclusion: count === 0 ? "success" : "neutral",
      title: count === 0 ? "No compliance findings" : `${count} compliance finding${count === 1 ? "" : "s"}`,
      summary: messages.checkSummary(count),
    },
  });
}
