// The ledger as CSV (RFC 4180): one row per control and finding. Written by hand because the
// quoting is three lines, and a cell a spreadsheet would run as a formula (a reason typed in a
// pull request starting with "=", "+", "-" or "@") must be defused anyway.
import type { EvidenceLedger } from "./types.js";

export const CSV_COLUMNS = [
  "period",
  "framework",
  "control_id",
  "control_title",
  "repository",
  "pull_request",
  "pull_request_url",
  "pull_request_state",
  "merged_at",
  "merged_by",
  "finding_reference",
  "fingerprint",
  "rule",
  "area",
  "severity",
  "path",
  "line",
  "first_seen_at",
  "last_seen_at",
  "status",
  "fixed_at",
  "accepted_by",
  "accepted_at",
  "accepted_until",
  "acceptance_reason",
] as const;

export function ledgerToCsv(ledger: EvidenceLedger): string {
  const rows: string[] = [CSV_COLUMNS.join(",")];
  for (const control of ledger.controls) {
    for (const f of control.findings) {
      rows.push(
        [
          ledger.period.label,
          control.framework,
          control.id,
          control.title,
          f.repository,
          f.pullNumber,
          f.pullRequestUrl,
          f.pullRequest.state,
          f.pullRequest.mergedAt,
          f.pullRequest.mergedBy,
          f.reference,
          f.fingerprint,
          f.ruleId,
          f.area,
          f.severity,
          f.path,
          f.line,
          f.firstSeenAt,
          f.lastSeenAt,
          f.status,
          f.fixedAt,
          f.acceptance?.acceptedBy,
          f.acceptance?.acceptedAt,
          f.acceptance?.until,
          f.acceptance?.reason,
        ]
          .map(csvCell)
          .join(","),
      );
    }
  }
  return rows.join("\r\n") + "\r\n";
}

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
