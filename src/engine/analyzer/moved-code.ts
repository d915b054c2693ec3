// Code moved within a pull request is not a change of behaviour: a guard removed from one file and added to another,
// a field or a logging call cut from one place and pasted in another. A finding on a removed line is dropped when the
// same line (spacing aside) is added anywhere in the pull request; a finding on an added line when the same line is
// removed anywhere. Only the findings' own lines are looked for, so this costs one pass over the patches' text, and
// only when there is a finding at all.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { performance } from "node:perf_hooks";
import type { ChangedFile } from "../types.js";
import type { RawFinding } from "./raw-finding.js";

/**
 * A line as code reads it: spacing around punctuation and a statement's closing semicolons aside, so a line reformatted
 * in place (`uniqid(...).implode(` -> `uniqid(...) . implode(`, a `;` dropped from Go, Ruby's `:as =>` written `as:`) is
 * the same line. Spacing between two words still counts (`return x` is not `returnx`).
 */
export const normalise = (text: string): string =>
  withoutClosingSemicolons(text.trim()).replace(/\s+/g, " ").replace(RUBY_HASH_ROCKET, "$1$2:").replace(/ ?([^\w\s$]) ?/g, "$1");

/** Ruby's two spellings of a symbol key, `:as => x` and `as: x`: the older one is rewritten as the newer. */
const RUBY_HASH_ROCKET = /(^|[ ,({]):(\w+) ?=>/g;

function withoutClosingSemicolons(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ";" || text[end - 1] === " " || text[end - 1] === "\t")) end--;
  return end === text.length ? text : text.slice(0, end);
}
/** The leading name of a normalised line (its first character when it starts with punctuation): the gate's key. */
const headOf = (key: string): string => /^[\w$]+/.exec(key)?.[0] ?? key[0];

/** Lines this short say too little to call two of them the same code (`}`, `end`, `});`). */
const MIN_LENGTH = 12;

/**
 * The leading name of a line (its run of word characters after the indentation, or its first character when that is
 * punctuation), from `start`, when it may be one of the findings' heads (its first character, its length and its hash
 * bucket are those of one): a cheap gate before the whole line is normalised, that copies nothing for most lines (the
 * hash is taken while the name is read). Undefined otherwise.
 */
function firstWord(text: string, start: number, end: number, gate: FirstWordGate): string | undefined {
  let from = start;
  let code = text.charCodeAt(from);
  while (from < end && (code === 32 || code === 9)) code = text.charCodeAt(++from);
  if (from >= end || gate.firstChars[code] === 0) return undefined;
  let to = from + 1;
  let hash = Math.imul(0x811c9dc5 ^ code, 0x01000193);
  if (isWordChar(code)) for (; to < end && isWordChar((code = text.charCodeAt(to))); to++) hash = Math.imul(hash ^ code, 0x01000193);
  const length = to - from;
  if (length >= gate.lengths.length || gate.lengths[length] === 0 || gate.buckets[(hash ^ (hash >>> 16)) & 0xffff] === 0) return undefined;
  return text.slice(from, to);
}

/** The hash bucket firstWord() reads for a word: FNV-1a of its characters, folded to 16 bits. */
export function wordBucket(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return (hash ^ (hash >>> 16)) & 0xffff;
}

const isWordChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;

/**
 * A hash of the word characters ([A-Za-z0-9_$]) of text[start, end), in order, the rest skipped. normalise() only
 * removes or moves characters that are not word characters (spacing, closing semicolons, Ruby's `:` and `=>`), so a
 * line and its normalised form have the same hash: a line whose hash is no finding's cannot normalise to one, and is
 * not normalised at all (one read of its characters, nothing copied). FNV-1a, 32 bits.
 */
export function wordHash(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (isWordChar(code)) hash = Math.imul(hash ^ code, 0x01000193);
  }
  return hash | 0;
}

/** The first characters (by UTF-16 code), the lengths and the hash buckets (wordBucket()) of a set of words. */
interface FirstWordGate {
  firstChars: Uint8Array;
  lengths: Uint8Array;
  buckets: Uint8Array;
}

function firstWordGate(words: Set<string>): FirstWordGate {
  const firstChars = new Uint8Array(65536);
  const buckets = new Uint8Array(65536);
  let longest = 0;
  for (const word of words) longest = Math.max(longest, word.length);
  const lengths = new Uint8Array(longest + 1);
  for (const word of words) {
    firstChars[word.charCodeAt(0)] = 1;
    lengths[word.length] = 1;
    buckets[wordBucket(word)] = 1;
  }
  return { firstChars, lengths, buckets };
}

