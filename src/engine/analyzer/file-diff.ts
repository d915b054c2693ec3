// One changed file, parsed once and shared by every rule and detector: its lines, the text of each side joined
// (so a prefilter scans a file with one regex call instead of one per line), and facts read from the visible code.
import type { ChangedFile } from "../types.js";
import { classifyFile, type FileClass } from "../diff/classify-file.js";
import { parsePatch, type DiffLine } from "../diff/parse-patch.js";
import { lineMasks, planFor, prefixedAt, scanVersion } from "./line-scan.js";
import type { AlternativeMatcher } from "./residual-matchers.js";

/** Lines longer than this (minified bundles, data blobs) are not reviewed line by line. */
export const MAX_LINE_LENGTH = 2000;

/**
 * One side of the diff: "+" lines or "-" lines, one entry per line, and the same lines as a single string (so a
 * regex can scan a file in one call), joined on first use: most sides are only ever read line by line.
 */
export class SideText {
  /** Which planned scans' literals each line holds (line-scan.ts), computed on first use for scanVersion. */
  masks?: Int32Array;
  masksVersion?: number;
  private joined?: string;
  private offsets?: number[];
  /** The bits of `unionOf`'s lines together (every detector's scan of the side asks, so they are or-ed once). */
  private unionOf?: Int32Array;
  private union = 0;

  constructor(
    /** The text of each line. */
    readonly texts: string[],
    /** Index in FileDiff.lines of each line. */
    readonly indexes: number[],
  ) {}

  /** The lines joined with "\n". */
  get text(): string {
    return (this.joined ??= this.texts.join("\n"));
  }

  /** The bits of every line of `masks` (the side's current masks) or-ed together. */
  unionOfMasks(masks: Int32Array): number {
    if (this.unionOf !== masks) {
      let union = 0;
      for (let i = 0; i < masks.length; i++) union |= masks[i];
      this.unionOf = masks;
      this.union = union;
    }
    return this.union;
  }

  /** Start offset in `text` of each line, ascending. */
  get starts(): number[] {
    if (!this.offsets) {
      const starts = new Array<number>(this.texts.length);
      for (let i = 0, offset = 0; i < this.texts.length; i++) { starts[i] = offset; offset += this.texts[i].length + 1; }
      this.offsets = starts;
    }
    return this.offsets;
  }
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

/** The added and the removed side, in one walk over the lines. */
function sideTexts(lines: DiffLine[]): [added: SideText, removed: SideText] {
  const addedTexts: string[] = [];
  const addedIndexes: number[] = [];
  const removedTexts: string[] = [];
  const removedIndexes: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.kind === "+") { addedTexts.push(line.text); addedIndexes.push(i); }
    else if (line.kind === "-") { removedTexts.push(line.text); removedIndexes.push(i); }
  }
  return [new SideText(addedTexts, addedIndexes), new SideText(removedTexts, removedIndexes)];
}

/** A class rather than an object literal with getters: per-object closures would keep each file's lines alive longer. */
class ParsedFileDiff implements FileDiff {
  readonly path: string;
  readonly fileClass: FileClass;
  readonly added: SideText;
  readonly removed: SideText;
  private addedCompactText?: string;
  private removedCompactText?: string;

  constructor(readonly file: ChangedFile, readonly lines: DiffLine[], private readonly hasInert = false) {
    this.path = file.path;
    this.fileClass = classifyFile(file.path);
    [this.added, this.removed] = sideTexts(lines);
  }

  // Computed on first use: most files never ask.
  get addedCompact(): string {
    return (this.addedCompactText ??= compact(this.hasInert ? this.lines.filter((l) => l.kind === "+" && !l.inert).map((l) => l.text).join("\n") : this.added.text));
  }
  get removedCompact(): string { return (this.removedCompactText ??= compact(this.removed.text)); }
}

/**
 * A diff kept alive for the life of the process, so the hidden classes of ParsedFileDiff and SideText survive a full
 * GC between two reviews (when no other diff is alive). Were they collected, every optimized function that reads a
 * diff would be deoptimized ("weak objects") and compiled again during the next review, a third slower meanwhile.
 */
export const SHAPE_KEEPER: FileDiff = new ParsedFileDiff({ path: "", status: "modified" }, []);

/** A line of a notebook's JSON that is one string of a cell's source (or output): `    "    x = f(y)\\n",`. */
const NOTEBOOK_STRING = /^\s*"((?:[^"\\]|\\.)*)",?\s*$/;
const NOTEBOOK = /\.ipynb$/i;

/**
 * A Jupyter notebook's cells are JSON strings, one per source line, with their quotes escaped: the line as code reads
 * is the decoded string (`response = client.create(prompt=f"{ticket}")`), without its closing newline.
 */
