// A pull_request "closed" event already delivered tells whether it was merged, when and by whom;
// the evidence ledger reads it from here. Reopening forgets the closure until the next one.
import type { Prisma } from "../../storage/open-database.js";

export interface ClosedPullRequest {
  installationId: number;
  repository: { id: number; full_name: string };
  pull_request: {
    number: number;
    title: string;
    html_url: string;
    merged?: boolean | null;
    merged_at?: string | null;
    merged_by?: { login: string } | null;
    merge_commit_sha?: string | null;
    closed_at?: string | null;
  };
}

export async function recordPullRequestClosure(prisma: Prisma, event: ClosedPullRequest, now: Date): Promise<void> {
  const pull = event.pull_request;
  const key = { repositoryId: BigInt(event.repository.id), pullNumber: pull.number };
  const merged = pull.merged === true;
  const data = {
    installationId: BigInt(event.installationId),
    repoFullName: event.repository.full_name,
    title: pull.title.slice(0, 1000),
    htmlUrl: pull.html_url,
    merged,
    mergedBy: merged ? (pull.merged_by?.login ?? null) : null,
    mergedAt: merged && pull.merged_at ? new Date(pull.merged_at) : null,
    mergeCommitSha: merged ? (pull.merge_commit_sha ?? null) : null,
    closedAt: pull.closed_at ? new Date(pull.closed_at) : now,
  };
  await prisma.pullRequestClosure.upsert({ where: { repositoryId_pullNumber: key }, create: { ...key, ...data }, update: data });
}

export async function forgetPullRequestClosure(prisma: Prisma, repositoryId: number, pullNumber: number): Promise<void> {
  await prisma.pullRequestClosure.deleteMany({ where: { repositoryId: BigInt(repositoryId), pullNumber } });
}
