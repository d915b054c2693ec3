// The one summary comment per pull request: edited in place on every review, never a second
// one. The id comes from the database, or else from the App's own marked comment found in the
// review's first request (read-pull-request-context: only a comment the App wrote counts, never
// another bot's that quotes the marker). A summary someone deleted is written anew.
import type { ProbotOctokit } from "probot";
import type { RepoRef } from "./check-run.js";

const MAX_COMMENT = 65_000;

export async function upsertSummaryComment(
  octokit: ProbotOctokit,
  ref: RepoRef & { issue_number: number },
  knownId: bigint | null,
  body: string,
): Promise<bigint> {
  // Cut at a whole character: half a surrogate pair would be invalid text.
  const text = body.length > MAX_COMMENT ? `${body.slice(0, MAX_COMMENT).replace(/[\ud800-\udbff]$/, "")}\n\n…` : body;
  if (knownId !== null) {
    try {
      // Editing is not a notification-triggering write; creating is (GitHub paces those at one per 3 s).
      await octokit.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: Number(knownId), body: text });
      return knownId;
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }
  const { data } = await octokit.rest.issues.createComment({ ...ref, body: text });
  return BigInt(data.id);
}
