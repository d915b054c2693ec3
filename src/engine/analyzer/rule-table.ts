// Loads rules.yaml and precompiles, per file kind and diff side, one gate regex plus the rules behind it,
// so a diff line that concerns no rule costs a single regex test.
import { loadDataFile } from "../load-data-file.js";
import type { FileKind } from "../diff/classify-file.js";
import type { Severity } from "../types.js";

export type CommitmentRelation = "weakens" | "adds" | "retention";

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
  near?: { pattern: string; within: number };
  notReadded?: boolean;
  notReaddedToken?: string;
  includeTests?: boolean;
  detector?: string;
}

export interface CompiledLineRule {
  definition: RuleDefinition;
  pattern: RegExp;
  unless?: RegExp;
  near?: { pattern: RegExp; within: number };
  notReaddedToken?: RegExp;
}

export interface RuleSet {
  gate: RegExp | null;
  rules: CompiledLineRule[];
}

const CODE_KINDS: FileKind[] = ["js", "python", "go", "java", "ruby", "csharp", "php"];
const ALL_KINDS: FileKind[] = [...CODE_KINDS, "sql", "terraform", "yaml", "dockerfile", "manifest", "env", "config", "docs", "other"];

export const RULES: RuleDefinition[] = loadDataFile<{ rules: RuleDefinition[] }>("analyzer/rules.yaml").rules;
export const RULES_BY_ID = new Map(RULES.map((rule) => [rule.id, rule]));

function expandKinds(kinds: string[] | undefined): Set<FileKind> {
  if (!kinds) return new Set(ALL_KINDS);
  return new Set(kinds.flatMap((kind) => (kind === "code" ? CODE_KINDS : [kind as FileKind])));
}

function compile(definition: RuleDefinition): CompiledLineRule {
  return {
    definition,
    pattern: new RegExp(definition.pattern!, "i"),
    unless: definition.unless ? new RegExp(definition.unless, "i") : undefined,
    near: definition.near ? { pattern: new RegExp(definition.near.pattern, "i"), within: definition.near.within } : undefined,
    notReaddedToken: definition.notReaddedToken ? new RegExp(definition.notReaddedToken, "i") : undefined,
  };
}

function buildRuleSets(): Map<string, RuleSet> {
  const sets = new Map<string, RuleSet>();
  const lineRules = RULES.filter((rule) => rule.lines && rule.pattern).map((rule) => ({ rule: compile(rule), kinds: expandKinds(rule.kinds) }));
  for (const kind of ALL_KINDS) {
    for (const side of ["added", "removed"] as const) {
      const rules = lineRules.filter((r) => r.rule.definition.lines === side && r.kinds.has(kind)).map((r) => r.rule);
      const gate = rules.length ? new RegExp(rules.map((r) => `(?:${r.definition.pattern})`).join("|"), "i") : null;
      sets.set(`${kind}:${side}`, { gate, rules });
    }
  }
  return sets;
}

const RULE_SETS = buildRuleSets();

export function ruleSetFor(kind: FileKind, side: "added" | "removed"): RuleSet {
  return RULE_SETS.get(`${kind}:${side}`)!;
}
