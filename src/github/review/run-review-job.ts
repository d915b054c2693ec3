// One review job from start to finish: decide whether the mode wants it, open the check run,
// ask the billing gate, read the changed files, call the engine, and publish (inline comments,
// the summary, the completed check run) unless a newer job has superseded this one.
import type { Logger } from "pino";
import type { ProbotOctokit } from "probot";
import type { AdmitReview } from "../../billing/types.js";
import { configurationForInstallation } from "../../domain/configuration/configuration-store.js";
import { recordReviewEvidence } from "../../evidence/record-review-evidence.js";
import { renderEvidenceSummary } from "../../evidence/render-evidence-summary.js";
import { summaryOfRaised } from "../../evidence/summary-of-raised.js";
import { EuInferenceError, type EngineOptions, type Finding, type ReviewFunction } from "../../engine/types.js";
import type { ReviewJob } from "../../generated/prisma/client.js";
import type { Prisma } from "../../storage/open-database.js";
import { messagesFor } from "../messages/index.js";
import { pausedNotice } from "../messages/paused-notice.js";
import { completeCheckRun, startCheckRun, type CheckConclusion } from "../publish/check-run.js";
import { postReview } from "../publish/post-review.js";
import { renderSummary, type SummaryInput } from "../publish/render-summary.js";
import { resolveFixedThreads } from "../publish/resolve-fixed-threads.js";
import { upsertSummaryComment } from "../publish/upsert-summary-comment.js";
import { isJobSuperseded } from "../queue/finish-review-job.js";
import { readRepositoryConfig } from "../repository-config.js";
import { modeReviewsTrigger } from "../trigger/mode-reviews-trigger.js";
import { resolveTriggerMode, storedTriggerModes } from "../trigger/resolve-trigger-mode.js";
import type { ReviewTrigger } from "../types.js";
import { listChangedFiles } from "./list-changed-files.js";
import { placeInlineComments } from "./place-inline-comments.js";
import { readPostedFindings, updatePostedFindings } from "./posted-findings.js";
import { selectReviewableFiles } from "./select-reviewable-files.js";

export interface ReviewJobDependencies {
  prisma: Prisma;
  log: Logger;
  octokitFor(installationId: bigint): Promise<ProbotOctokit>;
  review: ReviewFunction;
  admitReview: AdmitReview;
  engineOptions: EngineOptions;
  now(): Date;
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

  const fileConfig = await readRepositoryConfig(octokit, owner, repo);
  const modes = await storedTriggerModes(prisma, job.installationId, job.repoFullName);
  const mode = resolveTriggerMode({ organisation: modes.organisation, file: fileConfig.mode, override: modes.override });
  if (!modeReviewsTrigger(mode, trigger)) return { kind: "not_reviewed", why: `mode ${mode} does not review on ${trigger}` };

  // The pull request as it is now: closed ones are not reviewed, and the newest head is reviewed.
  const { data: pull } = await octokit.rest.pulls.get({ ...ref, pull_number: job.pullNumber });
  if (pull.state !== "open") return { kind: "not_reviewed", why: "pull request closed" };
  if (pull.draft && trigger !== "command" && trigger !== "ready_for_review") return { kind: "not_reviewed", why: "draft" };
  const headSha = pull.head.sha;
  const state = await prisma.pullRequestState.findUnique({ where: { repositoryId_pullNumber: { repositoryId: job.repositoryId, pullNumber: job.pullNumber } } });
  if (trigger !== "command" && state?.lastReviewedSha === headSha) return { kind: "not_reviewed", why: "head already reviewed" };

  if (job.headSha !== headSha) await prisma.reviewJob.update({ where: { id: job.id }, data: { headSha } });
  const checkRunId = await startCheckRun(octokit, ref, headSha, job.headSha === headSha ? job.checkRunId : null, deps.now());
  await prisma.reviewJob.update({ where: { id: job.id }, data: { checkRunId } });

  const configuration = await configurationForInstallation(prisma, job.installationId);
  const messages = messagesFor(configuration.review_language);
  const summaryBase: SummaryInput = { messages, headSha, configProblem: fileConfig.problem };
  const publishSummary = async (input: SummaryInput) => {
    const id = await upsertSummaryComment(octokit, { ...ref, issue_number: job.pullNumber }, state?.summaryCommentId ?? null, renderSummary(input));
    return id;
  };
  const finish = async (conclusion: CheckConclusion, title: string, summary: string) =>
    completeCheckRun(octokit, ref, checkRunId, { conclusion, title, summary }, deps.now());
  const recordRun = (outcome: string, findings = 0, engine = "none", usage = { promptTokens: 0, completionTokens: 0 }) =>
    prisma.reviewRun.create({
      data: {
        jobId: job.id,
        installationId: job.installationId,
        repositoryId: job.repositoryId,
        pullNumber: job.pullNumber,
        headSha,
        outcome,
        findingsCount: findings,
        engine,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
      },
    });
  const saveState = (data: { summaryCommentId: bigint; lastReviewedSha?: string; postedFindings?: object }) =>
    prisma.pullRequestState.upsert({
      where: { repositoryId_pullNumber: { repositoryId: job.repositoryId, pullNumber: job.pullNumber } },
      create: { repositoryId: job.repositoryId, pullNumber: job.pullNumber, installationId: job.installationId, ...data },
      update: data,
    });
  const abandonIfSuperseded = async () => {
    if (!(await isJobSuperseded(prisma, job.id))) return false;
    await finish("neutral", "Superseded by a newer review", messages.retryHint);
    return true;
  };

