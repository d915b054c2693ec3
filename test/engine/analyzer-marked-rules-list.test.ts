// The line rules visit only the rules the literal automaton marked (listed by mark()), and a rule with no literal of two
// characters is gated by a punctuation mark it needs: both must select exactly the rules the full scan selected.
import { describe, expect, it } from "@jest/globals";
import { LiteralAutomaton } from "../../src/engine/analyzer/literal-automaton.js";
import { requiredPunctuation } from "../../src/engine/analyzer/required-literals.js";
import { ruleSetFor } from "../../src/engine/analyzer/rule-table.js";
import { rulesToTry } from "../../src/engine/analyzer/run-line-rules.js";

describe("mark() listing the values it marks", () => {
  it("lists each marked value once, after their count, and marks the same values as without a list", () => {
    const automaton = new LiteralAutomaton([["abc", 0], ["bc", 1], ["abc", 2], ["zz", 1], ["q", -1]]);
    const marks = new Uint32Array(3);
    const hits = new Int32Array(4);
    const result = automaton.mark("abc zz abc q", marks, 5, hits);
    expect([...hits.subarray(1, hits[0] + 1)].sort()).toEqual([0, 1, 2]);
    const plain = new Uint32Array(3);
    expect(automaton.mark("abc zz abc q", plain, 5)).toBe(result);
    expect([...plain]).toEqual([...marks]);
    expect(automaton.mark("nothing here", marks, 6, hits)).toBe(0);
    expect(hits[0]).toBe(0);
  });
});

describe("requiredPunctuation", () => {
  it("finds a punctuation mark every match needs, and nothing when a letter or nothing is all there is", () => {
    expect(requiredPunctuation(String.raw`^\s*(?:-\s*)?["']\*["']\s*,?\s*$`)).toEqual(["*"]);
    expect(requiredPunctuation(String.raw`^\s*[a-z]\s*$`)).toBeNull();
    expect(requiredPunctuation(String.raw`x\s*y`)).toBeNull();
    expect(requiredPunctuation(String.raw`a?\*|=`)?.sort()).toEqual(["*", "="]);
  });

  it("gates a rule with no longer literal by it: tried on the lines that hold it, in the set's order", () => {
    const set = ruleSetFor("js", "added");
    const ids = (line: string) => rulesToTry(set, line).map((rule) => rule.definition.id);
    expect(set.hasEveryLine).toBe(false);
    expect(ids(`  "*",`)).toContain("public-resource-policy-listed");
    expect(ids("  const order = 1;")).not.toContain("public-resource-policy-listed");
    const tried = rulesToTry(set, `  "*", rejectUnauthorized: false, logger.info(user.email)`);
    expect(tried.map((rule) => set.rules.indexOf(rule))).toEqual([...tried.map((rule) => set.rules.indexOf(rule))].sort((a, b) => a - b));
  });
});
