// After a crash (kill -9) between posting a job's review and saving the pull request's state, the
// resumed job must not post the same review again. It looks for the review it already posted: one
// the App itself wrote (viewerDidAuthor, so another bot quoting the marker never counts), on this
// head commit, carrying this job's marker; and reads which findings its inline comments carry.
// GraphQL rather than REST's list-reviews: viewerDidAuthor identifies the App without learning its
// bot login through an App-JWT call, and one request returns the reviews with their comments.
import type { ProbotOctokit } from "probot";
import { readFindingMarker } from "../review/place-inline-comments.js";
import type { RepoRef } from "./check-run.js";

/** Written into every review body, so a resumed job finds its own review and no other job's. */
export function reviewMarker(jobId: string): string {
  return `<!-- clearance:review:${jobId} -->`;
}

interface ReviewsPage {
  pageInfo: { hasPreviousPage: boolean; startCursor: string | null };
  nodes: { viewerDidAuthor: boolean; body: string; commit: { oid: string } | null; comments: { nodes: { body: string }[] } }[];
}

// Newest first (last/before): the review sought is among the latest. A review carries at most
// MAX_INLINE_COMMENTS (50) comments, so one page of 100 holds them all.
export const POSTED_REVIEWS_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviews(last: 50, before: $cursor) {
        pageInfo { hasPreviousPage startCursor }
        nodes { viewerDidAuthor body commit { oid } comments(first: 100) { nodes { body } } }
      }
    }
  }
}`;

/** The fingerprints whose inline comments this job's review already carries, or undefined when it posted none. */
export async function findPostedReview(octokit: ProbotOctokit, ref: RepoRef & { pull_number: number }, headSha: string, jobId: string): Promise<Set<string> | undefined> {
  const marker = reviewMarker(jobId);
  let cursor: string | null = null;
  for (;;) {
    const answer: { repository: { pullRequest: { reviews: ReviewsPage } | null } | null } = await octokit.graphql(POSTED_REVIEWS_QUERY, {
      owner: ref.owner,
      repo: ref.repo,
      number: ref.pull_number,
      cursor,
    });
    const page = answer.repository?.pullRequest?.reviews;
    if (!page) return undefined;
    const own = page.nodes.find((r) => r.viewerDidAuthor && r.commit?.oid === headSha && r.body.includes(marker));
    if (own) {
      const fingerprints = new Set<string>();
      for (const comment of own.comments.nodes) {
        const fingerprint = readFindingMarker(comment.body);
        if (fingerprint) fingerprints.add(fingerprint);
      }
      return fingerprints;
    }
    if (!page.pageInfo.hasPreviousPage || !page.pageInfo.startCursor) return undefined;
    cursor = page.pageInfo.startCursor;
  }
}
