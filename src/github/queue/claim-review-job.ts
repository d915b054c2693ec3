// Claims the next review job for one worker, taking installations in turn: the installation whose
// last turn is oldest (or that never had one) and has waiting work is served next, so one
// organisation's burst never holds the others behind GitHub's pacing of its writes. Claims are
// serialised across app instances by a transaction-scoped advisory lock (PGlite has one
// connection anyway), and a pull request with a job still being worked on is left alone, so its
// reviews land in order. A job whose worker died (lease expired) is claimed again: work survives
// a restart.
import type { ReviewJob } from "../../generated/prisma/client.js";
import type { Prisma } from "../../storage/open-database.js";

const CLAIM_LOCK = 7_294_011;
/** Jobs of one installation looked at per claim; more only when all of them wait on a busy pull request. */
const CANDIDATES_PER_INSTALLATION = 50;

/** skipInstallations: installations this worker may not take another job from now (it runs its bound of them). */
export async function claimReviewJob(prisma: Prisma, workerId: string, now: Date, leaseMs: number, skipInstallations: readonly bigint[] = []): Promise<ReviewJob | undefined> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const claimable = {
      OR: [
        { status: "queued", runAfter: { lte: now } },
        { status: "running", lockedUntil: { lte: now } },
      ],
      ...(skipInstallations.length > 0 ? { installationId: { notIn: [...skipInstallations] } } : {}),
    };
    const waiting = await tx.reviewJob.groupBy({ by: ["installationId"], where: claimable, _min: { createdAt: true } });
    if (waiting.length === 0) return undefined;
    const turns = new Map(
      (await tx.reviewQueueTurn.findMany({ where: { installationId: { in: waiting.map((w) => w.installationId) } } })).map((t) => [t.installationId, t.turn]),
    );
    // No turn yet sorts first; among equals, the installation whose work waited longest.
    const order = waiting
      .map((w) => ({ installationId: w.installationId, turn: turns.get(w.installationId) ?? -1n, oldest: w._min.createdAt?.getTime() ?? 0 }))
      .sort((a, b) => (a.turn === b.turn ? a.oldest - b.oldest : a.turn < b.turn ? -1 : 1));

    for (const { installationId } of order) {
      const candidates = await tx.reviewJob.findMany({ where: { ...claimable, installationId }, orderBy: { createdAt: "asc" }, take: CANDIDATES_PER_INSTALLATION });
      for (const candidate of candidates) {
        const busy = await tx.reviewJob.findFirst({
          where: { repositoryId: candidate.repositoryId, pullNumber: candidate.pullNumber, id: { not: candidate.id }, lockedUntil: { gt: now } },
          select: { id: true },
        });
        if (busy) continue;
        const last = await tx.reviewQueueTurn.aggregate({ _max: { turn: true } });
        const turn = (last._max.turn ?? 0n) + 1n;
        await tx.reviewQueueTurn.upsert({ where: { installationId }, create: { installationId, turn }, update: { turn } });
        return tx.reviewJob.update({
          where: { id: candidate.id },
          data: { status: "running", lockedBy: workerId, lockedUntil: new Date(now.getTime() + leaseMs), attempts: { increment: 1 } },
        });
      }
    }
    return undefined;
  });
}
