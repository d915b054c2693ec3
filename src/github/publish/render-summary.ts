// The summary comment's text: findings by control (from the engine), findings that could not be
// posted inline, what was fixed, what was reviewed and skipped, and the EU-inference footer.
import type { Finding } from "../../engine/types.js";
import type { Messages } from "../messages/types.js";
import type { SkippedFile } from "../review/select-reviewable-files.js";
import { MAX_INLINE_COMMENTS, MAX_LISTED_FILES, SUMMARY_MARKER } from "../types.js";

export interface FixedFinding {
  path: string;
  line: number;
  controls: string[];
}

export interface SummaryInput {
  messages: Messages;
  headSha: string;
  /** A notice shown first: paused, failed, nothing to review. */
  notice?: string;
  engineMarkdown?: string;
  findingsCount?: number;
  notOnDiff?: Finding[];
  overLimit?: Finding[];
  fixed?: FixedFinding[];
  reviewedFiles?: number;
  skipped?: SkippedFile[];
  filesTruncated?: boolean;
  configProblem?: string;
  engineNotes?: string[];
  euFooter?: boolean;
  /** Finding references and accepted findings, rendered by src/evidence/. */
  evidenceMarkdown?: string;
}

export function renderSummary(input: SummaryInput): string {
  const m = input.messages;
  const out: string[] = [SUMMARY_MARKER, `## ${m.summaryHeading}`, ""];
  if (input.notice) out.push(input.notice, "");
  if (input.engineMarkdown !== undefined) {
    // The engine's text already lists the findings by control, in the review language.
    const engineText = input.engineMarkdown.trim();
    if (engineText) out.push(engineText, "");
    else if ((input.findingsCount ?? 0) === 0) out.push(m.noFindings, "");
    else out.push(`### ${m.findingsHeading}`, "");
  }
  if (input.evidenceMarkdown) out.push(input.evidenceMarkdown, ""); // evidence (src/evidence/)
  const notOnDiff = input.notOnDiff ?? [];
  const overLimit = input.overLimit ?? [];
  if (notOnDiff.length + overLimit.length > 0) {
    out.push(`### ${m.notInlineHeading}`, "");
    if (notOnDiff.length > 0) out.push(m.notOnDiffLine, "", ...notOnDiff.map(findingItem), "");
    if (overLimit.length > 0) out.push(m.overInlineLimit(MAX_INLINE_COMMENTS), "", ...overLimit.map(findingItem), "");
  }
  if (input.fixed && input.fixed.length > 0) {
    out.push(`### ${m.fixedHeading}`, "", ...input.fixed.map((f) => `- ${m.fixedItem(location(f.path, f.line))}${f.controls.length ? ` (${f.controls.join(", ")})` : ""}`), "");
  }
  out.push(`### ${m.reviewedHeading}`, "", m.reviewedCommit(input.headSha.slice(0, 7), input.reviewedFiles ?? 0));
  if (input.filesTruncated) out.push("", m.tooManyFiles(MAX_LISTED_FILES));
  const skipped = input.skipped ?? [];
  if (skipped.length > 0) {
    out.push("", m.skippedFiles, ...skipped.slice(0, 200).map((s) => `- \`${s.path}\`: ${m.skipReasons[s.reason]}`));
    if (skipped.length > 200) out.push(`- … (+${skipped.length - 200})`);
  }
  if (input.configProblem) out.push("", `> ${m.configIgnored(input.configProblem)}`);
  for (const note of input.engineNotes ?? []) out.push("", `> ${note}`);
  if (input.euFooter) out.push("", "---", m.euInferenceFooter);
  return out.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}

function location(path: string, line: number): string {
  return `\`${path}:${line}\``;
}

function findingItem(finding: Finding): string {
  const controls = finding.controls.map((c) => `${c.framework} ${c.id}`).join(", ");
  const message = finding.message.trim().replace(/\n+/g, " ");
  return `- ${location(finding.path, finding.line)}${controls ? ` (${controls})` : ""}: ${message}`;
}
