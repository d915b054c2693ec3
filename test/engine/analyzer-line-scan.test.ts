// The detectors' scans are answered from one shared literal pass (line-scan.ts): the lines selected must be exactly
// the lines a scan of the joined text with the regex itself selects. Checked for every regex the detectors plan,
// and for regexes built to hit the edges (case, anchors, patterns that run over a line end), on every side of every
// synthetic and development case and on hand-made sides.
import { describe, expect, it } from "@jest/globals";
import { readFileSync, readdirSync } from "node:fs";
import yaml from "js-yaml";
import { review } from "../../src/engine/index.js";
import { candidateLines, scanJoinedText, toFileDiff } from "../../src/engine/analyzer/file-diff.js";
import { runLineRules } from "../../src/engine/analyzer/run-line-rules.js";
import { isLineLocal, literalExpansion, localPrefix, planFor, plannedRegexes, sequenceAtoms, splitAlternatives } from "../../src/engine/analyzer/line-scan.js";
import { configuration, input } from "./support/configuration.js";

const ROOT = new URL("../../fixtures/eval/", import.meta.url);
function casesOf(folder: string): Array<{ path: string; patch: string }> {
  const dir = new URL(folder, ROOT);
  return readdirSync(dir).filter((f) => f.endsWith(".yaml")).flatMap((f) => yaml.load(readFileSync(new URL(f, dir), "utf8")) as Array<{ path: string; patch: string }>);
}

/** Built to fall on each side of the planner's rules. */
const EDGE_CASES = [
  /AKIA|secret|Key|gh[pousr]_|xox[ab]-|:\/\/|delete_?after|SK[0-9a-f]{4}|spec\s*\(|^\s+[\w.-]+:\s*["']?[A-Za-z0-9+/]{6,}/gim, // case-insensitive, with a residual
  /Password|apiKey|licen[cs]e|\bLog\.(?:i|d)|(?:token|cipher)[^\n]*\d|logger\s*\.|(?:^|;)\s*p(?:\s*\(|\s+)/gm, // case-sensitive literals and local parts
  /(?:\bconsole\.log|\brequire\s*\()\s*\(?|(?:keep|ttl)[^;]*;|\bfoo(?=\s*\()|\bgo+ing\s*;/gm, // optional tails, a class that crosses lines, lookaheads and line ends after a prefix
];

describe("planned line scans", () => {
  it("select exactly the lines the regex itself selects, for every detector scan and edge case", async () => {
    const cases = [...casesOf("cases/"), ...casesOf("real/dev/")];
    // A review of every case plans every scan the detectors make.
    for (const c of cases.slice(0, 400)) await review(input([{ path: c.path, status: "modified", patch: c.patch }]), configuration({ profile: { company: "Acme", hosting: "EU (Frankfurt)" } }));
    for (const regex of EDGE_CASES) expect(planFor(regex)).not.toBeNull();
    const regexes = plannedRegexes();
    expect(regexes.length).toBeGreaterThanOrEqual(EDGE_CASES.length + 5);
    const handMade = [
      "@@ -1,3 +1,12 @@\n+\n+  spec\n+  (x)\n+   \n+  api-key: QUtJQUlPU0ZPRE5ON0VYQU1QTEU=\n+keep a\n+ going; ttl 3\n+foo\n+ (bar) gooo\n+ ;\n+Log.i(\"x\")\n+ p foo\n- DELETE_AFTER = 3\n-\tsk0123 secret",
      "@@ -1 +1 @@\n+",
      "@@ -1 +1,2 @@\n+\n+AKIA",
      "@@ -1 +1,2 @@\n+ſecret \u212Aey ＡＫＩＡ\n+xoxb-1",
    ];
    const files = [...cases.map((c) => ({ path: c.path, patch: c.patch })), ...handMade.map((patch, n) => ({ path: `hand/${n}.yml`, patch }))];
    let selected = 0;
    for (const [n, file] of files.entries()) {
      const diff = toFileDiff({ path: file.path, status: "modified", patch: file.patch });
      // The line rules' pass records the scans' literals as it goes; otherwise candidateLines() makes its own pass.
      if (n % 2 === 0) runLineRules(diff);
      for (const side of [diff.added, diff.removed]) {
        for (const regex of regexes) {
          const planned = candidateLines(side, regex);
          const plain = scanJoinedText(side, regex);
          if (planned.join() !== plain.join()) expect({ path: file.path, regex: regex.source, planned }).toEqual({ path: file.path, regex: regex.source, planned: plain });
          selected += plain.length;
        }
      }
    }
    expect(selected).toBeGreaterThan(1000);
  });

  it("reads regex sources as intended", () => {
    expect(splitAlternatives(String.raw`a|(b|c)|[|]|\|`)).toEqual(["a", "(b|c)", "[|]", String.raw`\|`]);
    expect(splitAlternatives("(a")).toBeNull();
    expect(literalExpansion(String.raw`licen[cs]e`)).toEqual(["licence", "license"]);
    expect(literalExpansion(String.raw`delete_?after`)).toEqual(["delete_after", "deleteafter"]);
    expect(literalExpansion(String.raw`hooks\.slack`)).toEqual(["hooks.slack"]);
    expect(literalExpansion(String.raw`\bkey`)).toBeNull();
    expect(literalExpansion("a{2}")).toBeNull();
    expect(literalExpansion("[a-z]x")).toBeNull();
    expect(isLineLocal(String.raw`(?:retain|ttl)[^\n]*\d`, "im")).toBe(true);
    expect(isLineLocal(String.raw`keep[^;]*;`, "im")).toBe(false);
    expect(isLineLocal(String.raw`spec\s*\(`, "im")).toBe(false);
    expect(isLineLocal(String.raw`foo(?=\()`, "im")).toBe(false);
    expect(isLineLocal(String.raw`^foo`, "i")).toBe(false);
    expect(isLineLocal(String.raw`^foo[\w.]+$`, "im")).toBe(true);
    expect(sequenceAtoms(String.raw`\bfoo(?:a|b)+\s*[x\]]{2,3}?\(`)).toEqual([String.raw`\b`, "f", "o", "o", "(?:a|b)+", String.raw`\s*`, String.raw`[x\]]{2,3}?`, String.raw`\(`]);
    expect(localPrefix(String.raw`\blogger\s*(?=\()`, "m")).toEqual({ prefix: String.raw`\blogger`, literals: ["logger"] });
    expect(localPrefix(String.raw`(?:^|;)\s*print`, "m")).toBeNull(); // the prefix requires no literal
    expect(localPrefix(String.raw`\s*import`, "m")).toBeNull();
  });
});
