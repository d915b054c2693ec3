// Loads the labelled cases of fixtures/eval (synthetic and real-code corpus) and scores the engine on them per area and language.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { review } from "../../src/engine/index.js";
import type { ChangedFile, FindingArea } from "../../src/engine/index.js";
import type { Commitment, OrganisationConfiguration, Profile } from "../../src/domain/types.js";

/** synthetic: fixtures/eval/cases (written beside the rules); dev and holdout: real code in fixtures/eval/real. */
export type EvalPart = "synthetic" | "dev" | "holdout";

export interface EvalCase {
  id: string;
  path: string;
  status?: ChangedFile["status"];
  patch: string;
  expect: FindingArea[];
  profile?: Profile;
  commitments?: Commitment[];
  /** Real-code cases: where the lines come from, `owner/repo:path`, and optionally the commit and line range. */
  source?: string;
  commit?: string;
  lines?: string;
  language?: string;
  /** From a synthetic file named *holdout*: written after the rules were tuned and never tuned on. */
  heldOut?: boolean;
  part: EvalPart;
  /** The YAML file the case was read from, relative to fixtures/eval. */
  file: string;
}

export interface AreaScore { truePositives: number; falsePositives: number; falseNegatives: number; }
export interface EvalMistake { kind: "missed" | "false positive"; area: FindingArea; id: string; source?: string; rules?: string[]; }
export interface EvalScores {
  byArea: Record<string, AreaScore>;
  byLanguage: Record<string, AreaScore>;
  overall: AreaScore;
  cases: number;
  positives: number;
  negatives: number;
  languages: number;
  mistakes: EvalMistake[];
}

export const EVAL_DIR = fileURLToPath(new URL("../../fixtures/eval/", import.meta.url));
export const AREAS: FindingArea[] = ["logging", "access_mfa", "encryption", "pii_retention", "subprocessors", "secrets", "ai_use"];

function readCaseFiles(folder: string, part: EvalPart): EvalCase[] {
  return readdirSync(`${EVAL_DIR}${folder}`).filter((f) => f.endsWith(".yaml")).sort()
    .flatMap((f) => ((yaml.load(readFileSync(`${EVAL_DIR}${folder}/${f}`, "utf8")) ?? []) as Omit<EvalCase, "part" | "file">[])
      .map((c) => ({ ...c, part, file: `${folder}/${f}`, ...(part === "synthetic" ? { heldOut: f.includes("holdout") } : {}) })));
}

/** The synthetic cases of fixtures/eval/cases. */
export function loadEvalCases(): EvalCase[] {
  return readCaseFiles("cases", "synthetic");
}

/** The real-code corpus: fixtures/eval/real/dev (tune on it) and fixtures/eval/real/holdout (never tune on it). */
export function loadRealCases(part: "dev" | "holdout"): EvalCase[] {
  return readCaseFiles(`real/${part}`, part);
}

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  ts: "typescript", tsx: "typescript", js: "javascript", jsx: "javascript", mjs: "javascript", cjs: "javascript", py: "python",
  rb: "ruby", go: "go", java: "java", kt: "kotlin", kts: "kotlin", scala: "scala", cs: "csharp", php: "php", rs: "rust",
  tf: "terraform", hcl: "terraform", yaml: "yaml", yml: "yaml", json: "json", sql: "sql", prisma: "prisma", xml: "xml",
  env: "dotenv", swift: "swift", ex: "elixir", exs: "elixir",
};

/** The case's declared language, or one guessed from the file name for the synthetic cases that declare none. */
export function languageOf(c: Pick<EvalCase, "language" | "path">): string {
  if (c.language) return c.language;
  const name = c.path.split("/").pop() ?? c.path;
  if (/^Dockerfile/i.test(name)) return "dockerfile";
  if (name.startsWith(".env")) return "dotenv";
  return LANGUAGE_BY_EXTENSION[name.split(".").pop()?.toLowerCase() ?? ""] ?? "other";
}

export function evalConfiguration(c: Pick<EvalCase, "profile" | "commitments">): OrganisationConfiguration {
  const base = JSON.parse(readFileSync(`${EVAL_DIR}configuration.json`, "utf8")) as OrganisationConfiguration;
  return { ...base, profile: c.profile ?? base.profile, commitments: c.commitments ?? base.commitments };
}

