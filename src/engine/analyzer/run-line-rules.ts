// Applies the pattern rules of rules.yaml to one file: one finding per rule and hunk, spanning the lines it matched.
import type { RawFinding } from "./raw-finding.js";
import type { FileDiff } from "./file-diff.js";
import { compact } from "./file-diff.js";
import { ruleSetFor, type CompiledLineRule } from "./rule-table.js";
import type { DiffLine } from "../diff/parse-patch.js";

const MAX_LINE_LENGTH = 2000; // minified bundles and data blobs are not reviewed line by line

function nearMatches(lines: DiffLine[], index: number, near: { pattern: RegExp; within: number }): boolean {
  const hunk = lines[index].hunk;
  for (let i = Math.max(0, index - near.within); i <= Math.min(lines.length - 1, index + near.within); i++) {
    if (lines[i].hunk === hunk && lines[i].kind !== (lines[index].kind === "+" ? "-" : "+") && near.pattern.test(lines[i].text)) return true;
  }
  return false;
}

/** A removed safeguard that reappears among the file's added lines was moved or reformatted, not removed. */
function reAdded(rule: CompiledLineRule, text: string, match: RegExpExecArray, diff: FileDiff): boolean {
  const token = rule.notReaddedToken ? rule.notReaddedToken.exec(text)?.[0] : match[0];
  return token !== undefined && diff.addedCompact.includes(compact(token));
}

export function runLineRules(diff: FileDiff): RawFinding[] {
  const { kind, isTest } = diff.fileClass;
  const added = ruleSetFor(kind, "added");
  const removed = ruleSetFor(kind, "removed");
  if (!added.gate && !removed.gate) return [];
  const open = new Map<string, RawFinding>(); // rule|hunk -> finding being extended
  const findings: RawFinding[] = [];
  const lines = diff.lines;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.kind === " " || line.text.length > MAX_LINE_LENGTH) continue;
    const set = line.kind === "+" ? added : removed;
    if (!set.gate || !set.gate.test(line.text)) continue;
    for (const rule of set.rules) {
      if (isTest && !rule.definition.includeTests) continue;
      const match = rule.pattern.exec(line.text);
      if (!match) continue;
      if (rule.unless?.test(line.text)) continue;
      if (rule.near && !nearMatches(lines, index, rule.near)) continue;
      if (line.kind === "-" && rule.definition.notReadded && reAdded(rule, line.text, match, diff)) continue;
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
  for (const finding of findings) if (finding.startLine === finding.line) delete finding.startLine;
  return findings;
}
