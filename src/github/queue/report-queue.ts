// What the review queue holds, per installation: queued and running jobs, jobs waiting to be
// retried, recent failures, and how long the oldest queued job has waited. Read by the
// `clearance queue` command, the queue benchmark and the console's queue panel (one installation).
import type { Prisma } from "../../storage/open-database.js";

export interface InstallationQueue {
  installationId: bigint;
  /** Unknown when the installation was never recorded. */
  account: string | undefined;
  queued: number;
  running: number;
  /** Running jobs whose worker stopped renewing the lease (it died): another worker takes them over. */
  stalled: number;
  /** Queued again after a failed attempt. */
  retrying: number;
  /** Jobs that failed for good in the last day. */
  failedLastDay: number;
  /** Oldest queued job's wait, in milliseconds; undefined when nothing is queued. */
  oldestWaitMs: number | undefined;
  lastError: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function reportQueue(prisma: Prisma, now: Date, scope: { installationId?: bigint } = {}): Promise<InstallationQueue[]> {
  // The console asks for its own installation only; the operator's command for all of them.
  const only = scope.installationId === undefined ? {} : { installationId: scope.installationId };
  const [byStatus, stalled, retrying, failed, oldest] = await Promise.all([
    prisma.reviewJob.groupBy({ by: ["installationId", "status"], where: { ...only, status: { in: ["queued", "running"] } }, _count: { _all: true } }),
    prisma.reviewJob.groupBy({ by: ["installationId"], where: { ...only, status: "running", lockedUntil: { lte: now } }, _count: { _all: true } }),
    prisma.reviewJob.groupBy({ by: ["installationId"], where: { ...only, status: "queued", attempts: { gt: 0 }, lastError: { not: null } }, _count: { _all: true } }),
    prisma.reviewJob.groupBy({ by: ["installationId"], where: { ...only, status: "failed", updatedAt: { gt: new Date(now.getTime() - DAY_MS) } }, _count: { _all: true } }),
    prisma.reviewJob.groupBy({ by: ["installationId"], where: { ...only, status: "queued" }, _min: { createdAt: true } }),
  ]);
  const rows = new Map<bigint, InstallationQueue>();
  const row = (installationId: bigint) => {
    let found = rows.get(installationId);
    if (!found) {
      found = { installationId, account: undefined, queued: 0, running: 0, stalled: 0, retrying: 0, failedLastDay: 0, oldestWaitMs: undefined, lastError: undefined };
      rows.set(installationId, found);
    }
    return found;
  };
  for (const group of byStatus) {
    if (group.status === "queued") row(group.installationId).queued = group._count._all;
    else row(group.installationId).running = group._count._all;
  }
  for (const group of stalled) row(group.installationId).stalled = group._count._all;
  for (const group of retrying) row(group.installationId).retrying = group._count._all;
  for (const group of failed) row(group.installationId).failedLastDay = group._count._all;
  for (const group of oldest) {
    if (group._min.createdAt) row(group.installationId).oldestWaitMs = Math.max(0, now.getTime() - group._min.createdAt.getTime());
  }
  const ids = [...rows.keys()];
  const [installations, errors] = await Promise.all([
    prisma.installation.findMany({ where: { id: { in: ids } }, select: { id: true, accountLogin: true } }),
    prisma.reviewJob.findMany({
      where: { installationId: { in: ids }, lastError: { not: null }, status: { in: ["queued", "failed"] } },
      orderBy: { updatedAt: "desc" },
      distinct: ["installationId"],
      select: { installationId: true, lastError: true },
    }),
  ]);
  for (const installation of installations) row(installation.id).account = installation.accountLogin;
  for (const error of errors) row(error.installationId).lastError = error.lastError ?? undefined;
  // The longest wait first: that is where an operator looks.
  return [...rows.values()].sort((a, b) => (b.oldestWaitMs ?? -1) - (a.oldestWaitMs ?? -1) || b.queued - a.queued);
}
