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
  // A few statements whatever the number of findings: one for the fixed, one for those seen
  // again, one insert for the new; a row is written alone only when its line or controls moved.
  await prisma.$transaction(async (tx) => {
    const known = new Map((await tx.pullRequestFinding.findMany({ where, select: { fingerprint: true, fixedAt: true, line: true, severity: true, controls: true } })).map((k) => [k.fingerprint, k]));
    const gone = [...known.values()].filter((k) => !k.fixedAt && !current.has(k.fingerprint)).map((k) => k.fingerprint);
    if (gone.length > 0) await tx.pullRequestFinding.updateMany({ where: { ...where, fingerprint: { in: gone } }, data: { fixedAt: now, fixedSha: headSha } });
    const again = findings.filter((f) => known.has(f.fingerprint)).map((f) => f.fingerprint);
    if (again.length > 0) await tx.pullRequestFinding.updateMany({ where: { ...where, fingerprint: { in: again } }, data: { lastSeenAt: now, lastSeenSha: headSha, fixedAt: null, fixedSha: null } });
    const fresh = [];
    for (const finding of findings) {
      const details = { ruleId: finding.ruleId, area: finding.area, severity: finding.severity, path: finding.path, line: finding.line, controls: controlsOf(finding) };
      const before = known.get(finding.fingerprint);
      if (!before) {
        fresh.push({ ...where, ...details, installationId: pr.installationId, repoFullName: pr.repoFullName, fingerprint: finding.fingerprint, firstSeenAt: now, lastSeenAt: now, lastSeenSha: headSha });
      } else if (before.line !== finding.line || before.severity !== finding.severity || controlKey(before.controls) !== controlKey(details.controls)) {
        await tx.pullRequestFinding.update({ where: { repositoryId_pullNumber_fingerprint: { ...where, fingerprint: finding.fingerprint } }, data: details });
      }
    }
    // A finding reported twice by one review is one finding.
    if (fresh.length > 0) await tx.pullRequestFinding.createMany({ data: fresh, skipDuplicates: true });
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

function controlsOf(finding: Finding) {
  return finding.controls.map((c) => ({ framework: c.framework, id: c.id, title: c.title }));
}

// jsonb stores object keys in its own order, so controls are compared by their values.
function controlKey(json: unknown): string {
  return Array.isArray(json) ? json.map((c: { framework?: string; id?: string; title?: string }) => `${c.framework}\u0000${c.id}\u0000${c.title}`).join("\u0001") : "";
}
