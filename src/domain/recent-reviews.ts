// The newest reviews of an installation, with the repository's name, for the console.
import type { Prisma } from "../storage/open-database.js";

export interface RecentReview {
  repository: string | null;
  pullNumber: number;
  headSha: string;
  outcome: string;
  findings: number;
  engine: string;
  createdAt: Date;
}

export async function listRecentReviews(prisma: Prisma, installationId: bigint, limit = 50): Promise<RecentReview[]> {
  const runs = await prisma.reviewRun.findMany({ where: { installationId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: limit });
  const repoIds = [...new Set(runs.map((r) => r.repositoryId))];
  const repos = repoIds.length ? await prisma.repository.findMany({ where: { id: { in: repoIds }, installationId }, select: { id: true, fullName: true } }) : [];
  const nameOf = new Map(repos.map((r) => [r.id, r.fullName]));
  return runs.map((r) => ({
    repository: nameOf.get(r.repositoryId) ?? null,
    pullNumber: r.pullNumber,
    headSha: r.headSha,
    outcome: r.outcome,
    findings: r.findingsCount,
    engine: r.engine,
    createdAt: r.createdAt,
  }));
}
