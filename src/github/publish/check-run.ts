// The "Clearance" check run on the head commit: in_progress when work starts, then completed
// with success (nothing found) or neutral (findings, skipped, paused, failed, superseded).
// Never failure or action_required: Clearance's own signals never block a merge.
import type { ProbotOctokit } from "probot";
import { REVIEW_CHECK_NAME } from "../types.js";

export interface RepoRef {
  owner: string;
  repo: string;
}

/** What a job knows of its check run: the id it saved, and whether an earlier attempt of it ran. */
export interface CheckRunStart {
  jobId: string;
  existingId: bigint | null;
  /** An earlier attempt ran (retried, or taken over after a crash): it may have opened a run it never saved. */
  resumed: boolean;
  /** The App's id (APP_ID), to list only its own check runs. */
  appId?: number;
}

export async function startCheckRun(octokit: ProbotOctokit, ref: RepoRef, headSha: string, start: CheckRunStart, now: Date): Promise<bigint> {
  const existingId = start.existingId ?? (start.resumed ? await findCheckRun(octokit, ref, headSha, start) : null);
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
    external_id: checkRunExternalId(start.jobId),
  });
  return BigInt(data.id);
}

/** The check run's reference to the job that opened it. */
export function checkRunExternalId(jobId: string): string {
  return `clearance:${jobId}`;
}

/**
 * The run this job opened on the head commit before its process died, before the id was saved:
 * the App's own "Clearance" runs of that commit (GitHub filters by app_id), then this job's.
 */
async function findCheckRun(octokit: ProbotOctokit, ref: RepoRef, headSha: string, start: CheckRunStart): Promise<bigint | null> {
  const externalId = checkRunExternalId(start.jobId);
  const runs = await octokit.paginate(octokit.rest.checks.listForRef, {
    ...ref,
    ref: headSha,
    check_name: REVIEW_CHECK_NAME,
    filter: "all",
    ...(start.appId !== undefined ? { app_id: start.appId } : {}),
    per_page: 100,
  });
  const own = runs.find((run) => run.external_id === externalId && (start.appId === undefined || run.app?.id === start.appId));
  return own ? BigInt(own.id) : null;
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
