// Ends a job's claim: completed, failed, superseded, or back in the queue for a retry.
import type { Prisma } from "../../storage/open-database.js";

export type FinalJobStatus = "completed" | "failed" | "superseded";

export async function finishReviewJob(prisma: Prisma, jobId: string, status: FinalJobStatus, lastError?: string) {
  // A job superseded while it ran stays superseded, whatever it reports.
  const current = await prisma.reviewJob.findUnique({ where: { id: jobId }, select: { status: true } });
  const finalStatus = current?.status === "superseded" ? "superseded" : status;
  await prisma.reviewJob.update({ where: { id: jobId }, data: { status: finalStatus, lockedBy: null, lockedUntil: null, lastError: lastError ?? null } });
}

export async function retryReviewJobLater(prisma: Prisma, jobId: string, runAfter: Date, lastError: string) {
  await prisma.reviewJob.updateMany({
    where: { id: jobId, status: "running" },
    data: { status: "queued", runAfter, lockedBy: null, lockedUntil: null, lastError },
  });
  await prisma.reviewJob.updateMany({ where: { id: jobId, status: "superseded" }, data: { lockedBy: null, lockedUntil: null, lastError } });
}

export async function isJobSuperseded(prisma: Prisma, jobId: string): Promise<boolean> {
  const job = await prisma.reviewJob.findUnique({ where: { id: jobId }, select: { status: true } });
  return job?.status === "superseded";
}
