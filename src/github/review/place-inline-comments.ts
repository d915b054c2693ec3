// Decides where each finding goes: an inline comment on a RIGHT-side diff line (at most
// MAX_INLINE_COMMENTS per review, never one already posted on the same code), or the summary
// when it cannot be placed on the diff or is over the limit. A finding with the engine's one-click
// fix gets a GitHub suggestion block and sits on exactly its one line, which the block replaces.
import { parsePatch } from "../../engine/diff/parse-patch.js";
import type { ChangedFile, Finding } from "../../engine/types.js";
import { MAX_INLINE_COMMENTS } from "../types.js";

export interface InlineComment {
  path: string;
  line: number;
  side: "RIGHT";
  start_line?: number;
  start_side?: "RIGHT";
  body: string;
}

export interface Placement {
  inline: { finding: Finding; comment: InlineComment }[];
  /** Already posted inline on an earlier review of the same code: not posted again. */
  alreadyPosted: Finding[];
  notOnDiff: Finding[];
  overLimit: Finding[];
}

export function findingMarker(fingerprint: string): string {
  return `<!-- clearance:finding:${fingerprint} -->`;
}

/** The fingerprint an inline comment's marker names, if it has one. */
export function readFindingMarker(body: string): string | undefined {
  return /<!-- clearance:finding:([0-9a-f]+) -->/.exec(body)?.[1];
}

export function placeInlineComments(findings: Finding[], files: ChangedFile[], postedInline: Set<string>): Placement {
  const lines = rightSideLines(files);
  const placement: Placement = { inline: [], alreadyPosted: [], notOnDiff: [], overLimit: [] };
  for (const finding of findings) {
    if (postedInline.has(finding.fingerprint)) {
      placement.alreadyPosted.push(finding);
      continue;
    }
    const hunkOfLine = lines.get(finding.path)?.get(finding.line);
    if (hunkOfLine === undefined) {
      placement.notOnDiff.push(finding);
      continue;
    }
    if (placement.inline.length >= MAX_INLINE_COMMENTS) {
      placement.overLimit.push(finding);
      continue;
    }
    const suggestion = finding.source === "analyzer" && finding.startLine === undefined ? finding.suggestion : undefined;
    const parts = [withoutSuggestionFences(finding.message)];
    if (suggestion !== undefined) parts.push(suggestionBlock(suggestion));
    parts.push(findingMarker(finding.fingerprint));
    const comment: InlineComment = { path: finding.path, line: finding.line, side: "RIGHT", body: parts.join("\n\n") };
    // A range must start earlier in the same hunk, or GitHub rejects the whole review.
    const start = finding.startLine;
    if (suggestion === undefined && start !== undefined && start < finding.line && lines.get(finding.path)?.get(start) === hunkOfLine) {
      comment.start_line = start;
      comment.start_side = "RIGHT";
    }
    placement.inline.push({ finding, comment });
  }
  return placement;
}

/** A suggestion block replaces the comment's line with `replacement`; the fence outlasts any backticks in it. */
export function suggestionBlock(replacement: string): string {
  const longest = Math.max(0, ...[...replacement.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}suggestion\n${replacement}\n${fence}`;
}

/** Only the engine builds suggestion blocks: any other fence named "suggestion" becomes a plain code block. */
export function withoutSuggestionFences(text: string): string {
  return text.replace(/^([ \t>]*)(`{3,}|~{3,})([ \t]*)suggestion\b/gim, "$1$2$3text");
}

/** path -> new-side line number -> hunk index, for the lines a RIGHT-side comment may sit on. */
function rightSideLines(files: ChangedFile[]): Map<string, Map<number, number>> {
  const byPath = new Map<string, Map<number, number>>();
  for (const file of files) {
    if (!file.patch) continue;
    const lines = new Map<number, number>();
    for (const line of parsePatch(file.patch)) if (line.kind !== "-") lines.set(line.newLine, line.hunk);
    byPath.set(file.path, lines);
  }
  return byPath;
}
