// Applies the pattern rules of rules.yaml to one file: one finding per rule and hunk, spanning the lines it matched.
// A rule matches one line, and may require (near) or exclude (unlessNear) patterns on the lines around it or
// anywhere in the file; string constants the file defines are inlined first, so `ALGORITHM + "/ECB/..."` reads
// as `"AES" + "/ECB/..."`.
import type { RawFinding } from "./raw-finding.js";
import type { FileDiff } from "./file-diff.js";
import { candidateLines, compact, decoratesRemovedDefinition, insideRemovedFunction } from "./file-diff.js";
import { allRuleSets, ruleSetFor, type CompiledLineRule, type CompiledNear, type RuleSet } from "./rule-table.js";
import type { DiffLine } from "../diff/parse-patch.js";
import { LOCK_FILE_PATH } from "../diff/classify-file.js";
import { readFileConstants, resolveConstants, CONSTANT_ARGUMENT } from "./read-file-constants.js";
import { MARKED, type LiteralAutomaton } from "./literal-automaton.js";
import { scanVersion, sharedAutomaton } from "./line-scan.js";

function lineCounts(line: DiffLine, lines: CompiledNear["lines"]): boolean {
  // A removed line commented out on the added side is no condition and no replacement (see markCommentedCopies).
  if (line.inert) return false;
  switch (lines) {
    case "new": return line.kind !== "-";
    case "old": return line.kind !== "+";
    case "added": return line.kind === "+";
    case "removed": return line.kind === "-";
    default: return true;
  }
}

/** A file-wide condition's answer, per file (its lines) and condition: every match in the file asks the same question. */
const fileWide = new WeakMap<DiffLine[], Map<CompiledNear, boolean>>();

export function nearMatches(all: DiffLine[], index: number, near: CompiledNear, path = ""): boolean {
  if (near.orPath?.test(path)) return true;
  if (near.scope === "file") {
    let answers = fileWide.get(all);
    if (!answers) fileWide.set(all, (answers = new Map()));
    let answer = answers.get(near);
    if (answer === undefined) {
      answer = all.some((line) => lineCounts(line, near.lines) && near.pattern.test(line.text));
      answers.set(near, answer);
    }
    return answer;
  }
  const hunk = all[index].hunk;
  for (let i = Math.max(0, index - near.before); i <= Math.min(all.length - 1, index + near.after); i++) {
    const line = all[i];
    if (line.hunk === hunk && lineCounts(line, near.lines) && near.pattern.test(line.text)) return true;
  }
  return false;
}

/** A removed safeguard that reappears among the file's added lines was moved or reformatted, not removed. */
function reAdded(rule: CompiledLineRule, text: string, match: RegExpExecArray, diff: FileDiff): boolean {
  const token = rule.notReaddedToken ? rule.notReaddedToken.exec(text)?.[0] : match[0];
  if (token === undefined) return false;
  const wanted = compact(token);
  return diff.addedCompact.includes(wanted) || (wanted.startsWith("@") && wrapperDecoratorAdded(diff, wanted.slice(1)));
}

/**
 * A decorator replaced by a project's own wrapper of it, whose name ends with the old one's after a `_` or a `.`
 * (`@staff_member_required` -> `@helpdesk_staff_member_required`, `@login_required` -> `@api.login_required`): the
 * same check, made stricter or configurable. Only added lines that hold the name are read, at most 50 of them.
 */
function wrapperDecoratorAdded(diff: FileDiff, name: string): boolean {
  if (name.length < 6 || !/^[\w.]+$/.test(name)) return false;
  const wrapper = new RegExp(`^\\s*@[\\w.]*[_.]${name.replace(/\./g, "\\.")}(?![\\w$])`, "i");
  let seen = 0;
  for (const text of diff.added.texts) {
    if (!text.toLowerCase().includes(name)) continue;
    if (wrapper.test(text)) return true;
    if (++seen >= 50) break;
  }
  return false;
}

/**
 * False when readFileConstants() is sure to find nothing, so the scan for constant uses (a regex with no literal,
 * over the whole side) can be skipped: a constant is declared on an added or context line of at most 300 characters
 * that holds "=" and a quote.
 */
export function mayDefineConstants(diff: FileDiff): boolean {
  for (const line of diff.lines) {
    if (line.kind === "-" || line.text.length > 300) continue;
    const text = line.text;
    if (text.includes("=") && (text.includes('"') || text.includes("'"))) return true;
  }
  return false;
}

/** marks[rule] === stamp: the rule's literals are on the line being read. One array for all sets, stamped per line. */
let marks = new Uint32Array(64);
let stamp = 0;
/**
 * The rules to try on the line being read, ascending, after their count in tried[0]: the marked ones and those for
 * every line. applyRules() visits these few instead of testing all of a set's rules (some 45 per code set) per line.
 */
let tried = new Int32Array(65);

/** The indexes of a set's rules for every line, ascending (most sets have none, the code sets one). */
const everyLineRules = new WeakMap<RuleSet, Int32Array>();
function everyLineOf(set: RuleSet): Int32Array {
  let list = everyLineRules.get(set);
  if (!list) {
    const indexes: number[] = [];
    for (let r = 0; r < set.everyLine.length; r++) if (set.everyLine[r] === 1) indexes.push(r);
    everyLineRules.set(set, (list = Int32Array.from(indexes)));
  }
  return list;
}

/**
 * Marks the rules of the set that may match `text` (MARKED in the result when some may, or the set has rules for
 * every line), lists them in `tried`, and returns the planned scans' bits for the line.
 */
