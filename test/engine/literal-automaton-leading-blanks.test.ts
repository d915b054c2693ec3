// mark() skips a line's leading spaces and tabs when no literal starts with one (they leave the scan at the root).
// A literal that does start with a blank, or one right after the indentation, must still be found.
import { describe, expect, it } from "@jest/globals";
import { LiteralAutomaton, MARKED, maskBit } from "../../src/engine/analyzer/literal-automaton.js";

function found(automaton: LiteralAutomaton, text: string, values: number): { values: number[]; bits: number } {
  const marks = new Uint32Array(values);
  const bits = automaton.mark(text, marks, 1) & ~MARKED;
  return { values: [...marks.keys()].filter((v) => marks[v] === 1), bits };
}

describe("literal automaton: leading blanks", () => {
  it("finds a literal right after the indentation, and at the start of a line without one", () => {
    const automaton = new LiteralAutomaton([["foo", 0], ["o b", 1], ["bar", maskBit(2)]]);
    expect(found(automaton, "    foo(bar)", 2)).toEqual({ values: [0], bits: 1 << 2 });
    expect(found(automaton, "\t\t foo", 2)).toEqual({ values: [0], bits: 0 });
    expect(found(automaton, "foo bar", 2)).toEqual({ values: [0, 1], bits: 1 << 2 });
    expect(found(automaton, "    ", 2)).toEqual({ values: [], bits: 0 });
  });

  it("reads the indentation when a literal starts with a space or a tab", () => {
    const spaced = new LiteralAutomaton([[" -p", 0], ["x", 1]]);
    expect(found(spaced, "   -pS3cret", 2)).toEqual({ values: [0], bits: 0 });
    expect(found(spaced, " -p", 2)).toEqual({ values: [0], bits: 0 });
    const tabbed = new LiteralAutomaton([["\tkey", maskBit(0)], ["abc", 0]]);
    expect(found(tabbed, "\t\tkey = 1", 1)).toEqual({ values: [], bits: 1 });
    expect(found(tabbed, "  \tkey abc", 1)).toEqual({ values: [0], bits: 1 });
  });
});