function notebookSource(line: DiffLine): DiffLine {
  const m = NOTEBOOK_STRING.exec(line.text);
  if (!m) return line;
  try {
    const decoded = JSON.parse(`"${m[1]}"`) as string;
    return { ...line, text: decoded.replace(/\r?\n$/, "") };
  } catch {
    return line;
  }
}

/** A comment marker opening a line (`//`, `#` but not a Rust or PHP `#[` attribute, `/*`, `*`, `<!--`, `-- `), and one closing it. */
const COMMENT_OPENING = /^\s*(?:\/\/+|#(?!\[)|\/\*+|\*+|<!--|--(?=\s))/;
const COMMENT_CLOSING = /\*\/|-->/;

/**
 * Marks the added comments that are a removed line of their hunk commented out (`-$this->middleware('auth');`,
 * `+// $this->middleware('auth');`): the code was switched off, not kept. A run of three or more removed lines commented
 * out whole (a route or an endpoint with its guard) is the unit switched off, and its copies stay as they are. Linear.
 * Returns whether any line was marked.
 */
function markCommentedCopies(lines: DiffLine[]): boolean {
  let commented: Map<number, Map<string, number[]>> | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.kind !== "+" || !COMMENT_OPENING.test(line.text)) continue;
    const opening = COMMENT_OPENING.exec(line.text)![0];
    // Only a block comment's own opening is closed on the line (`/* f(); */`, `/*[Authorize]*/ // note`, its first
    // closing); `// x(); /* y */` keeps its `*/`.
    const rest = line.text.slice(opening.length);
    const code = compact(/\/\*|<!--/.test(opening) ? rest.replace(COMMENT_CLOSING, "") : rest);
    if (code.length === 0) continue;
    commented ??= new Map();
    let codes = commented.get(line.hunk);
    if (!codes) commented.set(line.hunk, (codes = new Map()));
    const at = codes.get(code);
    if (at) at.push(i);
    else codes.set(code, [i]);
  }
  if (!commented) return false;
  let marked = false;
  for (let i = 0; i < lines.length; ) {
    if (lines[i].kind !== "-") { i++; continue; }
    let j = i;
    while (j + 1 < lines.length && lines[j + 1].kind === "-" && lines[j + 1].hunk === lines[i].hunk) j++;
    const copies = commented.get(lines[i].hunk);
    if (copies) {
      const codes: string[] = [];
      for (let k = i; k <= j; k++) {
        const code = compact(lines[k].text);
        if (code.length > 0) codes.push(code);
      }
      const switchedOff = codes.filter((code) => copies.has(code));
      if (!(codes.length >= 3 && switchedOff.length === codes.length)) {
        for (const code of switchedOff) {
          for (const at of copies.get(code)!) {
            if (!lines[at].inert) { lines[at] = { ...lines[at], inert: true }; marked = true; }
          }
        }
      }
    }
    i = j + 1;
  }
  return marked;
}

export function toFileDiff(file: ChangedFile): FileDiff {
  const lines = file.patch ? parsePatch(file.patch) : [];
  const notebook = NOTEBOOK.test(file.path);
  for (let i = 0; i < lines.length; i++) lines[i] = reviewable(notebook ? notebookSource(lines[i]) : lines[i]);
  return new ParsedFileDiff(file, lines, markCommentedCopies(lines));
}

/**
 * Indexes (into FileDiff.lines) of the lines of one side on which `prefilter` matches, in order, each once: the lines
 * on which a match starts when the regex scans the side's joined text. `prefilter` must have the "g" and "m" flags.
 * Answered for most regexes from one shared literal pass over the side's lines (line-scan.ts), the same set.
 */
export function candidateLines(side: SideText, prefilter: RegExp): number[] {
  const plan = planFor(prefilter);
  if (!plan) return scanJoinedText(side, prefilter);
  if (side.masksVersion !== scanVersion) {
    side.masks = lineMasks(side.texts);
    side.masksVersion = scanVersion;
  }
  const masks = side.masks!;
  const { indexes, texts } = side;
  let residualScan = plan.residual;
  if (plan.gateMask !== 0 && (side.unionOfMasks(masks) & plan.gateMask) === 0) residualScan = plan.ungated;
  let residual = residualScan ? scanJoinedText(side, residualScan) : [];
  if (plan.matchers.length > 0) residual = withMatched(side, plan.matchers, residual);
  const { direct, verifyMask, prefixMask } = plan;
  const found: number[] = [];
  let r = 0;
  for (let i = 0; i < masks.length; i++) {
    const mask = masks[i];
    if (mask === 0) continue;
    const selected = (mask & direct) !== 0
      || ((mask & verifyMask) !== 0 && plan.verify!.test(texts[i]))
      || ((mask & prefixMask) !== 0 && prefixedAt(plan.prefixed, texts[i], side.text, side.starts[i]));
    if (!selected) continue;
    const index = indexes[i];
    while (r < residual.length && residual[r] < index) found.push(residual[r++]);
    if (r < residual.length && residual[r] === index) r++;
    found.push(index);
  }
  while (r < residual.length) found.push(residual[r++]);
  return found;
}

