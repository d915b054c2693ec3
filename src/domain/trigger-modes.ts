// Review trigger modes: the organisation's mode and per-repository overrides. The one writer of
// installations.trigger_mode and repository_trigger_overrides, for the CLI and the console.
import type { Prisma } from "../storage/open-database.js";
import { recordAudit } from "./audit.js";
import { DomainError } from "./errors.js";
import { requireInstallation } from "./installations.js";
import { TRIGGER_MODES, type TriggerMode } from "./types.js";

const REPO_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

export function parseTriggerMode(raw: string): TriggerMode {
  if (!(TRIGGER_MODES as readonly string[]).includes(raw)) throw new DomainError("invalid_mode", `Unknown mode "${raw}"; modes are ${TRIGGER_MODES.join(", ")}.`);
  return raw as TriggerMode;
}

export function parseRepositoryName(raw: string): string {
  if (!REPO_NAME.test(raw)) throw new DomainError("invalid_repository", `"${raw}" is not a repository name (owner/name).`);
  return raw;
}

export interface TriggerModes {
  organisation: TriggerMode;
  /** lower-cased owner/name → mode */
  overrides: Map<string, TriggerMode>;
}

export async function getTriggerModes(prisma: Prisma, installationId: bigint): Promise<TriggerModes> {
  const installation = await requireInstallation(prisma, installationId);
  const overrides = await prisma.repositoryTriggerOverride.findMany({ where: { installationId } });
  return {
    organisation: installation.triggerMode as TriggerMode,
    overrides: new Map(overrides.map((o) => [o.repoFullName, o.mode as TriggerMode])),
  };
}

/** Sets the organisation's mode; audited when the installation is claimed. */
export async function setOrganisationTriggerMode(prisma: Prisma, installationId: bigint, mode: TriggerMode, actor: string, now: Date) {
  const installation = await requireInstallation(prisma, installationId);
  parseTriggerMode(mode);
  if (installation.triggerMode === mode) return;
  await prisma.$transaction(async (tx) => {
    await tx.installation.update({ where: { id: installationId }, data: { triggerMode: mode } });
    if (installation.organisation) {
      await recordAudit(tx, { organisationId: installation.organisation.id, actor, action: "trigger_mode.set", before: { mode: installation.triggerMode }, after: { mode }, now });
    }
  });
}

/** Sets (or with null removes) one repository's override, which wins over the organisation's mode and the repository's file. */
export async function setRepositoryTriggerMode(prisma: Prisma, installationId: bigint, repository: string, mode: TriggerMode | null, actor: string, now: Date) {
  const installation = await requireInstallation(prisma, installationId);
  const repoFullName = parseRepositoryName(repository).toLowerCase();
  if (mode !== null) parseTriggerMode(mode);
  const key = { installationId_repoFullName: { installationId, repoFullName } };
  const current = await prisma.repositoryTriggerOverride.findUnique({ where: key });
  if ((current?.mode ?? null) === mode) return;
  await prisma.$transaction(async (tx) => {
    if (mode === null) await tx.repositoryTriggerOverride.delete({ where: key });
    else await tx.repositoryTriggerOverride.upsert({ where: key, create: { installationId, repoFullName, mode }, update: { mode } });
    if (installation.organisation) {
      await recordAudit(tx, {
        organisationId: installation.organisation.id,
        actor,
        action: "trigger_mode.repository_set",
        before: { repository: repoFullName, mode: current?.mode ?? null },
        after: { repository: repoFullName, mode },
        now,
      });
    }
  });
}
