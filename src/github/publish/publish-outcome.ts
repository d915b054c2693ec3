// The end of every review job, in one order whatever the outcome: never land a stale review (a
// newer head's job superseded this one: close the check run as superseded), post the inline
// comments if there are any, write the summary, save the pull request's state, record the run,
// complete the check run.
import type { ProbotOctokit } from "probot";
import type { Prisma } from "../../storage/open-database.js";
import type { ReviewJob } from "../../generated/prisma/client.js";
import type { Messages } from "../messages/types.js";
import type { Placement } from "../review/place-inline-comments.js";
import type { PostedFindings } from "../review/posted-findings.js";
import { completeCheckRun, type CheckConclusion, type RepoRef } from "./check-run.js";
import { findPostedReview, reviewMarker } from "./find-posted-review.js";
import { postReview } from "./post-review.js";
import { renderSummary, type SummaryInput } from "./render-summary.js";
import { upsertSummaryComment } from "./upsert-summary-comment.js";

export interface PublishTarget {
  prisma: Prisma;
  octokit: ProbotOctokit;
  job: ReviewJob;
  ref: RepoRef;
  headSha: string;
  checkRunId: bigint;
  /** An earlier attempt of the job ran: its review may be on the pull request already. */
  resumed: boolean;
  /** The summary comment's id: from the database, or the App's own comment found on the pull request. */
  summaryCommentId: bigint | null;
  messages: Messages;
  now(): Date;
  /** True when a newer head's job has replaced this one (asked of the queue just before publishing). */
  isSuperseded(): Promise<boolean>;
}

export interface Outcome {
  /** Recorded in review_runs: success, findings, skipped, paused, failed. */
  outcome: "success" | "findings" | "skipped" | "paused" | "failed";
  check: { conclusion: CheckConclusion; title: string; summary: string };
  summary: SummaryInput;
  /** Marks the head as reviewed (not for paused or failed reviews, which a push or command retries). */
  reviewed: boolean;
  findingsCount?: number;
  engine?: string;
  usage?: { promptTokens: number; completionTokens: number };
  /** Inline comments to post first; the summary then lists those GitHub refused. */
  inline?: { placement: Placement; body: string };
  /** The posted-findings record after this review, given which findings got an inline comment now. */
  postedFindings?: (postedInlineNow: Set<string>) => PostedFindings;
  /** Work between the review and the summary (resolving fixed threads), given the same set. */
  beforeSummary?: (postedInlineNow: Set<string>) => Promise<Partial<SummaryInput>>;
}

export type PublishResult = { kind: "superseded" } | { kind: "published"; outcome: Outcome["outcome"]; findings: number };

export async function publishOutcome(target: PublishTarget, outcome: Outcome): Promise<PublishResult> {
  const { prisma, octokit, job, ref, headSha, checkRunId } = target;
  const finish = (check: Outcome["check"]) => completeCheckRun(octokit, ref, checkRunId, check, target.now());

  if (await target.isSuperseded()) {
    await finish({ conclusion: "neutral", title: "Superseded by a newer review", summary: target.messages.retryHint });
    return { kind: "superseded" };
  }

  let summary = outcome.summary;
  const postedInlineNow = new Set<string>();
  if (outcome.inline) {
    const { placement, body } = outcome.inline;
    const pull = { ...ref, pull_number: job.pullNumber };
    // A resumed job whose earlier attempt posted its review (and died before saving) reuses it.
    const earlier = target.resumed && placement.inline.length > 0 ? await findPostedReview(octokit, pull, headSha, job.id) : undefined;
    // No review at all when there is no inline comment: a review is a notification-triggering write.
    const posted = earlier ? "posted_before" : await postReview(octokit, pull, headSha, placement.inline.map((p) => p.comment), `${body}\n\n${reviewMarker(job.id)}`);
    if (posted === "posted") for (const p of placement.inline) postedInlineNow.add(p.finding.fingerprint);
    for (const fingerprint of earlier ?? []) postedInlineNow.add(fingerprint);
    if (posted === "rejected" && summary.review) {
      // GitHub refused a comment (and so the whole review): those findings carry their text in the summary.
      summary = { ...summary, review: { ...summary.review, notOnDiff: new Set([...summary.review.notOnDiff, ...placement.inline.map((p) => p.finding.fingerprint)]) } };
    }
  }
  if (outcome.beforeSummary) summary = { ...summary, ...(await outcome.beforeSummary(postedInlineNow)) };

  const summaryCommentId = await upsertSummaryComment(octokit, { ...ref, issue_number: job.pullNumber }, target.summaryCommentId, renderSummary(summary));
  const state = {
    summaryCommentId,
    ...(outcome.reviewed ? { lastReviewedSha: headSha } : {}),
    ...(outcome.postedFindings ? { postedFindings: outcome.postedFindings(postedInlineNow) as object } : {}),
  };
  await prisma.pullRequestState.upsert({
    where: { repositoryId_pullNumber: { repositoryId: job.repositoryId, pullNumber: job.pullNumber } },
    create: { repositoryId: job.repositoryId, pullNumber: job.pullNumber, installationId: job.installationId, ...state },
    update: state,
  });
  const usage = outcome.usage ?? { promptTokens: 0, completionTokens: 0 };
  await prisma.reviewRun.create({
    data: {
      jobId: job.id,
      installationId: job.installationId,
      repositoryId: job.repositoryId,
      pullNumber: job.pullNumber,
      headSha,
      outcome: outcome.outcome,
      findingsCount: outcome.findingsCount ?? 0,
      engine: outcome.engine ?? "none",
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
    },
  });
  await finish(outcome.check);
  return { kind: "published", outcome: outcome.outcome, findings: outcome.findingsCount ?? 0 };
}
