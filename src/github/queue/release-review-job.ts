// Hands a running job back to the queue when its worker shuts down before the job finished:
// queued again at once (lease ended now, the attempt not counted), so another instance or the
// next start takes it over without waiting for the lease to run out. Its check run id stays on
// the job, so the next attempt reuses the check run left in progress.
import type { Prisma } from "../../storage/open-database.js";

export async function releaseReviewJob(prisma: Prisma, jobId: string, workerId: string, now: Date): Promise<void> {
  await prisma.reviewJob.updateMany({
    where: { id: jobId, lockedBy: workerId, status: "running" },
    data: { status: "queued", runAfter: now, lockedBy: null, lockedUntil: now, attempts: { decrement: 1 } },
  });
  // Superseded while it ran: nothing to resume, but the newer job of the pull request may go now.
  await prisma.reviewJob.updateMany({ where: { id: jobId, lockedBy: workerId, status: "superseded" }, data: { lockedBy: null, lockedUntil: null } });
}
