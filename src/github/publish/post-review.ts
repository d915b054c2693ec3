// Posts one pull-request review with event COMMENT carrying all new inline comments (never
// REQUEST_CHANGES, never an approval). If GitHub rejects it (a comment it cannot place), the
// caller lists those findings in the summary instead, so one bad comment never loses the review.
import type { ProbotOctokit } from "probot";
import type { InlineComment } from "../review/place-inline-comments.js";
import type { RepoRef } from "./check-run.js";

export type PostReviewOutcome = "posted" | "rejected" | "nothing_to_post";

export async function postReview(
  octokit: ProbotOctokit,
  ref: RepoRef & { pull_number: number },
  headSha: string,
  comments: InlineComment[],
  body: string,
): Promise<PostReviewOutcome> {
  if (comments.length === 0) return "nothing_to_post";
  try {
    await octokit.rest.pulls.createReview({ ...ref, commit_id: headSha, event: "COMMENT", body, comments });
    return "posted";
  } catch (error) {
    if ((error as { status?: number }).status !== 422) throw error;
    return "rejected";
  }
}
