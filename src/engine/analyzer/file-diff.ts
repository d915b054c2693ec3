// One changed file, parsed once and shared by every rule and detector: its lines, the text of each side joined
// (so a prefilter scans a file with one regex call instead of one per line), and facts read from the visible code.
import type { ChangedFile } from "../types.js";
import { classifyFile, type FileClass } from "../diff/classify-file.js";
import { parsePatch, type DiffLine } from "../diff/parse-patch.js";

/** Lines longer than this (minified bundles, data blobs) are not reviewed line by line. */
export const MAX_LINE_LENGTH = 2000;

/** One side of the diff as a single string: "+" lines, "-" lines, or the new side (added and context lines). */
export interface SideText {
  text: string;
  /** Start offset in `text` of each joined line, ascending. */
  starts: number[];
  /** Index in FileDiff.lines of each joined line. */
  indexes: number[];
}

export interface FileDiff {
  file: ChangedFile;
  path: string;
  fileClass: FileClass;
  lines: DiffLine[];
  added: SideText;
  removed: SideText;
  /** Added lines, lower-cased and without whitespace, joined: "was it re-added elsewhere in the file?" */
  readonly addedCompact: string;
  readonly removedCompact: string;
}

export const compact = (text: string): string => text.toLowerCase().replace(/\s+/g, "");

/** Whitespace runs longer than any code needs; rules see one space instead, so no pattern can backtrack over them. */
const LONG_WHITESPACE = /[ \t]{64,}/g;

/** The line as rules read it: blank if too long to be code, long whitespace runs shortened. */
function reviewable(line: DiffLine): DiffLine {
  if (line.text.length > MAX_LINE_LENGTH) return { ...line, text: "" };
  if (line.text.length < 64 || !line.text.includes("    ")) return line;
  LONG_WHITESPACE.lastIndex = 0;
  return LONG_WHITESPACE.test(line.text) ? { ...line, text: line.text.replace(LONG_WHITESPACE, " ") } : line;
}

function sideText(lines: DiffLine[], kind: "+" | "-"): SideText {
  const parts: string[] = [];
  const starts: number[] = [];
  const indexes: number[] = [];
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.kind !== kind) continue;
    const text = line.text;
    parts.push(text);
    starts.push(offset);
    indexes.push(i);
    offset += text.length + 1;
  }
  return { text: parts.join("\n"), starts, indexes };
}

export function toFileDiff(file: ChangedFile): FileDiff {
  const lines = file.patch ? parsePatch(file.patch).map(reviewable) : [];
  const added = sideText(lines, "+");
  const removed = sideText(lines, "-");
  let addedCompact: string | undefined;
  let removedCompact: string | undefined;
  return {
    file,
    path: file.path,
    fileClass: classifyFile(file.path),
    lines,
    added,
    removed,
    // Computed on first use: most files never ask.
    get addedCompact() { return (addedCompact ??= compact(added.text)); },
    get removedCompact() { return (removedCompact ??= compact(removed.text)); },
  };
}

/**
 * Indexes (into FileDiff.lines) of the lines of one side on which `prefilter` matches, in order, each once.
 * `prefilter` must have the "g" and "m" flags; a match that runs over a line end still selects only the line it
 * starts on, and the scan resumes at the next line so no later line is skipped.
 */
export function candidateLines(side: SideText, prefilter: RegExp): number[] {
  const found: number[] = [];
  const { text, starts, indexes } = side;
  if (text.length === 0) return found;
  prefilter.lastIndex = 0;
  let cursor = 0;
  for (;;) {
    const match = prefilter.exec(text);
    if (!match) break;
    // Advance to the joined line that holds the match start (matches come in ascending order).
    while (cursor + 1 < starts.length && starts[cursor + 1] <= match.index) cursor++;
    found.push(indexes[cursor]);
    if (cursor + 1 >= starts.length) break;
    prefilter.lastIndex = starts[cursor + 1];
  }
  return found;
}

/** Longest argument text read for one call. */
export const MAX_ARGUMENT = 4000;

/**
 * The text of a call's argument list starting at the bracket at `from` on line `index`, across the following lines of
 * the new side in the same hunk, up to the bracket that closes it (or MAX_ARGUMENT characters).
 */
export function readArguments(diff: FileDiff, index: number, from: number): string {
  let depth = 0;
  let out = "";
  const hunk = diff.lines[index].hunk;
  for (let i = index, start = from; i < diff.lines.length && out.length < MAX_ARGUMENT; i++, start = 0) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-") continue;
    const text = line.text.slice(start, start + MAX_ARGUMENT - out.length);
    for (let c = 0; c < text.length; c++) {
      const ch = text[c];
      if (ch === "(" || ch === "[" || ch === "{") depth++;
      else if (ch === ")" || ch === "]" || ch === "}") {
        depth--;
        if (depth <= 0) return out + text.slice(0, c + 1);
      }
    }
    out += `${text}\n`;
  }
  return out;
}
