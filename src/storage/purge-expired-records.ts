// Operational records are kept only as long as they serve their purpose, so the tables do not grow
// without bound. Audit records and review runs are history and are never purged here.
import type { Prisma } from "./open-database.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** GitHub lets a delivery be redelivered for 3 days; a week leaves a margin. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 7 * DAY_MS;
/** Finished jobs stay a month for operators' inspection; their outcome is kept in review runs. */
export const FINISHED_JOB_RETENTION_MS = 30 * DAY_MS;

export async function purgeExpiredRecords(prisma: Prisma, now: Date) {
  const [idempotencyRecords, webhookDeliveries, reviewJobs, oidcSignIns, emailSignIns] = await Promise.all([
    prisma.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.webhookDelivery.deleteMany({ where: { receivedAt: { lt: new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS) } } }),
    prisma.reviewJob.deleteMany({
      where: { status: { in: ["completed", "superseded", "failed"] }, updatedAt: { lt: new Date(now.getTime() - FINISHED_JOB_RETENTION_MS) } },
    }),
    // Console sign-ins by OpenID Connect or e-mail link left unfinished (also cleared as new ones start).
    prisma.consoleOidcSignIn.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.consoleEmailSignIn.deleteMany({ where: { expiresAt: { lte: now } } }),
  ]);
  return {
    idempotencyRecords: idempotencyRecords.count,
    webhookDeliveries: webhookDeliveries.count,
    reviewJobs: reviewJobs.count,
    oidcSignIns: oidcSignIns.count,
    emailSignIns: emailSignIns.count,
  };
}
