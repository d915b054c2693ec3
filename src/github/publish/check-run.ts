// The "Clearance" check run on the head commit: in_progress when work starts, then completed
// with success (nothing found) or neutral (findings, skipped, paused, failed, superseded).
// Never failure or action_required: Clearance's own signals never block a merge.
import type { ProbotOctokit } from "probot";
import { REVIEW_CHECK_NAME } from "../types.js";

export interface RepoRef {
  owner: string;
  repo: string;
}

export async function startCheckRun(octokit: ProbotOctokit, ref: RepoRef, headSha: string, existingId: bigint | null, now: Date): Promise<bigint> {
  if (existingId !== null) {
    // A retried or resumed job: the same check run goes back to in_progress.
    await octokit.rest.checks.update({ ...ref, check_run_id: Number(existingId), status: "in_progress" });
    return existingId;
  }
  const { data } = await octokit.rest.checks.create({
    ...ref,
    name: REVIEW_CHECK_NAME,
    head_sha: headSha,
    status: "in_progress",
    started_at: now.toISOString(),
    external_id: `clearance:${headSha}`,
  });
  return BigInt(data.id);
}

export type CheckConclusion = "success" | "neutral";

const MAX_CHECK_TEXT = 65_000;

export async function completeCheckRun(
  octokit: ProbotOctokit,
  ref: RepoRef,
  checkRunId: bigint,
  result: { conclusion: CheckConclusion; title: string; summary: string },
  now: Date,
) {
  await octokit.rest.checks.update({
    ...ref,
    check_run_id: Number(checkRunId),
    status: "completed",
    conclusion: result.conclusion,
    completed_at: now.toISOString(),
    output: { title: result.title, summary: result.summary.slice(0, MAX_CHECK_TEXT) },
  });
}
