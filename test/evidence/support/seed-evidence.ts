// The evidence both the CLI tests and the console's evidence pages start from, recorded through
// the evidence module's own functions: audit-logging findings on acme/payments#12, exceptions
// accepting some of them, and the pull request merged on 2026-11-20.
import type { Finding } from "../../../src/engine/types.js";
import { acceptFinding } from "../../../src/evidence/exceptions/accept-finding.js";
import { recordPullRequestClosure } from "../../../src/evidence/github/record-pull-request-closure.js";
import { recordReviewEvidence, type PullRequestRef } from "../../../src/evidence/record-review-evidence.js";
import type { Prisma } from "../../../src/storage/open-database.js";

/** An analyzer finding "audit logging switched off" on src/config.ts, mapped to ISO 27001 and SOC 2. */
export function auditLogFinding(fingerprint: string, line: number): Finding {
  return {
    fingerprint,
    ruleId: "logging.audit_disabled",
    path: "src/config.ts",
    line,
    side: "RIGHT",
    area: "logging",
    severity: "high",
    message: "Audit logging is switched off.",
    title: "Audit logging switched off",
    body: "Audit logging is switched off.",
    controls: [
      { framework: "ISO_27001", id: "A.8.15", title: "Logging" },
      { framework: "SOC_2", id: "CC7.2", title: "Monitoring of system components for anomalies" },
    ],
    source: "analyzer",
  };
}

/** An exception as `/clearance accept` records it: the reference is the fingerprint's first 7 characters. */
export interface SeedException {
  fingerprint: string;
  reason: string;
  until?: string;
  commentUrl?: string;
  /** When it was accepted (ISO time). */
  at: string;
}

/**
 * Findings (fingerprint → line) recorded by a review of 2026-11-20T10:00Z, the exceptions accepted by
 * octocat as an admin, then the pull request merged by hubot at 12:00Z. Returns the exceptions' ids in order.
 */
export async function seedAcceptedFindings(prisma: Prisma, pr: PullRequestRef, findings: Record<string, number>, exceptions: SeedException[]): Promise<string[]> {
  const recorded = Object.entries(findings).map(([fingerprint, line]) => auditLogFinding(fingerprint, line));
  await recordReviewEvidence(prisma, pr, "a".repeat(40), recorded, new Date("2026-11-20T10:00:00Z"));
  const ids: string[] = [];
  for (const e of exceptions) {
    const accepted = await acceptFinding(prisma, {
      ...pr,
      acceptedBy: "octocat",
      acceptedWith: "admin",
      reference: e.fingerprint.slice(0, 7),
      reason: e.reason,
      ...(e.until ? { until: e.until } : {}),
      ...(e.commentUrl ? { commentUrl: e.commentUrl } : {}),
      now: new Date(e.at),
    });
    ids.push(accepted.id);
  }
  await recordPullRequestClosure(
    prisma,
    {
      installationId: Number(pr.installationId),
      repository: { id: Number(pr.repositoryId), full_name: pr.repoFullName },
      pull_request: {
        number: pr.pullNumber,
        title: "Turn off audit logs",
        html_url: `https://github.com/${pr.repoFullName}/pull/${pr.pullNumber}`,
        merged: true,
        merged_at: "2026-11-20T12:00:00Z",
        merged_by: { login: "hubot" },
        merge_commit_sha: "f".repeat(40),
        closed_at: "2026-11-20T12:00:00Z",
      },
    },
    new Date("2026-11-20T12:00:00Z"),
  );
  return ids;
}