/** `found` (indexes into FileDiff.lines, ascending) and the lines where a match of one of `matchers` starts, in order, each once. */
function withMatched(side: SideText, matchers: AlternativeMatcher[], found: number[]): number[] {
  const { text, starts, indexes } = side;
  if (text.length === 0) return found;
  const hit = new Uint8Array(indexes.length);
  for (const matcher of matchers) matcher(text, starts, hit);
  const merged: number[] = [];
  let f = 0;
  for (let i = 0; i < hit.length; i++) {
    if (hit[i] === 0) continue;
    const index = indexes[i];
    while (f < found.length && found[f] < index) merged.push(found[f++]);
    if (f < found.length && found[f] === index) f++;
    merged.push(index);
  }
  while (f < found.length) merged.push(found[f++]);
  return merged;
}

/** candidateLines() by scanning the joined text with the regex itself. */
export function scanJoinedText(side: SideText, prefilter: RegExp): number[] {
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
 * the new side in the same hunk, up to the bracket that closes it (or MAX_ARGUMENT characters). With `addedOnly`, the
 * brackets of every line count but only added lines' text is returned (what a pull request adds to an existing call).
 */
export function readArguments(diff: FileDiff, index: number, from: number, addedOnly = false): string {
  let depth = 0;
  let out = "";
  const hunk = diff.lines[index].hunk;
  for (let i = index, start = from; i < diff.lines.length && out.length < MAX_ARGUMENT; i++, start = 0) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-") continue;
    const text = line.text.slice(start, start + MAX_ARGUMENT - out.length);
    const keep = !addedOnly || line.kind === "+";
    for (let c = 0; c < text.length; c++) {
      const ch = text[c];
      if (ch === "(" || ch === "[" || ch === "{") depth++;
      else if (ch === ")" || ch === "]" || ch === "}") {
        depth--;
        if (depth <= 0) return keep ? out + text.slice(0, c + 1) : out;
      }
    }
    if (keep) out += `${text}\n`;
  }
  return out;
}