export async function dropMovedCode(findings: RawFinding[], files: ChangedFile[], sliceMs: number): Promise<RawFinding[]> {
  // What each finding's line would look like on the other side of the diff.
  const wanted = new Map<string, { added: boolean; removed: boolean }>();
  const firstWords = new Set<string>();
  const hashes = new Set<number>();
  for (const f of findings) {
    const key = normalise(f.evidence);
    if (key.length < MIN_LENGTH) continue;
    wanted.set(key, { added: false, removed: false });
    firstWords.add(headOf(key));
    hashes.add(wordHash(key));
  }
  if (wanted.size === 0) return findings;
  const gate = firstWordGate(firstWords);
  let sliceStart = performance.now();
  for (const file of files) {
    const patch = file.patch;
    if (!patch) continue;
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
    // Walked by index, not split: most lines stop at the first-word check and nothing is copied for them. A huge
    // patch yields inside too (the clock read every 4,096 lines): one file must not hold the event loop here either.
    for (let start = 0, line = 0; start < patch.length; line++) {
      if ((line & 4095) === 4095 && performance.now() - sliceStart > sliceMs) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
      let end = patch.indexOf("\n", start);
      if (end === -1) end = patch.length;
      const sign = patch[start];
      let word: string | undefined;
      if ((sign === "+" || sign === "-") && (word = firstWord(patch, start + 1, end, gate)) !== undefined && firstWords.has(word) && hashes.has(wordHash(patch, start + 1, end))) {
        const seen = wanted.get(normalise(patch.slice(start + 1, end)));
        if (seen) {
          if (sign === "+") seen.added = true;
          else seen.removed = true;
        }
      }
      start = end + 1;
    }
  }
  const kept = findings.filter((f) => {
    const seen = wanted.get(normalise(f.evidence));
    if (!seen) return true;
    return f.side === "LEFT" ? !seen.added : !seen.removed;
  });
  return dropMovedAuditCalls(kept, files);
}

/** The audit function a line calls, without its receiver: `self.audit_logger.log_object_write(` -> audit_logger.log_object_write. */
function auditCallee(text: string): string | undefined {
  if (text.length > 2000) return undefined;
  // Started only at the start of a name, so a long run of word characters is read once.
  const call = /(?<![\w$.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*){0,4})\s*\(/g;
  for (let m = call.exec(text), n = 0; m && n < 8; m = call.exec(text), n++) {
    if (!/audit/i.test(m[1])) continue;
    const parts = m[1].split(".");
    const callee = parts.slice(-2).join(".");
    return callee.length >= 6 ? callee : undefined;
  }
  return undefined;
}

/**
 * An audit call moved into a service or a helper in the same pull request: removed from one file while another file
 * adds a call to the same audit function (receiver aside: `audit_logger.log_object_write(` becomes
 * `self.audit_logger.log_object_write(`). One pass over the added lines, only when such a finding exists.
 */
function dropMovedAuditCalls(findings: RawFinding[], files: ChangedFile[]): RawFinding[] {
  const callees = new Map<string, Set<string>>(); // callee -> paths that add it
  for (const f of findings) {
    if (f.ruleId !== "audit-logging-removed" || f.side !== "LEFT") continue;
    const callee = auditCallee(f.evidence);
    if (callee && callees.size < 20) callees.set(callee, new Set());
  }
  if (callees.size === 0) return findings;
  for (const file of files) {
    const patch = file.patch;
    if (!patch) continue;
    for (let start = 0; start < patch.length; ) {
      let end = patch.indexOf("\n", start);
      if (end === -1) end = patch.length;
      if (patch[start] === "+" && /audit/i.test(patch.slice(start, Math.min(end, start + 400)))) {
        const line = patch.slice(start + 1, end);
        for (const [callee, paths] of callees) {
          const at = line.indexOf(callee);
          if (at >= 0 && !/[\w$]/.test(line[at - 1] ?? "") && /^\s*\(/.test(line.slice(at + callee.length))) paths.add(file.path);
        }
      }
      start = end + 1;
    }
  }
  return findings.filter((f) => {
    if (f.ruleId !== "audit-logging-removed" || f.side !== "LEFT") return true;
    const callee = auditCallee(f.evidence);
    const paths = callee ? callees.get(callee) : undefined;
    return !paths || ![...paths].some((p) => p !== f.path);
  });
}
