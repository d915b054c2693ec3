// Loads rules.yaml and precompiles, per file kind and diff side, one gate regex plus the rules behind it,
// so the lines of a file that concern no rule cost one scan of the file's joined text.
import { loadDataFile } from "../load-data-file.js";
import { requiredLiterals } from "./required-literals.js";
import type { FileKind } from "../diff/classify-file.js";
import type { Severity } from "../types.js";

export type CommitmentRelation = "weakens" | "adds" | "retention";

/**
 * A condition on the lines around the matched line (the line itself included).
 * lines: which lines count — "new" (added and context, the default for added-line rules), "old" (removed and
 * context, the default for removed-line rules), "added", "removed" or "any".
 * within / before / after: how many diff lines either side, in the same hunk; scope "file" looks at the whole file.
 */
export interface NearDefinition {
  pattern: string;
  within?: number;
  before?: number;
  after?: number;
  lines?: "new" | "old" | "added" | "removed" | "any";
  scope?: "hunk" | "file";
  /** The condition also holds when the file's path matches this (a scheduler file, a routes file). */
  orPath?: string;
}

export interface RuleDefinition {
  id: string;
  /** Rule whose texts this one shares (defaults to its own id). */
  message?: string;
  changeAreas: string[];
  severity: Severity;
  relation: CommitmentRelation;
  lines?: "added" | "removed";
  kinds?: string[];
  pattern?: string;
  unless?: string;
  /** Every condition must hold. */
  near?: NearDefinition | NearDefinition[];
  /** Any condition that holds drops the match (a look-alike recognised by its surroundings). */
  unlessNear?: NearDefinition | NearDefinition[];
  notReadded?: boolean;
  /** A check removed with the whole file that it guarded (a deleted controller) weakens nothing left. */
  notOnDeletedFiles?: boolean;
  notReaddedToken?: string;
  includeTests?: boolean;
  detector?: string;
}

export interface CompiledNear {
  pattern: RegExp;
  before: number;
  after: number;
  lines: "new" | "old" | "added" | "removed" | "any";
  scope: "hunk" | "file";
  orPath?: RegExp;
}

export interface CompiledLineRule {
  definition: RuleDefinition;
  pattern: RegExp;
  unless?: RegExp;
  near: CompiledNear[];
  unlessNear: CompiledNear[];
  notReaddedToken?: RegExp;
}

export interface RuleSet {
  /** All patterns of the set in one regex, flags "gim", for candidateLines(). */
  gate: RegExp | null;
  /** The literals every match of the set contains, flags "gi": scanned first, several times faster than the gate. */
  prefilter: RegExp | null;
  /** The same, without "g", for testing one line. */
  lineGate: RegExp | null;
  rules: CompiledLineRule[];
}

const CODE_KINDS: FileKind[] = ["js", "python", "go", "java", "ruby", "csharp", "php", "rust", "swift", "cpp"];
const ALL_KINDS: FileKind[] = [...CODE_KINDS, "sql", "terraform", "yaml", "dockerfile", "manifest", "env", "config", "shell", "docs", "other"];

export const RULES: RuleDefinition[] = loadDataFile<{ rules: RuleDefinition[] }>("analyzer/rules.yaml").rules;
export const RULES_BY_ID = new Map(RULES.map((rule) => [rule.id, rule]));

function expandKinds(kinds: string[] | undefined): Set<FileKind> {
  if (!kinds) return new Set(ALL_KINDS);
  return new Set(kinds.flatMap((kind) => (kind === "code" ? CODE_KINDS : [kind as FileKind])));
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function compileNear(near: NearDefinition, side: "added" | "removed"): CompiledNear {
  const within = near.within ?? 0;
  return {
    pattern: new RegExp(near.pattern, "i"),
    before: near.before ?? within,
    after: near.after ?? within,
    lines: near.lines ?? (side === "added" ? "new" : "old"),
    scope: near.scope ?? "hunk",
    orPath: near.orPath ? new RegExp(near.orPath, "i") : undefined,
  };
}

export function compileRule(definition: RuleDefinition): CompiledLineRule {
  const side = definition.lines ?? "added";
  return {
    definition,
    pattern: new RegExp(definition.pattern!, "i"),
    unless: definition.unless ? new RegExp(definition.unless, "i") : undefined,
    near: list(definition.near).map((n) => compileNear(n, side)),
    unlessNear: list(definition.unlessNear).map((n) => compileNear(n, side)),
    notReaddedToken: definition.notReaddedToken ? new RegExp(definition.notReaddedToken, "i") : undefined,
  };
}

function buildRuleSets(): Map<string, RuleSet> {
  const sets = new Map<string, RuleSet>();
  const lineRules = RULES.filter((rule) => rule.lines && rule.pattern).map((rule) => ({ rule: compileRule(rule), kinds: expandKinds(rule.kinds) }));
  for (const kind of ALL_KINDS) {
    for (const side of ["added", "removed"] as const) {
      const rules = lineRules.filter((r) => r.rule.definition.lines === side && r.kinds.has(kind)).map((r) => r.rule);
      const source = rules.map((r) => `(?:${r.definition.pattern})`).join("|");
      const literals = rules.map((r) => requiredLiterals(r.definition.pattern!));
      const escape = (l: string) => l.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      const gate = rules.length ? new RegExp(source, "gim") : null;
      sets.set(`${kind}:${side}`, {
        gate,
        prefilter: !rules.length ? null : literals.every((l) => l !== null) ? new RegExp([...new Set(literals.flat() as string[])].sort((a, b) => b.length - a.length).map(escape).join("|"), "gi") : gate,
        lineGate: rules.length ? new RegExp(source, "i") : null,
        rules,
      });
    }
  }
  return sets;
}

const RULE_SETS = buildRuleSets();

export function ruleSetFor(kind: FileKind, side: "added" | "removed"): RuleSet {
  return RULE_SETS.get(`${kind}:${side}`)!;
}
