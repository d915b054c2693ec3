// Resolves the review threads of findings a later commit no longer has. Review threads exist
// only in GitHub's GraphQL API: one query lists them (100 per page), one mutation resolves all
// fixed ones together, so the cost does not grow with the number of findings.
import type { ProbotOctokit } from "probot";
import { findingMarker } from "../review/place-inline-comments.js";
import type { RepoRef } from "./check-run.js";

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: { id: string; isResolved: boolean; comments: { nodes: { body: string }[] } }[];
      };
    } | null;
  } | null;
}

const THREADS_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved comments(first: 1) { nodes { body } } }
      }
    }
  }
}`;

export async function resolveFixedThreads(octokit: ProbotOctokit, ref: RepoRef, pullNumber: number, fixedFingerprints: string[]): Promise<number> {
  if (fixedFingerprints.length === 0) return 0;
  const markers = fixedFingerprints.map(findingMarker);
  const threadIds: string[] = [];
  let cursor: string | null = null;
  do {
    const page: ThreadsPage = await octokit.graphql<ThreadsPage>(THREADS_QUERY, { owner: ref.owner, repo: ref.repo, number: pullNumber, cursor });
    const threads = page.repository?.pullRequest?.reviewThreads;
    if (!threads) break;
    for (const thread of threads.nodes) {
      const body = thread.comments.nodes[0]?.body ?? "";
      if (!thread.isResolved && markers.some((marker) => body.includes(marker))) threadIds.push(thread.id);
    }
    cursor = threads.pageInfo.hasNextPage ? threads.pageInfo.endCursor : null;
  } while (cursor);
  if (threadIds.length === 0) return 0;
  const mutation = `mutation(${threadIds.map((_, i) => `$t${i}: ID!`).join(", ")}) {\n${threadIds
    .map((_, i) => `  r${i}: resolveReviewThread(input: { threadId: $t${i} }) { thread { id isResolved } }`)
    .join("\n")}\n}`;
  await octokit.graphql(mutation, Object.fromEntries(threadIds.map((id, i) => [`t${i}`, id])));
  return threadIds.length;
}
