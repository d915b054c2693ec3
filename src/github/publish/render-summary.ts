// The summary comment's text: one heading, a notice (paused, failed, nothing to review) or the
// review's findings (every finding, grouped by control, each linked to its lines at the head
// commit; those without an inline comment with their explanation), what was fixed, what was
// reviewed and skipped, and the one line about EU inference last.
import type { OrganisationConfiguration } from "../../domain/types.js";
import { codeSpan } from "../../engine/summary/code-span.js";
import { renderFindingsText } from "../../engine/summary/build-summary.js";
import type { Finding } from "../../engine/types.js";
import type { Messages } from "../messages/types.js";
import type { SkippedFile } from "../review/select-reviewable-files.js";
import { MAX_INLINE_COMMENTS, MAX_LISTED_FILES, SUMMARY_MARKER } from "../types.js";

export interface FixedFinding {
  path: string;
  line: number;
  controls: string[];
}

export interface ReviewedFindings {
  findings: Finding[];
  configuration: OrganisationConfiguration;
  baseline: boolean;
  notes: string[];
  /** Fingerprints of findings that have no inline comment: off the diff, or over the limit. */
  notOnDiff: Set<string>;
  overLimit: Set<string>;
  /** The short reference a finding is accepted by (`/clearance accept <ref>`). */
  referenceFor?: (finding: Finding) => string;
}

export interface SummaryInput {
  messages: Messages;
  headSha: string;
  /** The repository's web address (GitHub or GHE), for links to the head commit's lines. */
  webUrl?: string;
  /** A notice shown first: paused, failed, nothing to review. */
  notice?: string;
  review?: ReviewedFindings;
  fixed?: FixedFinding[];
  reviewedFiles?: number;
  skipped?: SkippedFile[];
  filesTruncated?: boolean;
  configProblem?: string;
  /** The one line about EU inference, for organisations that have it on. */
  euLine?: string;
  /** How to accept a finding, and the accepted ones: rendered by src/evidence/. */
  evidenceMarkdown?: string;
}

const MAX_LISTED_SKIPPED = 200;

export function renderSummary(input: SummaryInput): string {
  const m = input.messages;
  const out: string[] = [SUMMARY_MARKER, `## ${m.summaryHeading}`, ""];
  if (input.notice) out.push(input.notice, "");
  if (input.review) {
    const { review } = input;
    const withoutComment = (f: Finding) => review.notOnDiff.has(f.fingerprint) || review.overLimit.has(f.fingerprint);
    const text = renderFindingsText(review.findings, review.configuration, {
      baseline: review.baseline,
      notes: review.notes,
      linkFor: input.webUrl ? (f) => lineLink(input.webUrl!, input.headSha, f.path, f.line, f.startLine) : undefined,
      explain: withoutComment,
      referenceFor: review.referenceFor,
    });
    out.push(text, "");
    const why: string[] = [];
    if (review.notOnDiff.size > 0) why.push(m.notOnDiffLine);
    if (review.overLimit.size > 0) why.push(m.overInlineLimit(MAX_INLINE_COMMENTS));
    if (why.length) out.push(`> ${why.join(" ")}`, "");
  }
  if (input.evidenceMarkdown) out.push(input.evidenceMarkdown, "");
  if (input.fixed && input.fixed.length > 0) {
    out.push(`### ${m.fixedHeading}`, "", ...input.fixed.map((f) => `- ${m.fixedItem(codeSpan(`${f.path}:${f.line}`))}${f.controls.length ? ` (${f.controls.join(", ")})` : ""}`), "");
  }
  out.push(`### ${m.reviewedHeading}`, "", m.reviewedCommit(input.headSha.slice(0, 7), input.reviewedFiles ?? 0));
  if (input.filesTruncated) out.push("", m.tooManyFiles(MAX_LISTED_FILES));
  const skipped = input.skipped ?? [];
  if (skipped.length > 0) {
    out.push("", m.skippedFiles, ...skipped.slice(0, MAX_LISTED_SKIPPED).map((s) => `- ${codeSpan(s.path)}: ${m.skipReasons[s.reason]}`));
    if (skipped.length > MAX_LISTED_SKIPPED) out.push(`- … (+${skipped.length - MAX_LISTED_SKIPPED})`);
  }
  if (input.configProblem) out.push("", `> ${m.configIgnored(input.configProblem)}`);
  if (input.euLine) out.push("", "---", input.euLine);
  return out.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}

/** https://<host>/<owner>/<repo>/blob/<sha>/<path>#L<line> (or #L<start>-L<line>), each path segment encoded. */
export function lineLink(webUrl: string, sha: string, path: string, line: number, startLine?: number): string {
  const encodedPath = path.split("/").map(encodeURIComponent).join("/");
  const anchor = startLine !== undefined && startLine < line ? `#L${startLine}-L${line}` : `#L${line}`;
  return `${webUrl.replace(/\/+$/, "")}/blob/${sha}/${encodedPath}${anchor}`;
}
