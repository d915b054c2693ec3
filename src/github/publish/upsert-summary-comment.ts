// The one summary comment per pull request: edited in place on every review, never a second
// one. The stored comment id is tried first; the hidden marker finds it when the id is unknown
// (or the comment was deleted, in which case a new one is written).
import type { ProbotOctokit } from "probot";
import { SUMMARY_MARKER } from "../types.js";
import type { RepoRef } from "./check-run.js";

const MAX_COMMENT = 65_000;

export async function upsertSummaryComment(
  octokit: ProbotOctokit,
  ref: RepoRef & { issue_number: number },
  storedId: bigint | null,
  body: string,
): Promise<bigint> {
  const text = body.length > MAX_COMMENT ? `${body.slice(0, MAX_COMMENT)}\n\n…` : body;
  if (storedId !== null) {
    try {
      await octokit.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: Number(storedId), body: text });
      return storedId;
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }
  const existing = await findSummaryComment(octokit, ref);
  if (existing !== undefined) {
    await octokit.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: existing, body: text });
    return BigInt(existing);
  }
  const { data } = await octokit.rest.issues.createComment({ ...ref, body: text });
  return BigInt(data.id);
}

async function findSummaryComment(octokit: ProbotOctokit, ref: RepoRef & { issue_number: number }): Promise<number | undefined> {
  for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, { ...ref, per_page: 100 })) {
    const found = page.data.find((comment) => comment.body?.includes(SUMMARY_MARKER) && comment.user?.type === "Bot");
    if (found) return found.id;
  }
  return undefined;
}
