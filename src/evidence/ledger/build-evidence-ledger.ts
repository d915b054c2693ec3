// Builds the evidence ledger of one organisation (installation) for a period from what reviews
// recorded: findings seen in the period, per control of the selected frameworks, each fixed,
// accepted (with its reason) or left open at the merge, and who merged.
import { configurationForInstallation } from "../../domain/configuration/configuration-store.js";
import { requireInstallation } from "../../domain/installations.js";
import type { Prisma } from "../../storage/open-database.js";
import { findingReference } from "../finding-reference.js";
import { exceptionHoldsAt, untilDay, type ControlRef } from "../types.js";
import type { Period } from "./parse-period.js";
import type { EvidenceLedger, LedgerControl, LedgerFinding, LedgerStatus } from "./types.js";

export interface LedgerRequest {
  installationId: bigint;
  period: Period;
  now: Date;
  /** Frameworks to report on; the organisation's selection when omitted. */
  frameworks?: string[];
}

export async function buildEvidenceLedger(prisma: Prisma, request: LedgerRequest): Promise<EvidenceLedger> {
  const installation = await requireInstallation(prisma, request.installationId);
  const frameworks = request.frameworks ?? (await configurationForInstallation(prisma, request.installationId)).frameworks;
  const { from, to } = request.period;
  // Seen by a review within the period: first seen before its end, last seen after its start.
  const findings = await prisma.pullRequestFinding.findMany({
    where: { installationId: request.installationId, firstSeenAt: { lt: to }, lastSeenAt: { gte: from } },
    orderBy: [{ repoFullName: "asc" }, { pullNumber: "asc" }, { path: "asc" }, { line: "asc" }, { fingerprint: "asc" }],
  });
  // A superset by repository and number, narrowed in memory: one query each, whatever the count.
  const narrow = { installationId: request.installationId, repositoryId: { in: [...new Set(findings.map((f) => f.repositoryId))] }, pullNumber: { in: [...new Set(findings.map((f) => f.pullNumber))] } };
  const closures = new Map((await prisma.pullRequestClosure.findMany({ where: narrow })).map((c) => [`${c.repositoryId}#${c.pullNumber}`, c]));
  const exceptions = new Map<string, Awaited<ReturnType<typeof prisma.findingException.findMany>>>();
  for (const e of await prisma.findingException.findMany({ where: narrow, orderBy: [{ acceptedAt: "desc" }, { id: "asc" }] })) {
    const key = `${e.repositoryId}#${e.pullNumber}#${e.fingerprint}`;
    exceptions.set(key, [...(exceptions.get(key) ?? []), e]);
  }
  const selected = new Set(frameworks);
  const periodEnd = new Date(Math.min(request.now.getTime(), to.getTime() - 1));

  const byControl = new Map<string, LedgerControl & { pulls: Set<string> }>();
  const totals = { pullRequests: 0, findings: 0, fixed: 0, accepted: 0, open: 0 };
  const countedPulls = new Set<string>();
  for (const finding of findings) {
    const controls = (finding.controls as unknown as ControlRef[]).filter((c) => selected.has(c.framework));
    if (controls.length === 0) continue;
    const pullKey = `${finding.repositoryId}#${finding.pullNumber}`;
    const closure = closures.get(pullKey);
    // What became of the finding is judged at the merge, or at the closing, or at the period's end.
    const at = closure?.mergedAt ?? closure?.closedAt ?? periodEnd;
    const exception = exceptions.get(`${pullKey}#${finding.fingerprint}`)?.find((e) => exceptionHoldsAt(e, at));
    const status: LedgerStatus = finding.fixedAt && finding.fixedAt <= at ? "fixed" : exception ? "accepted" : "open";
    const entry: LedgerFinding = {
      reference: findingReference(finding.fingerprint),
      fingerprint: finding.fingerprint,
      repository: finding.repoFullName,
      pullNumber: finding.pullNumber,
      pullRequestUrl: closure?.htmlUrl ?? `https://github.com/${finding.repoFullName}/pull/${finding.pullNumber}`,
      pullRequestTitle: closure?.title ?? null,
      ruleId: finding.ruleId,
      area: finding.area,
      severity: finding.severity,
      path: finding.path,
      line: finding.line,
      firstSeenAt: finding.firstSeenAt.toISOString(),
      lastSeenAt: finding.lastSeenAt.toISOString(),
      status,
      fixedAt: status === "fixed" ? finding.fixedAt!.toISOString() : null,
      acceptance:
        status === "accepted" && exception
          ? { reason: exception.reason, acceptedBy: exception.acceptedBy, acceptedAt: exception.acceptedAt.toISOString(), until: untilDay(exception.expiresAt) }
          : null,
      pullRequest: {
        state: closure ? (closure.merged ? "merged" : "closed") : "open",
        mergedAt: closure?.mergedAt?.toISOString() ?? null,
        mergedBy: closure?.mergedBy ?? null,
        closedAt: closure?.closedAt.toISOString() ?? null,
      },
    };
    totals.findings++;
    totals[status]++;
    if (!countedPulls.has(pullKey)) {
      countedPulls.add(pullKey);
      totals.pullRequests++;
    }
    for (const control of controls) {
      const key = `${control.framework}\u0000${control.id}`;
      let row = byControl.get(key);
      if (!row) byControl.set(key, (row = { framework: control.framework, id: control.id, title: control.title, pullRequests: 0, findings: [], pulls: new Set() }));
      row.findings.push(entry);
      row.pulls.add(pullKey);
      row.pullRequests = row.pulls.size;
    }
  }
  const controls = [...byControl.values()]
    .map(({ pulls: _pulls, ...row }) => row)
    .sort((a, b) => a.framework.localeCompare(b.framework) || a.id.localeCompare(b.id, "en", { numeric: true }));
  return {
    installationId: String(request.installationId),
    account: installation.accountLogin,
    period: { label: request.period.label, from: from.toISOString(), to: to.toISOString() },
    frameworks: [...frameworks],
    generatedAt: request.now.toISOString(),
    controls,
    totals,
  };
}
