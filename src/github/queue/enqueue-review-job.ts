// Records a webhook delivery and queues its review in one transaction: a redelivery (same
// X-GitHub-Delivery) does nothing, and a crash never keeps the delivery without its job.
// A newer job for a pull request supersedes its queued and running jobs and inherits their
// strongest trigger.
import type { Prisma } from "../../storage/open-database.js";
import { strongestTrigger } from "../trigger/coalesce-triggers.js";
import type { ReviewTrigger } from "../types.js";

export interface ReviewJobRequest {
  installationId: bigint;
  repositoryId: bigint;
  repoFullName: string;
  pullNumber: number;
  /** Empty for the command: the worker reviews the head it finds. */
  headSha: string;
  trigger: ReviewTrigger;
}

export interface Delivery {
  id: string;
  event: string;
}

export type EnqueueOutcome = { status: "duplicate" } | { status: "enqueued"; jobId: string; superseded: number };

export async function enqueueReviewJob(prisma: Prisma, delivery: Delivery, request: ReviewJobRequest, now: Date): Promise<EnqueueOutcome> {
  return prisma.$transaction(async (tx) => {
    if (!(await recordDelivery(tx, delivery, now))) return { status: "duplicate" as const };
    // Serialise enqueues of one pull request across instances, so exactly one job stays live.
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, `review:${request.repositoryId}:${request.pullNumber}`);
    const live = await tx.reviewJob.findMany({
      where: { repositoryId: request.repositoryId, pullNumber: request.pullNumber, status: { in: ["queued", "running"] } },
      select: { id: true, trigger: true },
    });
    if (live.length > 0) {
      await tx.reviewJob.updateMany({ where: { id: { in: live.map((j) => j.id) } }, data: { status: "superseded" } });
    }
    const trigger = strongestTrigger([request.trigger, ...live.map((j) => j.trigger as ReviewTrigger)]);
    const job = await tx.reviewJob.create({ data: { ...request, trigger, status: "queued", runAfter: now, createdAt: now } });
    return { status: "enqueued" as const, jobId: job.id, superseded: live.length };
  });
}

type Transaction = Parameters<Parameters<Prisma["$transaction"]>[0]>[0];

/** True when the delivery is new. skipDuplicates keeps the transaction usable on a repeat. */
export async function recordDelivery(tx: Transaction | Prisma, delivery: Delivery, now: Date): Promise<boolean> {
  const { count } = await tx.webhookDelivery.createMany({ data: [{ id: delivery.id, event: delivery.event, receivedAt: now }], skipDuplicates: true });
  return count === 1;
}
