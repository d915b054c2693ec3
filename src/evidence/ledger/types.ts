// The evidence ledger: for a period, per control of the selected frameworks, the pull requests
// whose reviews touched it, their findings and what became of each.

export type LedgerStatus = "fixed" | "accepted" | "open";

export interface LedgerFinding {
  reference: string;
  fingerprint: string;
  repository: string;
  pullNumber: number;
  pullRequestUrl: string;
  pullRequestTitle: string | null;
  ruleId: string;
  area: string;
  severity: string;
  path: string;
  line: number;
  firstSeenAt: string;
  lastSeenAt: string;
  /** At the merge, or at the end of the period (or now) for a pull request not merged. */
  status: LedgerStatus;
  fixedAt: string | null;
  acceptance: { reason: string; acceptedBy: string; acceptedAt: string; until: string | null } | null;
  pullRequest: { state: "merged" | "closed" | "open"; mergedAt: string | null; mergedBy: string | null; closedAt: string | null };
}

export interface LedgerControl {
  framework: string;
  id: string;
  title: string;
  pullRequests: number;
  findings: LedgerFinding[];
}

export interface EvidenceLedger {
  installationId: string;
  account: string;
  period: { label: string; from: string; to: string };
  frameworks: string[];
  generatedAt: string;
  controls: LedgerControl[];
  totals: { pullRequests: number; findings: number; fixed: number; accepted: number; open: number };
}