function markCandidates(set: RuleSet, automaton: LiteralAutomaton | null, text: string): number {
  if (set.rules.length > marks.length) { marks = new Uint32Array(set.rules.length * 2); tried = new Int32Array(marks.length + 1); }
  if (++stamp === 0xffffffff) { marks.fill(0); stamp = 1; }
  let result = 0;
  if (automaton === null) tried[0] = 0;
  else result = automaton.mark(text, marks, stamp, tried);
  if (!set.hasEveryLine) return result;
  let count = tried[0];
  for (const r of everyLineOf(set)) if (marks[r] !== stamp) tried[++count] = r;
  tried[0] = count;
  return result | MARKED;
}

/** Sorts tried[1..count] ascending (a handful of entries: insertion sort), so rules run in the set's order. */
function sortTried(): void {
  const count = tried[0];
  for (let i = 2; i <= count; i++) {
    const r = tried[i];
    let j = i - 1;
    while (j >= 1 && tried[j] > r) { tried[j + 1] = tried[j]; j--; }
    tried[j + 1] = r;
  }
}

/** Builds now the automaton of every rule set (with the scans planned so far), instead of on each set's first use. */
export function buildRuleAutomata(): void {
  for (const set of allRuleSets()) if (set.rules.length > 0) sharedAutomaton(set.key, set.entries);
}

/** The rules of the set that may match `text` (the others cannot): what the analyzer runs on such a line. */
export function rulesToTry(set: RuleSet, text: string): CompiledLineRule[] {
  if ((markCandidates(set, sharedAutomaton(set.key, set.entries), text) & MARKED) === 0) return [];
  return set.rules.filter((_rule, r) => marks[r] === stamp || set.everyLine[r] === 1);
}

/**
 * Applies the rules markCandidates() selected for `text`, in the set's order. Returns whether any rule's pattern
 * matched the text, conditions aside (rules a test file skips included): such a line is not read again with constants.
 */
function applyRules(diff: FileDiff, set: RuleSet, index: number, text: string, open: Map<string, RawFinding>, findings: RawFinding[]): boolean {
  // Example and sample code is what people copy: only tests, fixtures and mocks are left to rules that ask for them.
  const isTest = diff.fileClass.isTestOnly;
  const lines = diff.lines;
  const line = lines[index];
  const { rules } = set;
  sortTried();
  // Read in place: nothing below marks another line.
  const order = tried;
  let matched = false;
  for (let k = 1, count = order[0]; k <= count; k++) {
    const rule = rules[order[k]];
    if (isTest && !rule.definition.includeTests) {
      matched ||= rule.pattern.test(text);
      continue;
    }
    const match = rule.pattern.exec(text);
    if (!match) continue;
    matched = true;
    if (rule.unless?.test(text)) continue;
    if (!rule.near.every((near) => nearMatches(lines, index, near, diff.path))) continue;
    if (rule.unlessNear.some((near) => nearMatches(lines, index, near, diff.path))) continue;
    if (line.kind === "-" && rule.definition.notReadded && reAdded(rule, text, match, diff)) continue;
    if (line.kind === "-" && rule.definition.notInsideRemovedFunction && (insideRemovedFunction(lines, index, diff.addedCompact) || decoratesRemovedDefinition(lines, index, diff.addedCompact))) continue;
    const key = `${rule.definition.id}|${line.hunk}`;
    const existing = open.get(key);
    if (existing) {
      existing.startLine = Math.min(existing.startLine ?? existing.line, line.newLine);
      existing.line = Math.max(existing.line, line.newLine);
      continue;
    }
    const finding: RawFinding = {
      ruleId: rule.definition.id,
      path: diff.path,
      line: line.newLine,
      side: line.kind === "+" ? "RIGHT" : "LEFT",
      evidence: line.text,
    };
    open.set(key, finding);
    findings.push(finding);
  }
  return matched;
}

export function runLineRules(diff: FileDiff): RawFinding[] {
  const { kind } = diff.fileClass;
  const open = new Map<string, RawFinding>(); // rule|hunk -> finding being extended
  const findings: RawFinding[] = [];
  // A lock file's removed lines are packages and hashes the package manager regenerated: no check, job or log is removed.
  const lockFile = LOCK_FILE_PATH.test(diff.path);
  for (const [set, side] of [[ruleSetFor(kind, "added"), diff.added], [ruleSetFor(kind, "removed"), diff.removed]] as const) {
    if (set.rules.length === 0 || (lockFile && side === diff.removed)) continue;
    // One pass per line marks the rules to try and, for the detectors, which of their scans' literals it holds.
    const version = scanVersion;
    const automaton = sharedAutomaton(set.key, set.entries);
    const { indexes, texts } = side;
    const masks = new Int32Array(indexes.length);
    // Lines some rule's pattern matched as written.
    const seen = new Set<number>();
    for (let i = 0; i < indexes.length; i++) {
      const result = markCandidates(set, automaton, texts[i]);
      masks[i] = result & ~MARKED;
      if ((result & MARKED) !== 0 && applyRules(diff, set, indexes[i], texts[i], open, findings)) seen.add(indexes[i]);
    }
    side.masks = masks;
    side.masksVersion = version;
    // Lines that pass a constant to a call are read again with the file's constants inlined.
    if (side !== diff.added || !mayDefineConstants(diff)) continue;
    const constantUses = candidateLines(side, CONSTANT_ARGUMENT).filter((index) => !seen.has(index));
    if (constantUses.length === 0) continue;
    const constants = readFileConstants(diff);
    if (constants.size === 0) continue;
    for (const index of constantUses) {
      const resolved = resolveConstants(diff.lines[index].text, constants);
      if (resolved !== diff.lines[index].text && (markCandidates(set, automaton, resolved) & MARKED) !== 0) applyRules(diff, set, index, resolved, open, findings);
    }
  }
  for (const finding of findings) if (finding.startLine === finding.line) delete finding.startLine;
  return findings;
}
