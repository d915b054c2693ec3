// The analyzer's speed work must change no result: the lazily filled automaton finds what a plain search finds, the
// gated residual scans select what the regex selects, the constants gate skips only files without constants, every
// detector scan is planned when the module loads (within the mask's bits), and a full GC between two reviews does not
// throw away the optimized code that reads diffs.
import { describe, expect, it } from "@jest/globals";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { review } from "../../src/engine/index.js";
import "../../src/engine/analyzer/analyze-files.js";
import { candidateLines, scanJoinedText, toFileDiff } from "../../src/engine/analyzer/file-diff.js";
import { LiteralAutomaton, MARKED, maskBit } from "../../src/engine/analyzer/literal-automaton.js";
import { MASK_BITS, planFor, plannedRegexes, scanBits, scanVersion } from "../../src/engine/analyzer/line-scan.js";
import { mayDefineConstants } from "../../src/engine/analyzer/run-line-rules.js";
import { readFileConstants } from "../../src/engine/analyzer/read-file-constants.js";
import { configuration, input } from "./support/configuration.js";

const ROOT = new URL("../../fixtures/eval/", import.meta.url);
function casesOf(folder: string): Array<{ path: string; patch: string }> {
  const dir = new URL(folder, ROOT);
  return readdirSync(dir).filter((f) => f.endsWith(".yaml")).flatMap((f) => yaml.load(readFileSync(new URL(f, dir), "utf8")) as Array<{ path: string; patch: string }>);
}
const CASES = [...casesOf("cases/"), ...casesOf("real/dev/")];

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

describe("the detector scans' plans", () => {
  it("are all made when the analyzer loads, within the mask's 31 bits, and the corpus plans nothing more", async () => {
    const { used, refused } = scanBits();
    expect(refused).toBe(0);
    expect(used).toBeLessThanOrEqual(MASK_BITS);
    expect(plannedRegexes().length).toBeGreaterThanOrEqual(15);
    const version = scanVersion;
    for (const c of CASES.slice(0, 300)) await review(input([{ path: c.path, status: "modified", patch: c.patch }]), configuration({ profile: { company: "Acme", hosting: "EU (Frankfurt)" } }));
    expect(scanVersion).toBe(version);
  });

  it("leave a residual alternative that requires literals out only where no line holds one", () => {
    const regex = /(?:^|;)\s*p(?:\s*\(|\s+)|^\s*import\s+(\w+)|\bfoo\.bar\(/gm;
    const plan = planFor(regex)!;
    expect(plan.gateMask).not.toBe(0);
    expect(plan.ungated?.source).toBe(String.raw`(?:(?:^|;)\s*p(?:\s*\(|\s+))`);
    const patches = [
      "@@ -1,3 +1,3 @@\n+const a = 1;\n+  p x\n+foo.bar(1)",
      // ^\s* runs over the blank lines: the match starts on the first of them.
      "@@ -1,4 +1,4 @@\n+x = 1\n+\n+   \n+  import os",
      "@@ -1,2 +1,2 @@\n+IMPORT sys\n+; p(1)",
      "@@ -1 +1 @@\n+nothing here",
    ];
    for (const patch of patches) {
      const side = toFileDiff({ path: "a.py", status: "modified", patch }).added;
      expect(candidateLines(side, regex)).toEqual(scanJoinedText(side, regex));
    }
    expect(candidateLines(toFileDiff({ path: "a.py", status: "modified", patch: patches[1] }).added, regex)).toEqual([1, 2, 3]);
  });
});

describe("the literal automaton, filled in as it scans", () => {
  it("finds exactly the literals a plain case-insensitive search finds, on first and later scans", () => {
    const next = random(7);
    const alphabet = "abcdeABCDE_.-: \u00e9\u212a";
    const word = (min: number, max: number) => Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => alphabet[Math.floor(next() * 12)]).join("");
    for (let round = 0; round < 20; round++) {
      const literals = [...new Set(Array.from({ length: 1 + Math.floor(next() * 60) }, () => word(1, 6).toLowerCase()))];
      const entries = literals.map((literal, n) => [literal, n % 3 === 0 ? maskBit(n % 31) : n] as const);
      const automaton = new LiteralAutomaton(entries);
      for (let pass = 0; pass < 2; pass++) {
        for (let t = 0; t < 200; t++) {
          const text = Array.from({ length: 1 + Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
          const marks = new Uint32Array(entries.length);
          const result = automaton.mark(text, marks, 1);
          let bits = 0;
          const expected: number[] = [];
          const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
          for (const [literal, value] of entries) {
            if (!lower.includes(literal)) continue;
            if (value < 0) bits |= 1 << (-1 - value);
            else { bits |= MARKED; expected.push(value); }
          }
          expect({ text, result, marked: [...marks.keys()].filter((v) => marks[v] === 1) }).toEqual({ text, result: bits, marked: [...new Set(expected)].sort((a, b) => a - b) });
        }
      }
    }
  });
});

describe("the gate on the scan for constant uses", () => {
  it("skips only files in which no constant is declared", () => {
    let skipped = 0;
    let declaring = 0;
    for (const c of CASES) {
      const diff = toFileDiff({ path: c.path, status: "modified", patch: c.patch });
      const declares = readFileConstants(diff).size > 0;
      if (declares) declaring++;
      if (!mayDefineConstants(diff)) {
        skipped++;
        expect({ path: c.path, declares }).toEqual({ path: c.path, declares: false });
      }
    }
    expect(declaring).toBeGreaterThan(50);
    expect(skipped).toBeGreaterThan(200);
  });
});

describe("the diff's hidden classes", () => {
  it("survive a full GC between two reviews: the optimized code that reads diffs is not thrown away", () => {
    const engine = fileURLToPath(new URL("../../src/engine/index.ts", import.meta.url));
    const script = `
      const { review } = await import(${JSON.stringify(engine)});
      const line = (i) => i % 3 === 0 ? "-  const order = await orders.find(req.params.id);" : "+  logger.info(\\"loaded\\", { id: order.id, step: " + i + " });";
      const files = Array.from({ length: 400 }, (_, n) => ({ path: "src/m" + n + ".ts", status: "modified", patch: "@@ -1,60 +1,60 @@\\n" + Array.from({ length: 60 }, (_, i) => line(i)).join("\\n") }));
      const pr = { repository: "a/b", pullNumber: 1, headSha: "0".repeat(40), files };
      const config = { profile: { company: "A" }, frameworks: ["GDPR"], eu_inference: false, review_language: "en", commitments: [], commitments_updated_at: null };
      for (let run = 0; run < 4; run++) { gc(); await review(pr, config); }
      console.log("reviewed");
    `;
    const out = execFileSync(process.execPath, ["--expose-gc", "--trace-deopt", "--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(out).toContain("reviewed");
    const weak = out.split("\n").filter((l) => /reason: weak objects/.test(l) && /SharedFunctionInfo (?:toFileDiff|sideText|candidateLines|runLineRules|get text|get starts)>/.test(l));
    expect(weak).toEqual([]);
  }, 120_000);
});
