// The exceptions of an organisation (one installation): those in force by default, or all.
import type { Prisma } from "../../storage/open-database.js";
import { exceptionState, type ExceptionRecord, type ExceptionState } from "../types.js";

export interface ListedException extends ExceptionRecord {
  state: ExceptionState;
}

export async function listExceptions(prisma: Prisma, installationId: bigint, options: { now: Date; all?: boolean }): Promise<ListedException[]> {
  const rows = await prisma.findingException.findMany({
    where: options.all ? { installationId } : { installationId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: options.now } }] },
    orderBy: [{ acceptedAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ ...row, state: exceptionState(row, options.now) }));
}
