// Shared set-up for billing tests: installations in each billing state and usage filled in bulk.
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import type { Prisma } from "../../src/storage/open-database.js";

let nextId = 1000n;

/** A fresh installation id per test, so tests in one file never share counts. */
export function newInstallationId(): bigint {
  nextId += 1n;
  return nextId;
}

export async function bareInstallation(prisma: Prisma): Promise<bigint> {
  const id = newInstallationId();
  await recordInstallation(prisma, { id, accountLogin: `org-${id}` });
  return id;
}

export async function claimedInstallation(prisma: Prisma, claimedAt: Date): Promise<bigint> {
  const id = await bareInstallation(prisma);
  await claimInstallation(prisma, id, claimedAt);
  return id;
}

/** Marks the one-time grant as used long ago, so a test starts past it. */
export async function useUpGrant(prisma: Prisma, id: bigint): Promise<void> {
  await prisma.installation.update({ where: { id }, data: { grantPeriod: "2020-01", grantAmount: 3, grantedAt: new Date("2020-01-15T00:00:00Z") } });
}

/** Counts `count` pull requests as already reviewed in a period, as admissions would have. */
export async function fillUsage(
  prisma: Prisma,
  id: bigint,
  input: { period: string; count: number; pool: "private" | "public" | "trial"; repositoryId?: bigint },
): Promise<void> {
  const repositoryId = input.repositoryId ?? { private: 900_000n, public: 900_001n, trial: 900_002n }[input.pool];
  const kind = input.pool === "private" ? "included" : input.pool;
  await prisma.usageRecord.createMany({
    data: Array.from({ length: input.count }, (_, i) => ({
      installationId: id,
      period: input.period,
      visibility: input.pool === "public" ? "public" : "private",
      pool: input.pool,
      repositoryId,
      pullNumber: 100_000 + i,
      slot: i + 1,
      kind,
    })),
  });
}
