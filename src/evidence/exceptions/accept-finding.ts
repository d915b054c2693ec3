// Records an exception: a finding of one pull request accepted as a known risk, by whom, when,
// why and until when. The finding is named by its reference as the summary lists it. A claimed
// organisation's audit log records it too.
import { recordAudit } from "../../domain/audit.js";
import type { Prisma } from "../../storage/open-database.js";
import { findingReference, fingerprintsMatching } from "../finding-reference.js";
import { EvidenceError, type ExceptionRecord } from "../types.js";

export interface AcceptFindingInput {
  installationId: bigint;
  repositoryId: bigint;
  repoFullName: string;
  pullNumber: number;
  reference: string;
  reason: string;
  /** Last day the exception holds (YYYY-MM-DD, UTC); none: until revoked. */
  until?: string;
  acceptedBy: string;
  acceptedById?: bigint;
  /** The repository permission checked through GitHub's API (admin | write). */
  acceptedWith: string;
  commentUrl?: string;
  now: Date;
}

export interface AcceptedException extends ExceptionRecord {
  path: string;
  line: number;
  controls: string[];
}

export async function acceptFinding(prisma: Prisma, input: AcceptFindingInput): Promise<AcceptedException> {
  const expiresAt = input.until ? new Date(Date.parse(`${input.until}T00:00:00Z`) + 86_400_000) : null;
  if (expiresAt && expiresAt <= input.now) throw new EvidenceError("invalid_period", `--until ${input.until} is in the past.`);
  return prisma.$transaction(async (tx) => {
    const findings = await tx.pullRequestFinding.findMany({
      where: { repositoryId: input.repositoryId, pullNumber: input.pullNumber },
      select: { fingerprint: true, path: true, line: true, controls: true, fixedAt: true },
    });
    const matches = fingerprintsMatching(input.reference, findings.map((f) => f.fingerprint));
    if (matches.length === 0) throw new EvidenceError("unknown_finding", `No finding ${input.reference} on this pull request.`);
    if (matches.length > 1) throw new EvidenceError("ambiguous_reference", `${input.reference} names more than one finding.`, matches.map(findingReference));
    const finding = findings.find((f) => f.fingerprint === matches[0])!;
    if (finding.fixedAt) throw new EvidenceError("finding_fixed", `Finding ${input.reference} is already fixed.`);
    // A new acceptance replaces the one in force (a new reason or expiry), and says so.
    const inForce = { repositoryId: input.repositoryId, pullNumber: input.pullNumber, fingerprint: finding.fingerprint, revokedAt: null };
    const superseded = (await tx.findingException.findMany({ where: inForce, select: { id: true } })).map((e) => e.id);
    await tx.findingException.updateMany({ where: { id: { in: superseded } }, data: { revokedAt: input.now, revokedBy: `superseded by ${input.acceptedBy}` } });
    const created = await tx.findingException.create({
      data: {
        installationId: input.installationId,
        repositoryId: input.repositoryId,
        repoFullName: input.repoFullName,
        pullNumber: input.pullNumber,
        fingerprint: finding.fingerprint,
        reason: input.reason,
        acceptedBy: input.acceptedBy,
        acceptedById: input.acceptedById ?? null,
        acceptedWith: input.acceptedWith,
        acceptedAt: input.now,
        expiresAt,
        commentUrl: input.commentUrl ?? null,
      },
    });
    const organisation = await tx.organisation.findUnique({ where: { installationId: input.installationId }, select: { id: true } });
    if (organisation) {
      await recordAudit(tx, {
        organisationId: organisation.id,
        actor: `github:${input.acceptedBy}`,
        action: "exception.accept",
        before: { superseded },
        after: { id: created.id, repository: input.repoFullName, pull_number: input.pullNumber, fingerprint: finding.fingerprint, reason: input.reason, expires_at: expiresAt?.toISOString() ?? null, permission: input.acceptedWith },
        now: input.now,
      });
    }
    return { ...created, path: finding.path, line: finding.line, controls: controlLabels(finding.controls) };
  });
}

export function controlLabels(json: unknown): string[] {
  return Array.isArray(json) ? json.map((c: { framework?: string; id?: string }) => `${c.framework} ${c.id}`) : [];
}
