// installation and installation_repositories: keep installations (active, suspended, deleted)
// and their repositories (with the private flag) current. Deleted or suspended installations are
// never reviewed.
import type { Context } from "probot";
import { recordInstallation } from "../../domain/installations.js";
import type { Prisma } from "../../storage/open-database.js";

type InstallationContext = Context<"installation">;
type RepositoriesContext = Context<"installation_repositories">;

const STATUS_BY_ACTION: Record<string, "active" | "suspended" | "deleted"> = {
  created: "active",
  new_permissions_accepted: "active",
  unsuspend: "active",
  suspend: "suspended",
  deleted: "deleted",
};

export async function onInstallation(prisma: Prisma, context: InstallationContext, now: Date) {
  const { installation, action } = context.payload;
  const status = STATUS_BY_ACTION[action];
  if (!status) return;
  const account = installation.account as { login?: string; slug?: string; type?: string } | null;
  const id = BigInt(installation.id);
  await recordInstallation(prisma, {
    id,
    accountLogin: account?.login ?? account?.slug ?? String(installation.id),
    accountType: account?.type === "User" ? "User" : "Organization",
    status,
  });
  const repositories = "repositories" in context.payload ? (context.payload.repositories ?? []) : [];
  if (status === "active") await upsertRepositories(prisma, id, repositories);
  if (status === "deleted") await prisma.repository.updateMany({ where: { installationId: id, removedAt: null }, data: { removedAt: now } });
}

export async function onInstallationRepositories(prisma: Prisma, context: RepositoriesContext, now: Date) {
  const { installation, repositories_added, repositories_removed } = context.payload;
  const id = BigInt(installation.id);
  const account = installation.account as { login?: string; type?: string } | null;
  await prisma.installation.createMany({
    data: [{ id, accountLogin: account?.login ?? String(installation.id), accountType: account?.type === "User" ? "User" : "Organization" }],
    skipDuplicates: true,
  });
  await upsertRepositories(prisma, id, repositories_added);
  const removed = repositories_removed.flatMap((r) => (r.id === undefined ? [] : [BigInt(r.id)]));
  if (removed.length > 0) await prisma.repository.updateMany({ where: { id: { in: removed } }, data: { removedAt: now } });
}

async function upsertRepositories(prisma: Prisma, installationId: bigint, repositories: { id: number; full_name: string; private: boolean }[]) {
  for (const r of repositories) {
    await prisma.repository.upsert({
      where: { id: BigInt(r.id) },
      create: { id: BigInt(r.id), installationId, fullName: r.full_name, private: r.private },
      update: { installationId, fullName: r.full_name, private: r.private, removedAt: null },
    });
  }
}
