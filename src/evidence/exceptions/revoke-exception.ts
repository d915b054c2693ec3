// Revokes an exception: from the next review on, its finding is raised again. `revokedBy` is the
// actor as the audit log names it ("cli", "console:<user>").
import { recordAudit } from "../../domain/audit.js";
import type { Prisma } from "../../storage/open-database.js";
import { EvidenceError, exceptionState, type ExceptionRecord } from "../types.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function revokeException(prisma: Prisma, input: { id: string; installationId?: bigint; revokedBy: string; now: Date }): Promise<ExceptionRecord> {
  if (!UUID.test(input.id)) throw new EvidenceError("not_found", `No exception ${input.id}.`);
  return prisma.$transaction(async (tx) => {
    const row = await tx.findingException.findUnique({ where: { id: input.id } });
    // Another organisation's exception is answered as missing: its existence is not ours to tell.
    if (!row || (input.installationId !== undefined && row.installationId !== input.installationId)) throw new EvidenceError("not_found", `No exception ${input.id}.`);
    const state = exceptionState(row, input.now);
    if (state !== "active") throw new EvidenceError("already_revoked", `Exception ${input.id} is already ${state}.`);
    const revoked = await tx.findingException.update({ where: { id: input.id }, data: { revokedAt: input.now, revokedBy: input.revokedBy } });
    const organisation = await tx.organisation.findUnique({ where: { installationId: row.installationId }, select: { id: true } });
    if (organisation) {
      await recordAudit(tx, { organisationId: organisation.id, actor: input.revokedBy, action: "exception.revoke", before: { id: row.id, state }, after: { id: row.id, revoked_at: input.now.toISOString() }, now: input.now });
    }
    return revoked;
  });
}
