// Claims the next review job for one worker. Claims are serialised across app instances by a
// transaction-scoped advisory lock (PGlite has one connection anyway), and a pull request with a
// job still being worked on is left alone, so its reviews land in order. A job whose worker
// died (lease expired) is claimed again: work survives a restart.
import type { ReviewJob } from "../../generated/prisma/client.js";
import type { Prisma } from "../../storage/open-database.js";

const CLAIM_LOCK = 7_294_011;

export async function claimReviewJob(prisma: Prisma, workerId: string, now: Date, leaseMs: number): Promise<ReviewJob | undefined> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const candidates = await tx.reviewJob.findMany({
      where: {
        OR: [
          { status: "queued", runAfter: { lte: now } },
          { status: "running", lockedUntil: { lte: now } },
        ],
      },
      orderBy: { createdAt: "asc" },
      take: 50,
    });
    for (const candidate of candidates) {
      const busy = await tx.reviewJob.findFirst({
        where: { repositoryId: candidate.repositoryId, pullNumber: candidate.pullNumber, id: { not: candidate.id }, lockedUntil: { gt: now } },
        select: { id: true },
      });
      if (busy) continue;
      return tx.reviewJob.update({
        where: { id: candidate.id },
        data: { status: "running", lockedBy: workerId, lockedUntil: new Date(now.getTime() + leaseMs), attempts: { increment: 1 } },
      });
    }
    return undefined;
  });
}
