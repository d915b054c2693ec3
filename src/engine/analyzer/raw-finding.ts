// What a detector reports before texts, citations and commitments are attached.
import type { Severity } from "../types.js";

export interface RawFinding {
  ruleId: string;
  path: string;
  line: number;
  startLine?: number;
  side: "RIGHT" | "LEFT";
  /** The diff line(s) the finding is about, for the fingerprint. */
  evidence: string;
  /** Values for the message placeholders ({vendor}, {fields}, {from}, {to}, {kind}). */
  detail?: Record<string, string>;
  severity?: Severity;
  /** Retention period the change sets, in days, for comparison with a commitment. */
  retentionDays?: number;
  /** Extra change areas whose controls apply (e.g. an international transfer next to a subprocessor). */
  extraChangeAreas?: string[];
  /** Profile facts the message should mention. */
  profileNotes?: Array<{ key: string; values: Record<string, string> }>;
  /** Dedupe key across files (one finding per third-party service per pull request). */
  dedupeKey?: string;
  /** Lower is preferred when deduplicating. */
  dedupePriority?: number;
}
