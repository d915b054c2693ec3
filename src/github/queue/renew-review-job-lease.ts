// Extends a running job's lease while its worker still works on it, so a long review (a slow
// model, GitHub's pacing) is not taken over by another instance. False when the job is no
// longer this worker's (released, or taken over after a stall).
import type { Prisma } from "../../storage/open-database.js";

export async function renewReviewJobLease(prisma: Prisma, jobId: string, workerId: string, lockedUntil: Date): Promise<boolean> {
  // Superseded-while-running jobs keep their lease too: the newer job of the pull request waits for it.
  const { count } = await prisma.reviewJob.updateMany({
    where: { id: jobId, lockedBy: workerId, status: { in: ["running", "superseded"] } },
    data: { lockedUntil },
  });
  return count === 1;
}
