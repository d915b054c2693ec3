// Keeps the installation and repository of a pull-request webhook on record (private flag
// current), and says whether the installation may be reviewed at all.
import type { Prisma } from "../../storage/open-database.js";

export interface RepositoryPayload {
  installationId: number;
  repository: { id: number; full_name: string; private: boolean; owner: { login: string; type?: string } };
}

export async function recordRepositoryOfEvent(prisma: Prisma, payload: RepositoryPayload): Promise<"active" | "inactive"> {
  const installationId = BigInt(payload.installationId);
  const installation = await prisma.installation.findUnique({ where: { id: installationId }, select: { status: true } });
  if (installation && installation.status !== "active") return "inactive";
  if (!installation) {
    // The installation webhook was missed: an event from it proves it is installed.
    await prisma.installation.createMany({
      data: [{ id: installationId, accountLogin: payload.repository.owner.login, accountType: payload.repository.owner.type === "User" ? "User" : "Organization" }],
      skipDuplicates: true,
    });
  }
  const repository = payload.repository;
  await prisma.repository.upsert({
    where: { id: BigInt(repository.id) },
    create: { id: BigInt(repository.id), installationId, fullName: repository.full_name, private: repository.private },
    update: { installationId, fullName: repository.full_name, private: repository.private, removedAt: null },
  });
  return "active";
}