  const admission = await deps.admitReview({
    installationId: job.installationId,
    repositoryId: job.repositoryId,
    pullNumber: job.pullNumber,
    private: repository.private,
    now: deps.now(),
  });
  if (!admission.admitted) {
    if (await abandonIfSuperseded()) return { kind: "superseded" };
    const notice = pausedNotice(messages, admission);
    const summaryCommentId = await publishSummary({ ...summaryBase, notice });
    await saveState({ summaryCommentId });
    await recordRun("paused");
    await finish("neutral", admission.title, notice);
    return { kind: "published", outcome: "paused", findings: 0 };
  }

  const { files, truncated } = await listChangedFiles(octokit, owner, repo, job.pullNumber);
  const { reviewable, skipped } = selectReviewableFiles(files, fileConfig.ignore);
  const reviewed = { ...summaryBase, reviewedFiles: reviewable.length, skipped, filesTruncated: truncated };

  if (reviewable.length === 0) {
    if (await abandonIfSuperseded()) return { kind: "superseded" };
    const summaryCommentId = await publishSummary({ ...reviewed, notice: messages.nothingToReview });
    await saveState({ summaryCommentId, lastReviewedSha: headSha });
    await recordRun("skipped");
    await finish("neutral", "Skipped: no reviewable files", messages.nothingToReview);
    return { kind: "published", outcome: "skipped", findings: 0 };
  }

  let result;
  try {
    result = await deps.review({ repository: job.repoFullName, pullNumber: job.pullNumber, headSha, title: pull.title, files: reviewable }, configuration, deps.engineOptions);
  } catch (error) {
    if (!(error instanceof EuInferenceError)) throw error;
    deps.log.warn({ err: error, job: job.id }, "EU model call failed; the review fails without fallback");
    if (await abandonIfSuperseded()) return { kind: "superseded" };
    const notice = `${messages.euInferenceFailed} ${messages.retryHint}`;
    const summaryCommentId = await publishSummary({ ...reviewed, notice });
    await saveState({ summaryCommentId });
    await recordRun("failed", 0, "eu_model");
    await finish("neutral", "Review failed: EU inference unavailable", notice);
    return { kind: "published", outcome: "failed", findings: 0 };
  }

  // Never land a stale review: a newer head's job has replaced this one.
  if (await abandonIfSuperseded()) return { kind: "superseded" };

  // Evidence (src/evidence/): record the findings; those accepted on this pull request are not raised.
  const evidence = await recordReviewEvidence(prisma, job, headSha, result.findings, deps.now());
  const previous = readPostedFindings(state?.postedFindings);
  const postedInline = new Set(Object.entries(previous).filter(([, p]) => p.inline && p.state === "open").map(([fingerprint]) => fingerprint));
  const placement = placeInlineComments(evidence.raised, reviewable, postedInline);
  const posted = await postReview(
    octokit,
    { ...ref, pull_number: job.pullNumber },
    headSha,
    placement.inline.map((p) => p.comment),
    messages.reviewBody(placement.inline.length),
  );
  const inlineNow = posted === "posted" ? placement.inline.map((p) => p.finding) : [];
  const notOnDiff: Finding[] = [...placement.notOnDiff, ...(posted === "rejected" ? placement.inline.map((p) => p.finding) : [])];
  const { next, newlyFixed } = updatePostedFindings(previous, result.findings, new Set(inlineNow.map((f) => f.fingerprint)));

  const fixedWithThreads = newlyFixed.filter((fingerprint) => previous[fingerprint]?.inline);
  try {
    await resolveFixedThreads(octokit, ref, job.pullNumber, fixedWithThreads);
  } catch (error) {
    // Resolving is a courtesy; the summary still says what was fixed.
    deps.log.warn({ err: error, job: job.id }, "could not resolve the review threads of fixed findings");
  }

  const fixed = Object.values(next).filter((p) => p.state === "fixed");
  const summaryCommentId = await publishSummary({
    ...reviewed,
    engineMarkdown: summaryOfRaised(result, evidence, configuration),
    findingsCount: evidence.raised.length,
    evidenceMarkdown: renderEvidenceSummary(configuration.review_language, evidence),
    notOnDiff,
    overLimit: placement.overLimit,
    fixed,
    engineNotes: result.summary.notes,
    euFooter: configuration.eu_inference,
  });
  await saveState({ summaryCommentId, lastReviewedSha: headSha, postedFindings: next });
  const count = evidence.raised.length;
  await recordRun(count === 0 ? "success" : "findings", count, result.summary.engine, result.usage);
  await finish(
    count === 0 ? "success" : "neutral",
    count === 0 ? "No compliance findings" : `${count} compliance finding${count === 1 ? "" : "s"}`,
    messages.checkSummary(count),
  );
  return { kind: "published", outcome: count === 0 ? "success" : "findings", findings: count };
}
