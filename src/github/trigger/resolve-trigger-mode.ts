// The mode that applies to one repository: organisation default, then the repository's
// .github/clearance.yml, then the per-repository override the organisation set.
import { TRIGGER_MODES, type TriggerMode } from "../../domain/types.js";
import type { Prisma } from "../../storage/open-database.js";

export async function storedTriggerModes(prisma: Prisma, installationId: bigint, repoFullName: string) {
  const [installation, override] = await Promise.all([
    prisma.installation.findUnique({ where: { id: installationId }, select: { triggerMode: true } }),
    prisma.repositoryTriggerOverride.findUnique({
      where: { installationId_repoFullName: { installationId, repoFullName: repoFullName.toLowerCase() } },
    }),
  ]);
  return {
    organisation: asMode(installation?.triggerMode) ?? "auto",
    override: asMode(override?.mode),
  };
}

export function resolveTriggerMode(modes: { organisation: TriggerMode; file?: TriggerMode; override?: TriggerMode }): TriggerMode {
  return modes.override ?? modes.file ?? modes.organisation;
}

function asMode(value: string | undefined | null): TriggerMode | undefined {
  return (TRIGGER_MODES as readonly string[]).includes(value ?? "") ? (value as TriggerMode) : undefined;
}
