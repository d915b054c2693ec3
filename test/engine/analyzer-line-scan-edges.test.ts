// Regexes built to fall on each side of the line-scan planner's rules (case, anchors, residual alternatives, classes
// that cross a line end, lookaheads) select exactly what a plain scan selects. This file loads no detector, so the
// planner has its mask bits for these alone.
import { describe, expect, it } from "@jest/globals";
import { planFor } from "../../src/engine/analyzer/line-scan.js";
import { casesOf, expectSameSelection } from "./support/planned-scan-equivalence.js";

const EDGE_CASES = [
  /AKIA|secret|Key|gh[pousr]_|xox[ab]-|:\/\/|delete_?after|SK[0-9a-f]{4}|spec\s*\(|^\s+[\w.-]+:\s*["']?[A-Za-z0-9+/]{6,}/gim, // case-insensitive, with a residual
  /Password|apiKey|licen[cs]e|\bLog\.(?:i|d)|(?:token|cipher)[^\n]*\d|logger\s*\.|(?:^|;)\s*p(?:\s*\(|\s+)/gm, // case-sensitive literals and local parts
  /(?:\bconsole\.log|\brequire\s*\()\s*\(?|(?:keep|ttl)[^;]*;|\bfoo(?=\s*\()|\bgo+ing\s*;/gm, // optional tails, a class that crosses lines, lookaheads and line ends after a prefix
];

describe("planned line scans at the planner's edges", () => {
  it("are planned, and select exactly the lines the regex itself selects", () => {
    for (const regex of EDGE_CASES) expect(planFor(regex)).not.toBeNull();
    expectSameSelection(EDGE_CASES, [...casesOf("cases/"), ...casesOf("real/dev/")]);
  });
});
