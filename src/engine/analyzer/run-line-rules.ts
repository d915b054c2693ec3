// Applies the pattern rules of rules.yaml to one file: one finding per rule and hunk, spanning the lines it matched.
// A rule matches one line, and may require (near) or exclude (unlessNear) patterns on the lines around it or
// anywhere in the file; string constants the file defines are inlined first, so `ALGORITHM + "/ECB/..."` reads
// as `"AES" + "/ECB/..."`.
import type { RawFinding } from "./raw-finding.js";
import type { FileDiff } from "./file-diff.js";
import { candidateLines, compact } from "./file-diff.js";
import { ruleSetFor, type CompiledLineRule, type CompiledNear, type RuleSet } from "./rule-table.js";
import type { DiffLine } from "../diff/parse-patch.js";
import { readFileConstants, resolveConstants, CONSTANT_ARGUMENT } from "./read-file-constants.js";

function lineCounts(line: DiffLine, lines: CompiledNear["lines"]): boolean {
  switch (lines) {
    case "new": return line.kind !== "-";
    case "old": return line.kind !== "+";
    case "added": return line.kind === "+";
    case "removed": return line.kind === "-";
    default: return true;
  }
}

export function nearMatches(all: DiffLine[], index: number, near: CompiledNear, path = ""): boolean {
  if (near.orPath?.test(path)) return true;
  if (near.scope === "file") {
    for (const line of all) if (lineCounts(line, near.lines) && near.pattern.test(line.text)) return true;
    return false;
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
  return token !== undefined && diff.addedCompact.includes(compact(token));
}

function applyRules(diff: FileDiff, set: RuleSet, index: number, text: string, open: Map<string, RawFinding>, findings: RawFinding[]): void {
  // Example and sample code is what people copy: only tests, fixtures and mocks are left to rules that ask for them.
  const isTest = diff.fileClass.isTestOnly;
  const lines = diff.lines;
  const line = lines[index];
  for (const rule of set.rules) {
    if (isTest && !rule.definition.includeTests) continue;
    const match = rule.pattern.exec(text);
    if (!match) continue;
    if (rule.unless?.test(text)) continue;
    if (!rule.near.every((near) => nearMatches(lines, index, near, diff.path))) continue;
    if (rule.unlessNear.some((near) => nearMatches(lines, index, near, diff.path))) continue;
    if (line.kind === "-" && rule.definition.notReadded && reAdded(rule, text, match, diff)) continue;
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
}

export function runLineRules(diff: FileDiff): RawFinding[] {
  const { kind } = diff.fileClass;
  const open = new Map<string, RawFinding>(); // rule|hunk -> finding being extended
  const findings: RawFinding[] = [];
  for (const [set, side] of [[ruleSetFor(kind, "added"), diff.added], [ruleSetFor(kind, "removed"), diff.removed]] as const) {
    if (!set.gate) continue;
    const seen = new Set<number>();
    const checkLine = set.prefilter !== set.gate;
    for (const index of candidateLines(side, set.prefilter!)) {
      if (checkLine && !set.lineGate!.test(diff.lines[index].text)) continue;
      seen.add(index);
      applyRules(diff, set, index, diff.lines[index].text, open, findings);
    }
    // Lines that pass a constant to a call are read again with the file's constants inlined.
    if (side !== diff.added) continue;
    const constantUses = candidateLines(side, CONSTANT_ARGUMENT).filter((index) => !seen.has(index));
    if (constantUses.length === 0) continue;
    const constants = readFileConstants(diff);
    if (constants.size === 0) continue;
    for (const index of constantUses) {
      const resolved = resolveConstants(diff.lines[index].text, constants);
      if (resolved !== diff.lines[index].text && set.lineGate!.test(resolved)) applyRules(diff, set, index, resolved, open, findings);
    }
  }
  for (const finding of findings) if (finding.startLine === finding.line) delete finding.startLine;
  return findings;
}