// A Ruby method without parentheses (`def pin`, `def self.approve!`) starts one too.
const FUNCTION_START = /^\s*(?:export\s+)?(?:async\s+)?(?:def|function|func|fun)\s+(?:\([^)]*\)\s*)?(\w+)\s*[(<]|^\s*(?:(?:public|private|protected|internal|static|async|override|virtual|final|default)\s+)+[\w<>\[\],.?]+\s+(\w+)\s*\(|^\s*def\s+(?:self\.)?(\w+[?!]?)\s*$/;

/** First and last index of the hunk holding line `index` (walked outward from it: the hunk's own lines only). */
export function hunkBounds(lines: DiffLine[], index: number): [number, number] {
  const hunk = lines[index].hunk;
  let start = index;
  let end = index;
  while (start > 0 && lines[start - 1].hunk === hunk) start--;
  while (end + 1 < lines.length && lines[end + 1].hunk === hunk) end++;
  return [start, end];
}

/**
 * Whether the added side defines the Ruby method `def<name>` itself (compacted), not one whose name only starts the same
 * (`def create` removed, `def create_workflow` added: the action is gone). Bounded: at most 50 occurrences are read.
 */
function definesWhole(addedCompact: string, wanted: string): boolean {
  let seen = 0;
  for (let at = addedCompact.indexOf(wanted); at >= 0 && seen < 50; at = addedCompact.indexOf(wanted, at + 1), seen++) {
    if (!/[\w?!]/.test(addedCompact[at + wanted.length] ?? "")) return true;
  }
  return seen >= 50;
}

/**
 * A removed line inside a function removed whole (moved to another file or deleted): what it checked leaves with it.
 * The run of removed lines above it, in its hunk, starts with a definition that no added line defines or calls again.
 */
export function insideRemovedFunction(lines: DiffLine[], index: number, addedCompact: string): boolean {
  for (let i = index - 1; i >= 0 && i >= index - 200 && lines[i].hunk === lines[index].hunk; i--) {
    if (lines[i].kind !== "-") return false;
    const m = FUNCTION_START.exec(lines[i].text);
    if (m) return m[3] !== undefined ? !definesWhole(addedCompact, `def${m[3].toLowerCase()}`) : !addedCompact.includes(`${(m[1] ?? m[2]).toLowerCase()}(`);
  }
  return false;
}

const newLineMatches = new WeakMap<FileDiff, Map<RegExp, boolean>>();
/**
 * Whether some line of the new file (added or context) matches `regex` (not "g"): a fact of the file that detectors
 * ask about on many lines, read once per file and regex.
 */
export function someNewLineMatches(diff: FileDiff, regex: RegExp): boolean {
  let known = newLineMatches.get(diff);
  if (!known) newLineMatches.set(diff, (known = new Map()));
  let matches = known.get(regex);
  if (matches === undefined) {
    matches = diff.lines.some((l) => l.kind !== "-" && l.text.length <= MAX_LINE_LENGTH && regex.test(l.text));
    known.set(regex, matches);
  }
  return matches;
}

const DEFINITION = /^\s*(?:export\s+)?(?:(?:public|private|protected|internal|static|async|override|virtual|final)\s+)*(?:def|function|func|fun)?\s*(?:[\w<>\[\],.?]+\s+)?(\w+)\s*\(/;
const DECORATOR_OR_ATTRIBUTE = /^\s*(?:@|\[)/;

/**
 * A decorator or attribute removed together with the definition under it (the decorators stacked between them removed
 * too), whose name is not added back: a deleted endpoint. Used by detect-access-guard-dropped.ts and, with
 * insideRemovedFunction, by the line rules marked notInsideRemovedFunction (a stack of four decorators over a deleted
 * Django view puts `@login_required` beyond their three-line look-ahead).
 */
export function decoratesRemovedDefinition(lines: DiffLine[], index: number, addedCompact: string): boolean {
  if (!DECORATOR_OR_ATTRIBUTE.test(lines[index].text)) return false;
  for (let i = index + 1; i < lines.length && i <= index + 6 && lines[i].hunk === lines[index].hunk; i++) {
    if (lines[i].kind !== "-") return false;
    if (DECORATOR_OR_ATTRIBUTE.test(lines[i].text)) continue;
    const name = DEFINITION.exec(lines[i].text)?.[1];
    return name !== undefined && !addedCompact.includes(`${name.toLowerCase()}(`);
  }
  return false;
}

/** Kinds whose comments may be block comments (`/* ... *\/`): C-family languages, and the script of components. */
const BLOCK_COMMENT_KINDS = new Set(["js", "java", "go", "csharp", "php", "rust", "swift", "cpp"]);
const BLOCK_COMMENT_PATH = /\.(?:dart|kt|kts|scala|groovy)$/i;
const blockComments = new WeakMap<FileDiff, Uint8Array>();

/**
 * Whether line `index` of the new side lies inside a block comment (`/* ... *\/` over several lines, a class commented
 * out whole): read once per file, hunk by hunk, from each hunk's first line (a hunk that starts inside a comment the
 * diff does not show is read as code). Quoted strings are skipped, so a glob like "src/**\/*.ts" opens no comment.
 */
export function inBlockComment(diff: FileDiff, index: number): boolean {
  let marks = blockComments.get(diff);
  if (!marks) {
    marks = new Uint8Array(diff.lines.length);
    // Most files open no block comment in the lines shown: one native search per line settles it.
    const opens = (BLOCK_COMMENT_KINDS.has(diff.fileClass.kind) || BLOCK_COMMENT_PATH.test(diff.path)) && diff.lines.some((l) => l.kind !== "-" && l.text.includes("/*"));
    if (opens) markBlockComments(diff.lines, marks);
    blockComments.set(diff, marks);
  }
  return marks[index] === 1;
}

function markBlockComments(lines: DiffLine[], marks: Uint8Array): void {
  let open = false;
  let hunk = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.hunk !== hunk) { hunk = line.hunk; open = false; }
    if (line.kind === "-") continue;
    const text = line.text;
    const startsOpen = open;
    // Lines without a comment marker change nothing: inside a comment they are comment, outside they are code.
    if (open ? !text.includes("*/") : !text.includes("/*")) { if (open) marks[i] = 1; continue; }
    let quote = "";
    let opensAtStart = false;
    for (let c = 0; c < text.length; c++) {
      const ch = text[c];
      if (open) {
        if (ch === "*" && text[c + 1] === "/") { open = false; c++; }
        continue;
      }
      if (quote) {
        if (ch === "\\") c++;
        else if (ch === quote) quote = "";
        continue;
      }
      if (ch === '"' || ch === "'" || ch === "`") quote = ch;
      else if (ch === "/" && text[c + 1] === "/") break;
      else if (ch === "/" && text[c + 1] === "*") {
        if (text.slice(0, c).trim() === "") opensAtStart = true;
        open = true;
        c++;
      }
    }
    // A line that begins inside a comment, or opens one before any code, is comment (what follows a closing `*/` on the
    // same line is rare enough to be read as comment too).
    if (startsOpen || opensAtStart) marks[i] = 1;
  }
}
