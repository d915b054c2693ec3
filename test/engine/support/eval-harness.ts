// Loads the labelled cases of fixtures/eval and scores the engine on them, per case and area.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { review } from "../../../src/engine/index.js";
import type { ChangedFile, FindingArea } from "../../../src/engine/index.js";
import type { Commitment, OrganisationConfiguration, Profile } from "../../../src/domain/types.js";

export interface EvalCase {
  id: string;
  path: string;
  status?: ChangedFile["status"];
  patch: string;
  expect: FindingArea[];
  profile?: Profile;
  commitments?: Commitment[];
  /** From a file named *holdout*: written after the rules were tuned and never tuned on. */
  heldOut?: boolean;
}

export interface AreaScore { truePositives: number; falsePositives: number; falseNegatives: number; }
export interface EvalScores { byArea: Record<string, AreaScore>; overall: AreaScore; cases: number; positives: number; negatives: number; mistakes: string[]; }

const EVAL_DIR = fileURLToPath(new URL("../../../fixtures/eval/", import.meta.url));
export const AREAS: FindingArea[] = ["logging", "access_mfa", "encryption", "pii_retention", "subprocessors", "secrets", "ai_use"];

export function loadEvalCases(): EvalCase[] {
  return readdirSync(`${EVAL_DIR}cases`).filter((f) => f.endsWith(".yaml")).sort()
    .flatMap((f) => (yaml.load(readFileSync(`${EVAL_DIR}cases/${f}`, "utf8")) as EvalCase[]).map((c) => ({ ...c, heldOut: f.includes("holdout") })));
}

export function evalConfiguration(c: EvalCase): OrganisationConfiguration {
  const base = JSON.parse(readFileSync(`${EVAL_DIR}configuration.json`, "utf8")) as OrganisationConfiguration;
  return { ...base, profile: c.profile ?? base.profile, commitments: c.commitments ?? base.commitments };
}

export async function scoreEvalCases(cases: EvalCase[]): Promise<EvalScores> {
  const byArea = Object.fromEntries(AREAS.map((a) => [a, { truePositives: 0, falsePositives: 0, falseNegatives: 0 }])) as Record<string, AreaScore>;
  const mistakes: string[] = [];
  for (const c of cases) {
    const result = await review(
      { repository: "acme/app", pullNumber: 1, headSha: "0".repeat(40), files: [{ path: c.path, status: c.status ?? "modified", patch: c.patch }] },
      evalConfiguration(c),
    );
    const found = new Set(result.findings.map((f) => f.area));
    for (const area of AREAS) {
      const expected = c.expect.includes(area);
      if (expected && found.has(area)) byArea[area].truePositives++;
      else if (expected) { byArea[area].falseNegatives++; mistakes.push(`missed    ${area.padEnd(14)} ${c.id}`); }
      else if (found.has(area)) { byArea[area].falsePositives++; mistakes.push(`false pos ${area.padEnd(14)} ${c.id} (${result.findings.filter((f) => f.area === area).map((f) => f.ruleId).join(",")})`); }
    }
  }
  const overall = Object.values(byArea).reduce((sum, s) => ({
    truePositives: sum.truePositives + s.truePositives,
    falsePositives: sum.falsePositives + s.falsePositives,
    falseNegatives: sum.falseNegatives + s.falseNegatives,
  }), { truePositives: 0, falsePositives: 0, falseNegatives: 0 });
  const positives = cases.filter((c) => c.expect.length > 0).length;
  return { byArea, overall, cases: cases.length, positives, negatives: cases.length - positives, mistakes };
}

export const precision = (s: AreaScore) => (s.truePositives + s.falsePositives === 0 ? 1 : s.truePositives / (s.truePositives + s.falsePositives));
export const recall = (s: AreaScore) => (s.truePositives + s.falseNegatives === 0 ? 1 : s.truePositives / (s.truePositives + s.falseNegatives));

export function formatScores(scores: EvalScores): string {
  const row = (name: string, s: AreaScore) =>
    `${name.padEnd(15)} ${precision(s).toFixed(3).padStart(9)} ${recall(s).toFixed(3).padStart(7)} ${String(s.truePositives).padStart(4)} ${String(s.falsePositives).padStart(4)} ${String(s.falseNegatives).padStart(4)}`;
  return [
    `Evaluation set: ${scores.cases} cases (${scores.positives} with expected findings, ${scores.negatives} harmless look-alikes)`,
    `${"area".padEnd(15)} ${"precision".padStart(9)} ${"recall".padStart(7)} ${"TP".padStart(4)} ${"FP".padStart(4)} ${"FN".padStart(4)}`,
    ...AREAS.map((a) => row(a, scores.byArea[a])),
    row("overall", scores.overall),
  ].join("\n");
}
