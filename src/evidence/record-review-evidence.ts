// After a review: keeps the pull request's findings on record for the ledger (first and last
// seen, fixed when a later review no longer finds them) and splits the findings into those to
// raise and those an exception in force covers, which are not raised again.
import type { Finding } from "../engine/types.js";
import type { Prisma } from "../storage/open-database.js";
import { exceptionHoldsAt } from "./types.js";

export interface PullRequestRef {
  installationId: bigint;
  repositoryId: bigint;
  repoFullName: string;
  pullNumber: number;
}

export interface AcceptedFinding {
  finding: Finding;
  reason: string;
  acceptedBy: string;
  acceptedAt: Date;
  expiresAt: Date | null;
}

export interface ReviewEvidence {
  /** Findings to publish: inline, in the summary and in the count. */
  raised: Finding[];
  /** Findings an exception in force covers. */
  accepted: AcceptedFinding[];
}

export async function recordReviewEvidence(prisma: Prisma, pr: PullRequestRef, headSha: string, findings: Finding[], now: Date): Promise<ReviewEvidence> {
  const where = { repositoryId: pr.repositoryId, pullNumber: pr.pullNumber };
  const current = new Set(findings.map((f) => f.fingerprint));
  await prisma.$transaction(async (tx) => {
    const known = await tx.pullRequestFinding.findMany({ where, select: { fingerprint: true, fixedAt: true } });
    const gone = known.filter((k) => !k.fixedAt && !current.has(k.fingerprint)).map((k) => k.fingerprint);
    if (gone.length > 0) await tx.pullRequestFinding.updateMany({ where: { ...where, fingerprint: { in: gone } }, data: { fixedAt: now, fixedSha: headSha } });
    for (const finding of findings) {
      const data = {
        ruleId: finding.ruleId,
        area: finding.area,
        severity: finding.severity,
        path: finding.path,
        line: finding.line,
        controls: finding.controls.map((c) => ({ framework: c.framework, id: c.id, title: c.title })),
        lastSeenAt: now,
        lastSeenSha: headSha,
        fixedAt: null,
        fixedSha: null,
      };
      await tx.pullRequestFinding.upsert({
        where: { repositoryId_pullNumber_fingerprint: { ...where, fingerprint: finding.fingerprint } },
        create: { ...where, installationId: pr.installationId, repoFullName: pr.repoFullName, fingerprint: finding.fingerprint, firstSeenAt: now, ...data },
        update: data,
      });
    }
  });
  const exceptions = await prisma.findingException.findMany({ where: { ...where, revokedAt: null, fingerprint: { in: [...current] } }, orderBy: { acceptedAt: "desc" } });
  const raised: Finding[] = [];
  const accepted: AcceptedFinding[] = [];
  for (const finding of findings) {
    const exception = exceptions.find((e) => e.fingerprint === finding.fingerprint && exceptionHoldsAt(e, now));
    if (exception) accepted.push({ finding, reason: exception.reason, acceptedBy: exception.acceptedBy, acceptedAt: exception.acceptedAt, expiresAt: exception.expiresAt });
    else raised.push(finding);
  }
  return { raised, accepted };
}
