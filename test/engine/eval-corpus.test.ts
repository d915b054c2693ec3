import { describe, expect, it } from "@jest/globals";
import { parsePatch } from "../../src/engine/diff/parse-patch.js";
import { AREAS, formatScores, languageOf, loadEvalCases, loadRealCases, scoreEvalCases } from "../../scripts/support/eval-harness.js";
import type { EvalCase } from "../../scripts/support/eval-harness.js";

const dev = loadRealCases("dev");
const holdout = loadRealCases("holdout");
const real = [...dev, ...holdout];
const repositoryOf = (c: EvalCase) => c.source!.split(":")[0];

/** Counts of a hunk's old and new sides, as its header states them and as its lines make them. */
function hunkCounts(patch: string): Array<{ header: string; stated: [number, number]; actual: [number, number] }> {
  const hunks: Array<{ header: string; stated: [number, number]; actual: [number, number] }> = [];
  for (const line of patch.split("\n")) {
    const header = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
    if (header) hunks.push({ header: line, stated: [Number(header[1] ?? 1), Number(header[2] ?? 1)], actual: [0, 0] });
    else if (hunks.length > 0) {
      const hunk = hunks[hunks.length - 1];
      if (!line.startsWith("+")) hunk.actual[0]++;
      if (!line.startsWith("-")) hunk.actual[1]++;
    }
  }
  return hunks;
}

describe("real-code evaluation corpus (fixtures/eval/real)", () => {
  it("is large enough: at least 400 cases, 150 of them held out, 12 languages, 40% harmless look-alikes", () => {
    expect(real.length).toBeGreaterThanOrEqual(400);
    expect(holdout.length).toBeGreaterThanOrEqual(150);
    expect(new Set(real.map(languageOf)).size).toBeGreaterThanOrEqual(12);
    expect(real.filter((c) => c.expect.length === 0).length / real.length).toBeGreaterThanOrEqual(0.4);
  });

  it("has positives in every area in both parts, at least 15 per area held out", () => {
    const short = (cases: EvalCase[]) => AREAS.map((a) => [a, cases.filter((c) => c.expect.includes(a)).length] as const).filter(([, n]) => n < 15);
    expect(short(holdout)).toEqual([]);
    expect(short(dev)).toEqual([]);
  });

  it("records for every case its source as owner/repo:path, its language and valid areas", () => {
    for (const c of real) {
      expect([c.id, c.source]).toEqual([c.id, expect.stringMatching(/^[\w.-]+\/[\w.-]+:[^\s:]+$/)]);
      expect([c.id, c.source!.endsWith(`:${c.path}`)]).toEqual([c.id, true]);
      expect([c.id, typeof c.language]).toEqual([c.id, "string"]);
      for (const area of c.expect) expect(AREAS).toContain(area);
      expect(new Set(c.expect).size).toBe(c.expect.length);
    }
  });

  it("has unique ids across the synthetic cases and both real parts", () => {
    const ids = [...loadEvalCases(), ...real].map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("keeps development and held-out apart: no source repository in both parts", () => {
    const devRepositories = new Set(dev.map(repositoryOf));
    expect(holdout.map(repositoryOf).filter((r) => devRepositories.has(r))).toEqual([]);
  });

  it("has no duplicated case: no two cases with the same patch, or the same source lines changed the same way", () => {
    const patches = real.map((c) => c.patch);
    expect(real.filter((c, i) => patches.indexOf(c.patch) !== i).map((c) => c.id)).toEqual([]);
    const spans = real.map((c) => `${c.source}#${c.lines ?? ""}#${c.status ?? ""}`);
    expect(real.filter((c, i) => c.lines !== undefined && spans.indexOf(spans[i]) !== i).map((c) => c.id)).toEqual([]);
  });

  it("has patches that parse into changed lines with hunk headers that match their lines", () => {
    for (const c of real) {
      const lines = parsePatch(c.patch);
      expect([c.id, lines.some((l) => l.kind !== " ")]).toEqual([c.id, true]);
      for (const hunk of hunkCounts(c.patch)) expect([c.id, hunk.header, hunk.actual]).toEqual([c.id, hunk.header, hunk.stated]);
    }
  });
});

describe("evaluation harness", () => {
  const tlsOff: EvalCase = {
    id: "go-tls-off", path: "internal/client/http.go", part: "dev", file: "test", expect: ["encryption"],
    patch: "@@ -1,2 +1,3 @@\n tr := &http.Transport{\n+\tTLSClientConfig: &tls.Config{InsecureSkipVerify: true},\n }",
  };
  const harmless: EvalCase = { id: "py-harmless", path: "app/util.py", language: "python", part: "dev", file: "test", expect: [], patch: "@@ -1,1 +1,2 @@\n import os\n+x = 1" };

  it("names a case's language from its declaration or, for the synthetic cases, its file name", () => {
    expect(languageOf({ path: "a/b.tf" })).toBe("terraform");
    expect(languageOf({ path: "services/api/Dockerfile" })).toBe("dockerfile");
    expect(languageOf({ path: "a/b.yaml", language: "kubernetes" })).toBe("kubernetes");
  });

  it("scores per area and per language, and lists each mistake with its case and source", async () => {
    const missed: EvalCase = { ...harmless, id: "py-missed", expect: ["secrets"], source: "acme/app:app/util.py" };
    const scores = await scoreEvalCases([tlsOff, harmless, missed]);
    expect(scores).toMatchObject({ cases: 3, positives: 2, negatives: 1, languages: 2 });
    expect(scores.byArea.encryption).toEqual({ truePositives: 1, falsePositives: 0, falseNegatives: 0 });
    expect(scores.byArea.secrets).toEqual({ truePositives: 0, falsePositives: 0, falseNegatives: 1 });
    expect(scores.byLanguage.go).toEqual({ truePositives: 1, falsePositives: 0, falseNegatives: 0 });
    expect(scores.byLanguage.python).toEqual({ truePositives: 0, falsePositives: 0, falseNegatives: 1 });
    expect(scores.mistakes).toEqual([{ kind: "missed", area: "secrets", id: "py-missed", source: "acme/app:app/util.py" }]);
    const text = formatScores(scores, "Sample", { mistakes: true });
    expect(text).toContain("Sample: 3 cases (2 with expected findings, 1 harmless look-alikes), 2 languages");
    expect(text).toMatch(/\n {2}python +- +0\.000 +0 +0 +1\n/);
    expect(text).toMatch(/\n {2}logging +- +- +0 +0 +0\n/);
    expect(text).toContain("missed    secrets        py-missed  [acme/app:app/util.py]");
  });
});
