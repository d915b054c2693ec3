// Loads rules.yaml and precompiles, per file kind and diff side, the rules and one automaton of the literals their
// patterns require, so a line costs one pass of the automaton and only the rules whose literals it holds run on it.
import { loadDataFile } from "../load-data-file.js";
import { requiredPunctuation, scannableLiterals } from "./required-literals.js";
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
  /**
   * A migration or SQL script deleted whole (migrations squashed into a new baseline) undoes nothing: the database
   * already ran it, and only a new migration changes what it did.
   */
  notOnDeletedMigrations?: boolean;
  notReaddedToken?: string;
  /**
   * A removed line inside a function removed whole (its definition removed above it in the same run of removed lines,
   * and not defined or called again on the added side): the check leaves with the action it guarded.
   */
  notInsideRemovedFunction?: boolean;
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
  rules: CompiledLineRule[];
  /** Names the rule list, for sharing automata between kinds. */
  key: string;
  /**
   * Each required literal with the index (in `rules`) of its rule: a line that holds none of a rule's literals cannot
   * match it. Read by one automaton with the detectors' planned scans (line-scan.ts sharedAutomaton()).
   */
  entries: Array<[string, number]>;
  /** 1 for the rules with no usable literal: they are tried on every line. */
  everyLine: Uint8Array;
  /** Whether any rule has no usable literal. */
  hasEveryLine: boolean;
}

const CODE_KINDS: FileKind[] = ["js", "python", "go", "java", "ruby", "csharp", "php", "rust", "swift", "cpp"];
export const ALL_KINDS: FileKind[] = [...CODE_KINDS, "sql", "terraform", "yaml", "dockerfile", "manifest", "env", "config", "shell", "docs", "other"];

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

function buildRuleSet(rules: CompiledLineRule[]): RuleSet {
  const everyLine = new Uint8Array(rules.length);
  const entries: Array<[string, number]> = [];
  rules.forEach((rule, index) => {
    // A rule with no literal of two characters may still need a punctuation mark: on the lines without one it cannot
    // match, and a set with no rule for every line skips the lines that hold no rule's literal.
    const literals = scannableLiterals(rule.definition.pattern!) ?? requiredPunctuation(rule.definition.pattern!);
    if (literals) for (const literal of literals) entries.push([literal, index]);
    else everyLine[index] = 1;
  });
  // The code kinds share most of their rule lists, and so their automata.
  return { rules, key: rules.map((r) => r.definition.id).join(","), entries, everyLine, hasEveryLine: everyLine.includes(1) };
}

function buildRuleSets(): Map<string, RuleSet> {
  const sets = new Map<string, RuleSet>();
  const lineRules = RULES.filter((rule) => rule.lines && rule.pattern).map((rule) => ({ rule: compileRule(rule), kinds: expandKinds(rule.kinds) }));
  for (const kind of ALL_KINDS) {
    for (const side of ["added", "removed"] as const) {
      sets.set(`${kind}:${side}`, buildRuleSet(lineRules.filter((r) => r.rule.definition.lines === side && r.kinds.has(kind)).map((r) => r.rule)));
    }
  }
  return sets;
}

const RULE_SETS = buildRuleSets();

export function allRuleSets(): RuleSet[] {
  return [...RULE_SETS.values()];
}

export function ruleSetFor(kind: FileKind, side: "added" | "removed"): RuleSet {
  return RULE_SETS.get(`${kind}:${side}`)!;
}