const emptyScore = (): AreaScore => ({ truePositives: 0, falsePositives: 0, falseNegatives: 0 });
const addScore = (sum: AreaScore, s: AreaScore): AreaScore => ({
  truePositives: sum.truePositives + s.truePositives,
  falsePositives: sum.falsePositives + s.falsePositives,
  falseNegatives: sum.falseNegatives + s.falseNegatives,
});

export async function scoreEvalCases(cases: EvalCase[]): Promise<EvalScores> {
  const byArea = Object.fromEntries(AREAS.map((a) => [a, emptyScore()])) as Record<string, AreaScore>;
  const byLanguage: Record<string, AreaScore> = {};
  const mistakes: EvalMistake[] = [];
  for (const c of cases) {
    const result = await review(
      { repository: "acme/app", pullNumber: 1, headSha: "0".repeat(40), files: [{ path: c.path, status: c.status ?? "modified", patch: c.patch }] },
      evalConfiguration(c),
    );
    const found = new Set(result.findings.map((f) => f.area));
    const language = (byLanguage[languageOf(c)] ??= emptyScore());
    for (const area of AREAS) {
      const expected = c.expect.includes(area);
      const outcome = emptyScore();
      if (expected && found.has(area)) outcome.truePositives++;
      else if (expected) {
        outcome.falseNegatives++;
        mistakes.push({ kind: "missed", area, id: c.id, source: c.source });
      } else if (found.has(area)) {
        outcome.falsePositives++;
        mistakes.push({ kind: "false positive", area, id: c.id, source: c.source, rules: result.findings.filter((f) => f.area === area).map((f) => f.ruleId) });
      }
      byArea[area] = addScore(byArea[area], outcome);
      Object.assign(language, addScore(language, outcome));
    }
  }
  const overall = Object.values(byArea).reduce(addScore, emptyScore());
  const positives = cases.filter((c) => c.expect.length > 0).length;
  return { byArea, byLanguage, overall, cases: cases.length, positives, negatives: cases.length - positives, languages: Object.keys(byLanguage).length, mistakes };
}

/** A ratio for the tables; "-" when it has nothing to count (no finding raised, or no finding expected). */
const shown = (ratio: number, denominator: number) => (denominator === 0 ? "-" : ratio.toFixed(3));
export const precision = (s: AreaScore) => (s.truePositives + s.falsePositives === 0 ? 1 : s.truePositives / (s.truePositives + s.falsePositives));
export const recall = (s: AreaScore) => (s.truePositives + s.falseNegatives === 0 ? 1 : s.truePositives / (s.truePositives + s.falseNegatives));

const row = (name: string, s: AreaScore) =>
  `  ${name.padEnd(15)} ${shown(precision(s), s.truePositives + s.falsePositives).padStart(9)} ${shown(recall(s), s.truePositives + s.falseNegatives).padStart(7)} ${String(s.truePositives).padStart(4)} ${String(s.falsePositives).padStart(4)} ${String(s.falseNegatives).padStart(4)}`;
const header = (first: string) =>
  `  ${first.padEnd(15)} ${"precision".padStart(9)} ${"recall".padStart(7)} ${"TP".padStart(4)} ${"FP".padStart(4)} ${"FN".padStart(4)}`;

export function formatMistake(m: EvalMistake): string {
  const what = m.kind === "missed" ? "missed   " : "false pos";
  return `${what} ${m.area.padEnd(14)} ${m.id}${m.source ? `  [${m.source}]` : ""}${m.rules ? ` (${m.rules.join(",")})` : ""}`;
}

/** The score table of one part: size, per area, overall, per language; with the mistakes when asked. */
export function formatScores(scores: EvalScores, title = "Evaluation set", options: { mistakes?: boolean } = {}): string {
  const lines = [
    `${title}: ${scores.cases} cases (${scores.positives} with expected findings, ${scores.negatives} harmless look-alikes), ${scores.languages} languages`,
    header("area"),
    ...AREAS.map((a) => row(a, scores.byArea[a])),
    row("overall", scores.overall),
    header("language"),
    ...Object.keys(scores.byLanguage).sort().map((l) => row(l, scores.byLanguage[l])),
  ];
  if (options.mistakes && scores.mistakes.length > 0) lines.push(`  mistakes (${scores.mistakes.length}):`, ...scores.mistakes.map((m) => `    ${formatMistake(m)}`));
  return lines.join("\n");
}
