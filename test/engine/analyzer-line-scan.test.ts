// The detectors' scans are answered from one shared literal pass (line-scan.ts): the lines selected must be exactly
// the lines a scan of the joined text with the regex itself selects. Checked for every regex the detectors plan, on
// every side of every synthetic and development case and on hand-made sides (regexes built to hit the planner's
// edges are checked in analyzer-line-scan-edges.test.ts, where the detectors' plans leave them mask bits).
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { isLineLocal, literalExpansion, localPrefix, plannedRegexes, sequenceAtoms, splitAlternatives } from "../../src/engine/analyzer/line-scan.js";
import { configuration, input } from "./support/configuration.js";
import { casesOf, expectSameSelection } from "./support/planned-scan-equivalence.js";

describe("planned line scans", () => {
  it("select exactly the lines the regex itself selects, for every detector scan", async () => {
    const cases = [...casesOf("cases/"), ...casesOf("real/dev/")];
    // A review of every case plans every scan the detectors make.
    for (const c of cases.slice(0, 400)) await review(input([{ path: c.path, status: "modified", patch: c.patch }]), configuration({ profile: { company: "Acme", hosting: "EU (Frankfurt)" } }));
    const regexes = plannedRegexes();
    expect(regexes.length).toBeGreaterThanOrEqual(15);
    expectSameSelection(regexes, cases);
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
